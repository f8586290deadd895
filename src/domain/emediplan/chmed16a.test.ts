import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeChmed16a, encodeChmed16a } from './chmed16a.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import { fixture } from './emediplan-test-support.ts';

const compressedExample = fixture('chmed16a-maxima-matter-compressed.txt');
const plainExample = fixture('chmed16a-maxima-matter-plain.txt');

async function decoded(text: string): Promise<Chmed16aDocument> {
  const result = await decodeChmed16a(text);
  if (!result.ok) throw new Error(`decode failed: ${result.error}`);
  return result.value.doc;
}

describe('the specification example: the plan of Maxima Matter (chtransmissionformat/README.md)', () => {
  it('is one document in both transport forms (checked with node:zlib, not the code under test)', () => {
    const inflated = gunzipSync(Buffer.from(compressedExample.slice('CHMED16A1'.length), 'base64')).toString('utf8');
    expect(JSON.parse(inflated)).toStrictEqual(JSON.parse(plainExample.slice('CHMED16A0'.length)));
  });

  it('decodes the compressed form field for field as the uncompressed one', async () => {
    const compressed = await decodeChmed16a(compressedExample);
    const plain = await decodeChmed16a(plainExample);
    expect(compressed).toMatchObject({ ok: true, value: { compressed: true, repaired: false } });
    expect(plain).toMatchObject({ ok: true, value: { compressed: false, repaired: false } });
    expect(await decoded(compressedExample)).toStrictEqual(await decoded(plainExample));
  });

  it('keeps every field of the specification text, with the documented normalisations only', async () => {
    // the JSON as the specification prints it; a reader lower-cases Lng and drops empty strings
    const expected = JSON.parse(plainExample.slice('CHMED16A0'.length)) as { Rmk?: string; Patient: { Lng: string; Med: { DLstMen?: string } } };
    expected.Patient.Lng = 'de';
    delete expected.Rmk;
    delete expected.Patient.Med.DLstMen;
    expect(await decoded(compressedExample)).toStrictEqual(expected);
  });

  it('reads the patient and the six medicaments (checked by hand against the printed example)', async () => {
    const doc = await decoded(compressedExample);
    expect(doc).toMatchObject({
      MedType: 1,
      Id: '26d3dff7-ab05-4737-a49c-5eccd33595f6',
      Auth: '7601003178999',
      Dt: '2016-09-12T11:46:09+02:00',
      Patient: { FName: 'Maxima', LName: 'Matter', BDt: '1981-01-12', Gender: 2, Lng: 'de', Zip: '3027', City: 'Bern' },
    });
    expect(doc.Patient.Med?.Meas).toStrictEqual([
      { Type: 1, Unit: 2, Val: '53' },
      { Type: 2, Unit: 1, Val: '158' },
    ]);
    expect(doc.Medicaments.map((m) => [m.Id, m.IdType, m.Pos?.[0]?.D, m.Pos?.[0]?.DtFrom, m.TkgRsn, m.Unit])).toStrictEqual([
      ['971867', 3, [0, 0, 0, 0], '2016-09-12', 'Akne', 'STK'],
      ['4461382', 3, [0, 1, 0, 0], '2016-02-10', 'Blutverdünnung', 'STK'],
      ['2355687', 3, [1, 0, 1, 0], '2016-02-10', 'Bluthochdruck/Herz', 'STK'],
      ['1426310', 3, [0, 0, 1, 0], '2016-02-10', 'Cholesterinsenker', 'STK'],
      ['809693', 3, [1, 0, 0, 0], '2016-02-10', 'Bluthochdruck/Wasser', 'STK'],
      ['1551274', 3, [1, 0, 0, 0], '2016-02-10', 'Bluthochdruck/Wasser', 'STK'],
    ]);
    // the example leaves out AutoMed, required for plans: nothing is invented for it
    expect(doc.Medicaments.every((m) => m.AutoMed === undefined)).toBe(true);
  });
});

describe('a CHMED16A prescription, revision 2 (chmed16a/prescription.md)', () => {
  it('reads HcPerson, HcOrg, Rep, Subs, NbPack and the medicament id types', async () => {
    const doc = await decoded(fixture('chmed16a-prescription-rev2.txt'));
    expect(doc).toMatchObject({
      rev: 2,
      MedType: 3,
      HcPerson: { Gln: '7601000000000', FName: 'Anna', LName: 'Beispiel' },
      HcOrg: { Name: 'Praxis am Beispielweg', Street: 'Beispielweg 1', Zip: '3011', City: 'Bern', Phone: '031 000 00 00' },
      Patient: { FName: 'Zoé', LName: 'Müller-Brändli', Ids: [{ Type: 1, Val: '80756012345678901234' }] },
    });
    expect(doc.Medicaments[0]).toStrictEqual({
      Id: '2333266',
      IdType: 3,
      Pos: [{ DtTo: '2025-12-31', D: [0.5, 0, 0.5, 0] }],
      Unit: 'Stk',
      AppInstr: 'Vor dem Essen, mit Wasser',
      Rep: 6,
      Subs: 1,
      NbPack: 2,
    });
    expect(doc.Medicaments.map((m) => m.IdType)).toStrictEqual([3, 2, 1]);
    expect(doc.Medicaments[2]?.Id).toBe('Wollwachsalkoholsalbe 100 g (Magistralrezeptur)');
  });
});

describe('reader tolerance (chtransmissionformat/README.md: prefix case-insensitive; prescription.md: ignore unknown fields)', () => {
  const plainJson = plainExample.slice('CHMED16A0'.length);

  it.each([
    ['lower-case prefix, compressed', `chmed16a1${compressedExample.slice(9)}`],
    ['mixed-case prefix, plain', `ChMed16a0${plainJson}`],
    ['a scanner newline around it', `\n${compressedExample}\r\n`],
    ['base64 wrapped at 76 columns (plain `base64`)', `CHMED16A1${compressedExample.slice(9).replace(/(.{76})/g, '$1\n')}`],
  ])('%s', async (_, text) => {
    expect(await decoded(text)).toStrictEqual(await decoded(compressedExample));
  });

  it('reads the deviations of codes in circulation', async () => {
    const doc = await decoded(
      `CHMED16A0${JSON.stringify({
        MedType: '3',
        Id: 'x-1',
        Auth: '7601000000001',
        Dt: '2025-01-02T10:00:00+01:00',
        Zsr: '',
        PSchema: '',
        PFields: [],
        Future: { field: true },
        Patient: { FName: 'Léa', Lng: 'FR', EMail: 'lea@example.ch', Gender: '2', Zip: 1003, Ids: [{ Type: 2, Val: '1.2.3|P-1' }] },
        Medicaments: [{ Id: 2333266, IdType: '3', Pos: [{ DtFrom: '2025-01-02', DtTo: '', InRes: '0', D: ['0.5', 0, '1,5', 0] }], Rep: '6', NbPack: '2', Subs: false, Xyz: 1 }],
      })}`,
    );
    expect(doc).toStrictEqual({
      MedType: 3,
      Id: 'x-1',
      Auth: '7601000000001',
      Dt: '2025-01-02T10:00:00+01:00',
      Patient: { FName: 'Léa', Lng: 'fr', Email: 'lea@example.ch', Gender: 2, Zip: '1003', Ids: [{ Type: 2, Val: '1.2.3|P-1' }] },
      Medicaments: [{ Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2025-01-02', InRes: 0, D: [0.5, 0, 1.5, 0] }], Rep: 6, NbPack: 2, Subs: 0 }],
    });
  });

  // issue 38 item 7: the reader keeps what it cannot read (the summary says so), and cuts nothing
  it('keeps a dose list it cannot read as written, rather than shifting the doses or dropping them', async () => {
    const doc = await decoded(
      `CHMED16A0{"MedType":1,"Id":"a","Auth":"patient","Dt":"2025-01-02T10:00:00+01:00","Patient":{},"Medicaments":[{"Id":"1","IdType":3,"Pos":[{"DtFrom":"2025-01-02","D":[1,"x",1,0]}]},{"Id":"2","IdType":3,"Pos":[{"D":["1",0,"0,5",0,1]}]}]}`,
    );
    expect(doc.Medicaments.map((m) => m.Pos)).toStrictEqual([[{ DtFrom: '2025-01-02', D: [1, 'x', 1, 0] }], [{ D: [1, 0, 0.5, 0, 1] }]]);
  });
});

describe('encodeChmed16a', () => {
  it('writes upper-case prefixes and base64 of gzip that the reference tools read (node:zlib)', async () => {
    const doc = await decoded(plainExample);
    const compressed = await encodeChmed16a(doc);
    expect(compressed.startsWith('CHMED16A1H4sI')).toBe(true);
    expect(compressed).not.toMatch(/\s/);
    const inflated = gunzipSync(Buffer.from(compressed.slice(9), 'base64')).toString('utf8');
    expect(JSON.parse(inflated)).toStrictEqual(doc);
    const plain = await encodeChmed16a(doc, { compressed: false });
    expect(plain.startsWith('CHMED16A0{')).toBe(true);
    expect(JSON.parse(plain.slice(9))).toStrictEqual(doc);
  });
});
