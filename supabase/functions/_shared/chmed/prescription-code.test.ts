// issue 37 item 7: the server reads a scanned e-prescription itself — its Id (the key) and its
// MedType — and keys it exactly as the app does (src/domain/emediplan/e-prescription-check.ts),
// with the inflation bounded; what is no prescription or no code is named for what it is.
import { describe, expect, it } from 'vitest';
import { encodeChmed16a } from '../../../../src/domain/emediplan/chmed16a.ts';
import type { Chmed16aDocument } from '../../../../src/domain/emediplan/chmed16a-model.ts';
import { checkEPrescription } from '../../../../src/domain/emediplan/e-prescription-check.ts';
import { fixture } from '../../../../src/domain/emediplan/emediplan-test-support.ts';
import { bytesToBase64, gzip } from './gzip-base64.ts';
import { readPrescriptionCode } from './prescription-code.ts';

const ZERO = '00000000-0000-0000-0000-000000000000';

async function code16a(over: Partial<Chmed16aDocument>): Promise<string> {
  const doc = JSON.parse(fixture('chmed16a-prescription-rev2.json')) as Chmed16aDocument;
  return encodeChmed16a({ ...doc, Dt: new Date().toISOString(), ...over });
}

const hin = (chmed: string) => `https://eprescription.hin.ch/#${chmed}&i=Dr.%20Test&t=1795504500&s=${'ab'.repeat(64)}`;

describe('readPrescriptionCode: the key, as the app makes it', () => {
  const codes: [string, () => Promise<string>][] = [
    ['a CHMED16A prescription with its UUID', async () => code16a({ Id: 'f5a8f8a1-6d2c-4b7e-8a3f-0c1d2e3f4a5b' })],
    ['the same behind a HIN link', async () => hin(await code16a({ Id: 'f5a8f8a1-6d2c-4b7e-8a3f-0c1d2e3f4a5b' }))],
    ['the all-zero placeholder Id', async () => hin(await code16a({ Id: ZERO }))],
    ['a number as Id', async () => code16a({ Id: 2333266 as unknown as string })],
    ['an Id beyond ASCII', async () => code16a({ Id: 'Rezept-Zürich-7' })],
    ['the real-world HIN link (numbers as strings, keys in other cases)', async () => fixture('hin-link-real-world.txt').trim()],
    ['the link encoded once more', async () => encodeURIComponent(fixture('hin-link-real-world.txt').trim())],
    ['the CHMED23A prescription of the specification', async () => fixture('chmed23a-example4-prescription.txt').trim()],
  ];
  it.each(codes)('%s', async (_, make) => {
    const raw = await make();
    const server = await readPrescriptionCode(raw);
    expect(server).toMatchObject({ ok: true, value: { medType: 3 } });
    const app = await checkEPrescription(raw, new Date(), { firstName: 'x', lastName: 'y', birthDate: '1970-01-01' }, { maxAgeDays: 100_000 });
    if (!app.ok) throw new Error(`the app refused it: ${app.error}`);
    expect(server.ok && server.value.rxId).toBe(app.value.rxId);
  });

  it('two codes with the placeholder Id are two keys; the Id itself is never one', async () => {
    const [a, b] = [await readPrescriptionCode(await code16a({ Id: ZERO, Rmk: 'eins' })), await readPrescriptionCode(await code16a({ Id: ZERO, Rmk: 'zwei' }))];
    expect(a.ok && b.ok && a.value.rxId !== b.value.rxId).toBe(true);
    expect(a.ok && a.value.rxId).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('readPrescriptionCode: what is not read as a prescription', () => {
  const bomb = async () => `CHMED16A1${bytesToBase64(await gzip(new TextEncoder().encode(`{"MedType":3,"Rmk":"${' '.repeat(20 * 1024 * 1024)}"}`)))}`;
  it.each([
    ['an eMediplan plan: read, MedType 1', async () => fixture('chmed16a-maxima-matter-compressed.txt'), { ok: true, value: { medType: 1 } }],
    ['a polymedication check: MedType 2', async () => code16a({ MedType: 2 }), { ok: true, value: { medType: 2 } }],
    ['a link that is no code', async () => 'https://www.example.ch/praxis', { ok: false, error: 'not_chmed' }],
    ['text', async () => 'Rezept', { ok: false, error: 'not_chmed' }],
    ['another release', async () => 'CHMED20A1H4sIAAAA', { ok: false, error: 'unsupported_version' }],
    ['one part of a split CHMED23A code', async () => 'CHMED23A.1/2.H4sIAAAA', { ok: false, error: 'missing_part' }],
    ['broken base64', async () => hin('CHMED16A1H4sIAAAA*!'), { ok: false, error: 'bad_base64' }],
    ['broken gzip', async () => (await code16a({})).slice(0, 60), { ok: false, error: 'bad_gzip' }],
    ['a gzip bomb: inflation stops at 256 KiB', bomb, { ok: false, error: 'too_large' }],
    ['beyond what a QR code holds', async () => `CHMED16A1${'A'.repeat(200_000)}`, { ok: false, error: 'too_large' }],
    ['not JSON inside', async () => `CHMED16A0{"MedType":3`, { ok: false, error: 'bad_json' }],
    ['JSON, but no object', async () => `CHMED16A0[3]`, { ok: false, error: 'bad_document' }],
  ])('%s', async (_, make, expected) => {
    expect(await readPrescriptionCode(await make())).toMatchObject(expected);
  });
});
