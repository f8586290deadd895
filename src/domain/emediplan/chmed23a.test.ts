import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeChmed23a, decodeChmed23Transport, encodeChmed23a, joinChmed23aParts, splitChmed23a } from './chmed23a.ts';
import type { Chmed23aDocument } from './chmed23a-model.ts';
import { fixture } from './emediplan-test-support.ts';

const single = fixture('chmed23a-transport.txt');
const parts = fixture('chmed23a-transport-parts.txt').trim().split('\n');

// The JSON inside the specification's transport example, as printed by `base64 -d | zcat`.
const TRANSPORT_EXAMPLE_JSON = {
  Meds: [
    {
      Id: 'Med1',
      Ps: [
        { PO: { T: 2, CyDuU: 4, CyDu: 1, TD: { T: 1, D: { T: 1, A: 1 } }, TDpC: 1 } },
        { PO: { T: 2, CyDuU: 4, CyDu: 1, TD: { T: 1, D: { T: 1, A: 1 } }, TDpC: 1 } },
      ],
      U: 'TABL',
      NbPack: 1,
    },
  ],
  Dt: '2022-01-11T09:38:45.4689497+01:00',
};

describe('the specification transport example of release 23 (chtransmissionformat/README.md)', () => {
  it('decodes the single code', async () => {
    const result = await decodeChmed23Transport(single);
    expect(result).toStrictEqual({ ok: true, value: { json: TRANSPORT_EXAMPLE_JSON, subVersion: 'A', repaired: false } });
  });

  it.each([
    ['in order', [0, 1, 2, 3]],
    ['reversed', [3, 2, 1, 0]],
    ['shuffled', [2, 0, 3, 1]],
  ])('decodes the four parts %s', async (_, order) => {
    const shuffled = order.map((i) => parts[i] ?? '');
    expect(joinChmed23aParts(shuffled)).toStrictEqual({ ok: true, value: single });
    const result = await decodeChmed23Transport(shuffled);
    expect(result).toMatchObject({ ok: true, value: { json: TRANSPORT_EXAMPLE_JSON } });
  });

  it('reads the prefix in any case', async () => {
    expect(await decodeChmed23Transport(single.replace('CHMED23A', 'chmed23a'))).toMatchObject({ ok: true, value: { json: TRANSPORT_EXAMPLE_JSON } });
  });
});

describe('the CHMED23A prescription of the specification (chmed23a/examples.md, Example 4)', () => {
  it('decodes the code serialised with gzip -n | base64 and equals the printed JSON', async () => {
    const result = await decodeChmed23a(fixture('chmed23a-example4-prescription.txt'));
    if (!result.ok) throw new Error(result.error);
    const { doc } = result.value;
    expect(doc).toMatchObject({
      medType: 3,
      auth: 1,
      dt: '2024-02-08T10:01:23.0000000+01:00',
      hcPerson: { gln: '123123123123', fName: 'Hans', lName: 'Muster' },
      hcOrg: { gln: '55255255255', name: 'Arztpraxis Sonnenschein', zsr: 'XX.1254', country: 'CH' },
      patient: { fName: 'Sebastian', lName: 'Example', bdt: '1971-05-15', gender: 1, lng: 'de', ids: [{ type: 2, sId: '9.99.999.9.99', val: '87588895877545621' }] },
    });
    expect(doc.patient.mData).toStrictEqual({ rcs: [{ id: 1 }, { id: 2 }, { id: 4 }, { id: 5, rIds: [615] }, { id: 6 }, { id: 7 }], w: 80, h: 179 });
    expect(doc.meds.map((m) => [m.id, m.idType, m.isNotSub, m.nbPack, m.reps])).toStrictEqual([
      ['7680388400376', 2, false, 1, { t: 2, u: 6, d: 6 }],
      ['7680563180079', 2, true, 2, undefined],
      ['7680552740055', 2, false, 1, { t: 1, v: 0 }],
      ['7680362030131', 2, false, 1, { t: 1, v: 2 }],
    ]);
    // Spiricort tapers: ¼, ½, ¾, then 1 pill morning and evening
    expect(doc.meds[0]?.pos?.map((p) => [p.dtFrom, p.dtTo, p.po])).toStrictEqual([
      ['2024-02-08', '2024-02-10', { t: 1, ds: [0.25, 0, 0.25, 0] }],
      ['2024-02-11', '2024-02-13', { t: 1, ds: [0.5, 0, 0.5, 0] }],
      ['2024-02-14', '2024-02-16', { t: 1, ds: [0.75, 0, 0.75, 0] }],
      ['2024-02-17', undefined, { t: 1, ds: [1, 0, 1, 0] }],
    ]);
    // Temesta: ½ at night, in reserve; a cyclic posology (Dafalgan) is kept as written
    expect(doc.meds[3]?.pos?.[0]).toStrictEqual({ dtFrom: '2024-02-08', inRes: true, po: { t: 1, ds: [0, 0, 0, 0.5] }, unit: 'Stk', appInstr: 'Take half an hour before bedtime.' });
    expect(doc.meds[1]?.pos?.[0]?.po).toStrictEqual({
      t: 4,
      cyDuU: 4,
      cyDu: 1,
      tdo: { t: 3, ss: [{ s: 1, do: { t: 3, aMin: 1, aMax: 2 } }, { s: 3, do: { t: 3, aMin: 1, aMax: 2 } }] },
      tdpc: 1,
    });
  });
});

describe('encodeChmed23a and the split form', () => {
  const doc: Chmed23aDocument = {
    patient: { fName: 'Françoise', lName: 'Böhler', bdt: '1950-02-28', gender: 2, lng: 'fr', ids: [{ type: 1, val: '80756000000000000001' }] },
    meds: [{ id: '2333266', idType: 3, autoMed: false, pos: [{ dtFrom: '2025-03-30', po: { t: 1, ds: [0.5, 0, 1, 0] }, unit: 'Tabl', appInstr: 'après le repas' }] }],
    medType: 1,
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    auth: 2,
    dt: '2025-03-30T09:00:00+02:00',
  };

  it('writes CHMED23A. and base64 of gzip that node:zlib reads', async () => {
    const code = await encodeChmed23a(doc);
    expect(code.startsWith('CHMED23A.H4sI')).toBe(true);
    expect(JSON.parse(gunzipSync(Buffer.from(code.slice(9), 'base64')).toString('utf8'))).toStrictEqual(doc);
  });

  it.each([40, 64, 100, 150])('splits into parts of at most %i characters that join back in any order', async (max) => {
    const code = await encodeChmed23a(doc);
    const split = splitChmed23a(code, max);
    if (split === null) throw new Error('not split');
    expect(split.length).toBeGreaterThan(1);
    expect(split.every((p) => p.length <= max)).toBe(true);
    split.forEach((p, i) => expect(p.startsWith(`CHMED23A.${i + 1}/${split.length}.`)).toBe(true));
    // as few parts as possible: one part fewer would not fit
    const data = code.length - 'CHMED23A.'.length;
    const fewer = split.length - 1;
    expect(fewer < 2 || Math.ceil(data / fewer) + `CHMED23A.${fewer}/${fewer}.`.length > max).toBe(true);
    const result = await decodeChmed23a([...split].reverse());
    expect(result).toStrictEqual({ ok: true, value: { doc, repaired: false } });
  });

  it('keeps a code that fits as it is, and refuses a length no part can have', async () => {
    const code = await encodeChmed23a(doc);
    expect(splitChmed23a(code, code.length)).toStrictEqual([code]);
    expect(splitChmed23a(code, 'CHMED23A.9/9.'.length)).toBeNull();
    expect(splitChmed23a('CHMED16A1abc', 5)).toBeNull();
  });
});
