import { describe, expect, it } from 'vitest';
import { encodeChmed16a } from './chmed16a.ts';
import { decodeChmed23a, encodeChmed23a } from './chmed23a.ts';
import { readEPrescription, type EPrescription, type EPrescriptionResult } from './e-prescription.ts';
import { ePrescriptionSummary, prescriberOf, signerName } from './e-prescription-summary.ts';
import { ePrescriptionValidity } from './e-prescription-validity.ts';
import { fixture } from './emediplan-test-support.ts';

const link = fixture('hin-link-real-world.txt');
const fragment = link.slice(link.indexOf('#') + 1);
const code = fragment.slice(0, fragment.indexOf('&'));
const signature = fragment.slice(fragment.indexOf('&s=') + 3);
const plan = fixture('chmed16a-maxima-matter-compressed.txt');

async function read(text: string): Promise<EPrescription> {
  const result = await readEPrescription(text);
  if (!result.ok) throw new Error(`not read: ${result.error}`);
  return result.value;
}

const failure = (result: EPrescriptionResult) => (result.ok ? 'ok' : 'found' in result ? `${result.error}:${result.found}` : result.error);

describe('readEPrescription: the HIN link (README of certifaction/hinsign-cli, QR code specification)', () => {
  it('reads the data between # and the first &, and the signer, time and signature after it', async () => {
    const p = await read(link);
    expect(p.raw).toBe(link);
    expect(p.chmed).toBe(code);
    expect(p.issuer).toBe('Dr. Anna Müller (amueller)');
    expect(p.issuedAt).toBe('2025-03-14T09:05:00.000Z');
    expect(p.signature).toBe(signature);
    expect(p.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(p).toMatchObject({ format: 'CHMED16A', repaired: false, doc: { MedType: 3, Id: '3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b' } });
  });

  it.each([
    ['a bare code', code],
    ['the code with a newline from the scanner', `${code}\n`],
    ['another host (the README examples use eRx.ch)', `https://eRx.ch/#${fragment}`],
    ['the README layout: a further segment before i, t and s', `https://eprescription.hin.ch/#${code}&q07lE0g4asrIIR9mdBgSIHUVsf9k9QIF+74331d&i=x&t=1637579060&s=${signature}`],
    ['the fragment URL-encoded', `https://eprescription.hin.ch/#${encodeURIComponent(fragment)}`],
    ['the whole link URL-encoded', encodeURIComponent(link)],
    ['the code form-decoded ("+" turned into " ")', `https://eprescription.hin.ch/#${code.replace(/\+/g, ' ')}&t=1`],
  ])('%s gives the same document', async (_, text) => {
    const p = await read(text);
    expect(p.raw).toBe(text);
    expect(p.doc).toStrictEqual((await read(link)).doc);
  });

  it('reads the real-world deviations (Ids.Type 2, EMail, "DtTo":"", numbers as strings, "DE")', async () => {
    const { doc, format } = await read(link);
    if (format !== 'CHMED16A') throw new Error(format);
    expect(doc.Patient).toStrictEqual({
      FName: 'Lukas',
      LName: 'Schär',
      BDt: '1962-07-19',
      Gender: 1,
      Street: 'Hauptgasse 12',
      Zip: '3800',
      City: 'Interlaken',
      Lng: 'de',
      Phone: '033 000 00 00',
      Email: 'lukas.schaer@beispiel.ch',
      Ids: [{ Type: 2, Val: '1.3.6.1.4.1.99999.1|PAT-0042' }],
      Med: { Prem: 0 },
    });
    expect(doc.Medicaments[0]?.Pos).toStrictEqual([{ DtFrom: '2025-03-14', InRes: 0, D: [0.5, 0, 1, 0] }]);
  });

  it('reads a CHMED23A prescription code too (chmed23a/examples.md, Example 4)', async () => {
    const p = await read(fixture('chmed23a-example4-prescription.txt'));
    expect(p).toMatchObject({ format: 'CHMED23A', doc: { medType: 3, hcPerson: { lName: 'Muster' } } });
    expect(p.issuer).toBeUndefined();
  });

  it.each([
    ['not_a_prescription:plan', plan],
    ['not_a_prescription:plan', `https://eRx.ch/#${plan}&i=x&t=1&s=00`],
    ['not_a_prescription:polymedication_check', 'CHMED16A0{"MedType":2,"Id":"a","Auth":"7601000000000","Dt":"2025-01-02T10:00:00+01:00","Patient":{}}'],
    ['not_a_prescription:link', 'https://www.example.ch/rezept#abschnitt'],
    ['not_a_prescription:link', 'www.example.ch'],
    ['not_a_prescription:text', 'Rezept von Dr. Muster'],
    ['not_a_prescription:text', ''],
    ['unsupported_version', 'https://eprescription.hin.ch/#CHMED20A1H4sI&t=1'],
    ['bad_base64', 'https://eprescription.hin.ch/#CHMED16A1H4sI*&t=1'],
    ['bad_gzip', `https://eprescription.hin.ch/#${code.slice(0, 200)}&t=1`],
  ])('%s', async (expected, text) => {
    expect(failure(await readEPrescription(text))).toBe(expected);
  });

  it('names a CHMED23A plan a plan', async () => {
    const decoded = await decodeChmed23a(fixture('chmed23a-example4-prescription.txt'));
    if (!decoded.ok) throw new Error(decoded.error);
    const asPlan = await encodeChmed23a({ ...decoded.value.doc, medType: 1 });
    expect(failure(await readEPrescription(asPlan))).toBe('not_a_prescription:plan');
  });
});

describe('ePrescriptionSummary', () => {
  // issue 38 item 7: a dose list that cannot be read is kept and said to be unreadable; a fifth
  // entry is not cut to four
  it.each([
    ['an entry that is no number', [1, '½', 0, 0], null, '1 – ½ – 0 – 0'],
    ['a fifth entry', [1, 0, 1, 0, 1], null, '1 – 0 – 1 – 0 – 1'],
    ['a null entry', [1, null, 1, 0], null, '1 – null – 1 – 0'],
    ['three numbers: the rest are 0', [1, 0, 1], [1, 0, 1, 0], null],
  ])('a dose list with %s', async (_name, D, dosage, unreadableDosage) => {
    const doc = { MedType: 3, Id: 'd-1', Auth: '7601000000000', Dt: '2025-03-14T09:30:00+01:00', Patient: {}, Medicaments: [{ Id: '2333266', IdType: 3, Pos: [{ D }] }] };
    const summary = ePrescriptionSummary(await read(`CHMED16A0${JSON.stringify(doc)}`));
    expect(summary.medicaments.map((m) => [m.id, m.dosage, m.unreadableDosage])).toStrictEqual([['2333266', dosage, unreadableDosage]]);
  });

  it('CHMED16A revision 2: the doctor from HcPerson and HcOrg, per medicament what and how', async () => {
    const summary = ePrescriptionSummary(await read(fixture('chmed16a-prescription-rev2.txt')));
    expect(summary).toStrictEqual({
      id: '5f0c2a4e-8d6b-4f43-9d7e-1c2b3a4d5e6f',
      date: '2025-03-14T09:30:00+01:00',
      doctor: { name: 'Anna Beispiel', gln: '7601000000000', organisation: 'Praxis am Beispielweg' },
      remark: 'Rückfragen bitte an die Praxis',
      medicaments: [
        {
          id: '2333266',
          idType: 'pharmacode',
          dosage: [0.5, 0, 0.5, 0],
          unreadableDosage: null,
          reserve: false,
          unit: 'Stk',
          instructions: 'Vor dem Essen, mit Wasser',
          repetitions: { within: { value: 6, unit: 'month' } },
          substitutionAllowed: false,
          packages: 2,
          until: '2025-12-31',
          posologies: 1,
        },
        {
          id: '7680563180079',
          idType: 'gtin',
          dosage: null,
          unreadableDosage: null,
          reserve: false,
          unit: 'Stk',
          instructions: 'Bei Schmerzen; höchstens 4 pro Tag',
          repetitions: null,
          substitutionAllowed: true,
          packages: 1,
          until: null,
          posologies: 0,
        },
        {
          id: 'Wollwachsalkoholsalbe 100 g (Magistralrezeptur)',
          idType: 'free_text',
          dosage: null,
          unreadableDosage: null,
          reserve: false,
          unit: null,
          instructions: null,
          repetitions: null,
          substitutionAllowed: true,
          packages: 1,
          until: null,
          posologies: 0,
        },
      ],
    });
  });

  // issue 38 item 6: the signer the HIN link names (its i) where the code has no HcPerson
  it('CHMED16A without HcPerson: the signer of the link, the GLN of Auth, or Auth as the name', async () => {
    const summary = ePrescriptionSummary(await read(link));
    expect(summary.doctor).toStrictEqual({ name: 'Dr. Anna Müller', gln: '7601000000001', organisation: null });
    expect(ePrescriptionSummary(await read(code)).doctor).toStrictEqual({ name: null, gln: '7601000000001', organisation: null });
    expect(summary.medicaments.map((m) => [m.idType, m.dosage, m.reserve, m.substitutionAllowed, m.packages, m.repetitions])).toStrictEqual([
      ['pharmacode', [0.5, 0, 1, 0], false, true, 2, { within: { value: 6, unit: 'month' } }],
      ['product_number', [0, 0, 0, 0], true, false, 1, null],
    ]);
    const byName = await encodeChmed16a({ MedType: 3, Id: 'r1', Auth: 'Dr. med. Hans Muster', Dt: '2025-01-02T10:00:00+01:00', Patient: {}, Medicaments: [{ Id: '1', IdType: 3, Pos: [{ D: [1] }] }] });
    const s2 = ePrescriptionSummary(await read(byName));
    expect(s2.doctor).toStrictEqual({ name: 'Dr. med. Hans Muster', gln: null, organisation: null });
    // fewer than four doses: the missing times of day are 0
    expect(s2.medicaments[0]?.dosage).toStrictEqual([1, 0, 0, 0]);
  });

  it('CHMED23A (chmed23a/examples.md, Example 4): posologies, repetition objects, isNotSub', async () => {
    const summary = ePrescriptionSummary(await read(fixture('chmed23a-example4-prescription.txt')));
    expect(summary.doctor).toStrictEqual({ name: 'Hans Muster', gln: '123123123123', organisation: 'Arztpraxis Sonnenschein' });
    expect(summary.id).toBeNull();
    expect(summary.medicaments.map((m) => [m.id, m.dosage, m.reserve, m.instructions, m.repetitions, m.substitutionAllowed, m.packages, m.until, m.posologies])).toStrictEqual([
      ['7680388400376', [0.25, 0, 0.25, 0], false, null, { within: { value: 6, unit: 'month' } }, true, 1, '2024-02-10', 4],
      // no repetition object: "as if Number with v = 1" (chmed23a/README.md, Medicament)
      ['7680563180079', null, true, 'Maximum 4 pills a day', { times: 1 }, false, 2, null, 1],
      ['7680552740055', null, false, null, { times: 0 }, true, 1, '2024-02-28', 1],
      ['7680362030131', [0, 0, 0, 0.5], true, 'Take half an hour before bedtime.', { times: 2 }, true, 1, null, 1],
    ]);
  });

  it.each([
    ['Dr. Anna Müller (amueller)', 'Dr. Anna Müller'],
    ['Dr. med. Jürg Bärtschi', 'Dr. med. Jürg Bärtschi'],
    ['  (amueller) ', null],
    [undefined, null],
  ])('the signer of a link named %s is %s', (issuer, name) => {
    expect(signerName(issuer)).toBe(name);
  });

  it.each([
    [{ name: 'Dr. Anna Müller', organisation: 'Praxis' }, 'Dr. Anna Müller'],
    [{ name: null, organisation: 'Praxis am Beispielweg' }, 'Praxis am Beispielweg'],
    [{ name: null, organisation: null }, null],
    [undefined, null],
  ])('a prescription goes by %o: %s', (doctor, name) => {
    expect(prescriberOf(doctor)).toBe(name);
  });
});

describe('ePrescriptionValidity: one year unless stated otherwise, not in the future', () => {
  const issued = { Dt: '2025-03-14T09:30:00+01:00' };
  it.each<[string, { Dt: string } | { dt: string }, string, number | undefined, string]>([
    ['issued a moment ago', issued, '2025-03-14T09:31:00+01:00', undefined, 'ok'],
    ['issued five minutes ahead (clock skew)', issued, '2025-03-14T09:25:00+01:00', undefined, 'ok'],
    ['issued half an hour ahead', issued, '2025-03-14T09:00:00+01:00', undefined, 'future'],
    ['365 days old', issued, '2026-03-14T23:00:00+01:00', undefined, 'ok'],
    ['366 days old', issued, '2026-03-15T00:10:00+01:00', undefined, 'too_old'],
    ['a narcotics prescription (1 month), 30 days old', issued, '2025-04-13T12:00:00+02:00', 30, 'ok'],
    ['a narcotics prescription (1 month), 31 days old', issued, '2025-04-14T12:00:00+02:00', 30, 'too_old'],
    // 23:30 UTC is already the next day in Zurich: the age counts from that day
    ['issued late in the evening UTC, 365 Zurich days', { Dt: '2025-03-14T23:30:00Z' }, '2026-03-15T20:00:00+01:00', undefined, 'ok'],
    ['issued late in the evening UTC, 366 Zurich days', { Dt: '2025-03-14T23:30:00Z' }, '2026-03-16T08:00:00+01:00', undefined, 'too_old'],
    ['a date without time, today', { Dt: '2025-03-14' }, '2025-03-14T07:00:00+01:00', undefined, 'ok'],
    ['a date without time, tomorrow', { Dt: '2025-03-15' }, '2025-03-14T23:00:00+01:00', undefined, 'future'],
    ['CHMED23A dt', { dt: '2024-02-08T10:01:23.0000000+01:00' }, '2025-02-07T12:00:00+01:00', undefined, 'ok'],
    ['an unreadable date', { Dt: 'gestern' }, '2025-03-14T12:00:00+01:00', undefined, 'undated'],
    ['an impossible date', { Dt: '2025-02-30' }, '2025-03-14T12:00:00+01:00', undefined, 'undated'],
  ])('%s', (_, doc, now, maxAgeDays, expected) => {
    expect(ePrescriptionValidity(doc, new Date(now), maxAgeDays === undefined ? {} : { maxAgeDays })).toBe(expected);
  });
});
