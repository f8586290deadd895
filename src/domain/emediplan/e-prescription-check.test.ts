// Issue 27 items 2 and 4: what a scanned text means before it is sent — read, refused with a
// reason (no prescription, broken, too large, double-encoded, outside the validity), keyed by the
// prescription's Id, and compared with the patient's profile.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeChmed16a } from './chmed16a.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import { bytesToBase64, gzip } from './gzip-base64.ts';
import { checkEPrescription, prescriptionKey, type EPrescriptionCheck } from './e-prescription-check.ts';
import { fixture } from './emediplan-test-support.ts';

const NOW = new Date('2026-11-25T10:00:00+01:00');
const ANNA = { firstName: 'Anna', lastName: 'Müller-Brändli', birthDate: '1961-02-03' };

/** A prescription as our encoder writes it: CHMED16A revision 2, MedType 3, HcPerson, half doses, umlauts. */
function prescription(over: Partial<Chmed16aDocument> = {}): Chmed16aDocument {
  return {
    rev: 2,
    MedType: 3,
    Id: '7d1c8a52-2f3b-4c6e-9a0d-5b4e3f2a1c0d',
    Auth: '7601000000017',
    Dt: '2026-11-20T08:15:00+01:00',
    Patient: { FName: 'Anna', LName: 'Müller-Brändli', BDt: '1961-02-03', Gender: 2, Lng: 'de' },
    HcPerson: { Gln: '7601000000017', FName: 'Jürg', LName: 'Bärtschi' },
    HcOrg: { Name: 'Hausarztpraxis Zürichberg', Street: 'Gloriastrasse 1', Zip: '8006', City: 'Zürich' },
    Medicaments: [
      { Id: '2333266', IdType: 3, Unit: 'Stk', AppInstr: 'Vor dem Frühstück, ½ Tablette', Pos: [{ D: [0.5, 0, 1.5, 0] }], Rep: 3, Subs: 1 },
      { Id: 'Crème à l’urée 10 %', IdType: 1 },
    ],
    ...over,
  };
}

const hin = (chmed: string) => `https://eprescription.hin.ch/#${chmed}&i=${encodeURIComponent('Dr. Jürg Bärtschi (jbaertschi)')}&t=1795504500&s=${'ab'.repeat(64)}`;

async function checked(text: string, profile = ANNA, now = NOW) {
  const result = await checkEPrescription(text, now, profile);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.value;
}

const refusal = (r: EPrescriptionCheck) => (r.ok ? 'ok' : r.error);

describe('checkEPrescription: codes of our own CHMED16A encoder', () => {
  it('reads the HIN link: doctor, date, medicaments with half doses and umlauts, keyed by the Id', async () => {
    const code = await encodeChmed16a(prescription());
    const link = hin(code);
    const c = await checked(link);
    expect(c.rxId).toBe('7d1c8a52-2f3b-4c6e-9a0d-5b4e3f2a1c0d');
    expect(c.prescription.raw).toBe(link);
    expect(c.prescription.chmed).toBe(code);
    expect(c.summary.doctor).toStrictEqual({ name: 'Jürg Bärtschi', gln: '7601000000017', organisation: 'Hausarztpraxis Zürichberg' });
    expect(c.summary.date).toBe('2026-11-20T08:15:00+01:00');
    expect(c.summary.medicaments.map((m) => [m.id, m.idType, m.dosage, m.instructions, m.repetitions, m.substitutionAllowed])).toStrictEqual([
      ['2333266', 'pharmacode', [0.5, 0, 1.5, 0], 'Vor dem Frühstück, ½ Tablette', { within: { value: 3, unit: 'month' } }, false],
      ['Crème à l’urée 10 %', 'free_text', null, null, null, true],
    ]);
    expect(c.patient).toStrictEqual({ inCode: ANNA, name: 'same', birthDate: 'same', mismatch: false });
  });

  it('reads a bare code and a plain (uncompressed) code alike', async () => {
    const plain = await encodeChmed16a(prescription(), { compressed: false });
    expect((await checked(plain)).summary.medicaments[0]?.dosage).toStrictEqual([0.5, 0, 1.5, 0]);
    expect((await checked(await encodeChmed16a(prescription()))).rxId).toBe('7d1c8a52-2f3b-4c6e-9a0d-5b4e3f2a1c0d');
  });

  it('any generated prescription reads back: Id, doctor, doses (fractions kept), instructions', async () => {
    const dose = fc.constantFrom(0, 0.25, 0.5, 0.75, 1, 1.5, 2);
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüéèàç][a-zäöüéèàç -]{0,15}[a-zäöüéèàç]$/u);
    await fc.assert(
      fc.asyncProperty(fc.uuid(), word, fc.array(fc.tuple(fc.integer({ min: 1_000_000, max: 9_999_999 }), fc.tuple(dose, dose, dose, dose), word), { minLength: 1, maxLength: 5 }), async (id, doctor, meds) => {
        const doc = prescription({
          Id: id,
          HcPerson: { Gln: '7601000000017', FName: doctor, LName: 'Ärztin' },
          Medicaments: meds.map(([code, d, text]) => ({ Id: String(code), IdType: 3, Pos: [{ D: [...d] }], AppInstr: text })),
        });
        const c = await checked(hin(await encodeChmed16a(doc)));
        expect(c.rxId).toBe(id);
        expect(c.summary.doctor.name).toBe(`${doctor} Ärztin`);
        expect(c.summary.medicaments.map((m) => [m.id, m.dosage, m.instructions])).toStrictEqual(meds.map(([code, d, text]) => [String(code), d, text]));
      }),
      { numRuns: 40 },
    );
  });
});

describe('checkEPrescription: the examples the specification repositories hold, and real-world deviations', () => {
  it('CHMED23A Example 4 (a prescription without Id): keyed by the SHA-256 of its code', async () => {
    const code = fixture('chmed23a-example4-prescription.txt');
    const c = await checked(code, ANNA, new Date('2024-03-01T12:00:00+01:00'));
    expect(c.rxId).toMatch(/^sha256:[0-9a-f]{64}$/u);
    expect(c.rxId).toBe(await prescriptionKey({ id: null }, code));
    expect(c.summary.doctor.name).toBe('Hans Muster');
  });

  it('the HIN link with the deviations of codes in circulation', async () => {
    const c = await checked(fixture('hin-link-real-world.txt'), { firstName: 'Lukas', lastName: 'Schaer', birthDate: '1962-07-19' }, new Date('2025-04-01T12:00:00+02:00'));
    expect(c.rxId).toBe('3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b');
    // "Schär" in the code, "Schaer" in the profile: the same name
    expect(c.patient.mismatch).toBe(false);
  });

  it('an unambiguous double encoding is read back and said so', async () => {
    const code = await encodeChmed16a(prescription({ Rmk: 'RÃ¼ckfragen an die Praxis' }));
    const c = await checked(code);
    expect(c.prescription.repaired).toBe(true);
    expect(c.summary.remark).toBe('Rückfragen an die Praxis');
  });

  it('an Id beyond the table’s bound is keyed by hash', async () => {
    const c = await checked(await encodeChmed16a(prescription({ Id: 'x'.repeat(201) })));
    expect(c.rxId).toMatch(/^sha256:/u);
  });
});

describe('checkEPrescription: refusals (issue 27 item 4), nothing to send', () => {
  const bomb = async () => `CHMED16A1${bytesToBase64(await gzip(new TextEncoder().encode(`{"Rmk":"${' '.repeat(20 * 1024 * 1024)}"}`)))}`;
  const cases: [string, () => Promise<string>, string][] = [
    ['an ordinary link', async () => 'https://www.example.ch/praxis/rezept', 'not_a_prescription.link'],
    ['text', async () => 'Rezept von Dr. Muster', 'not_a_prescription.text'],
    ['an eMediplan plan (MedType 1)', async () => fixture('chmed16a-maxima-matter-compressed.txt'), 'not_a_prescription.plan'],
    ['a plan behind a HIN link', async () => hin(await encodeChmed16a(prescription({ MedType: 1 }))), 'not_a_prescription.plan'],
    ['a polymedication check (MedType 2)', async () => encodeChmed16a(prescription({ MedType: 2 })), 'not_a_prescription.polymedication_check'],
    ['broken base64', async () => hin('CHMED16A1H4sIAAAA*!'), 'bad_base64'],
    ['broken gzip', async () => hin((await encodeChmed16a(prescription())).slice(0, 60)), 'bad_gzip'],
    ['a gzip bomb (20 MiB of blanks in a few kB)', bomb, 'too_large'],
    ['a code beyond the size a QR code can hold', async () => `CHMED16A1${'A'.repeat(200_000)}`, 'too_large'],
    ['text encoded twice, not repairable', async () => encodeChmed16a(prescription({ Rmk: 'ZÃ¼rich, Zürich' })), 'mojibake'],
    ['a future date', async () => encodeChmed16a(prescription({ Dt: '2026-11-26T08:00:00+01:00' })), 'future'],
    ['older than a year', async () => encodeChmed16a(prescription({ Dt: '2025-11-24T08:00:00+01:00' })), 'too_old'],
    ['no readable date', async () => encodeChmed16a(prescription({ Dt: 'letzte Woche' })), 'undated'],
    ['another release', async () => 'CHMED20A1H4sIAAAAAAAAA', 'unsupported_version'],
  ];
  it.each(cases)('%s', async (_, make, expected) => {
    expect(refusal(await checkEPrescription(await make(), NOW, ANNA))).toBe(expected);
  });

  // issue 38 item 6: a prescription refused for its date still says whose and from when it is
  it.each([
    ['older than a year', '2025-11-24T08:00:00+01:00', 'too_old'],
    ['dated ahead', '2026-11-26T08:00:00+01:00', 'future'],
  ])('%s: refused with whose and from when', async (_, Dt, error) => {
    const result = await checkEPrescription(hin(await encodeChmed16a(prescription({ Dt, HcPerson: undefined }))), NOW, ANNA);
    expect(result).toMatchObject({ ok: false, error, summary: { date: Dt, doctor: { name: 'Dr. Jürg Bärtschi', organisation: 'Hausarztpraxis Zürichberg' } } });
  });

  it('a code that cannot be read has nothing to say of whose it is', async () => {
    expect(await checkEPrescription('Rezept von Dr. Muster', NOW, ANNA)).toStrictEqual({ ok: false, error: 'not_a_prescription.text' });
  });

  it('a year old to the day is still accepted', async () => {
    expect(refusal(await checkEPrescription(await encodeChmed16a(prescription({ Dt: '2025-11-25T08:00:00+01:00' })), NOW, ANNA))).toBe('ok');
  });
});

// issue 37 item 7: a placeholder Id names no prescription. Real HIN links carry the all-zero UUID;
// keyed by it, the second such prescription was refused as "already sent".
describe('the key of a code whose Id is a placeholder or unusable', () => {
  const ZERO = '00000000-0000-0000-0000-000000000000';

  it('two prescriptions with the all-zero Id: two keys, each the hash of its code; the same code twice: one', async () => {
    const first = await encodeChmed16a(prescription({ Id: ZERO }));
    const second = await encodeChmed16a(prescription({ Id: ZERO, Dt: '2026-11-21T09:00:00+01:00' }));
    const [a, b, again] = [await checked(hin(first)), await checked(hin(second)), await checked(first)];
    expect(a.rxId).toMatch(/^sha256:[0-9a-f]{64}$/u);
    expect(b.rxId).toMatch(/^sha256:[0-9a-f]{64}$/u);
    expect(a.rxId).not.toBe(b.rxId);
    expect(again.rxId).toBe(a.rxId);
  });

  it.each([
    ['the all-zero UUID', ZERO, true],
    ['zeros without dashes', '0000000000000000', true],
    ['a lone zero', '0', true],
    ['an Id with letters beyond ASCII (read alike by every decoder only when ASCII)', 'Rezept-Zürich-1', true],
    ['an Id with a space inside', 'Rx 1', true],
    ['a real UUID', '7d1c8a52-2f3b-4c6e-9a0d-5b4e3f2a1c0d', false],
    ['a number', '2333266', false],
    ['an Id that only starts with zeros', '00000000-0000-0000-0000-000000000001', false],
  ])('%s: keyed by the hash %s', async (_, id, hashed) => {
    const key = await prescriptionKey({ id }, 'CHMED16A1abc');
    expect(key.startsWith('sha256:')).toBe(hashed);
    if (!hashed) expect(key).toBe(id);
  });
});
