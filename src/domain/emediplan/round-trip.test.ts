// decode(encode(x)) equals x (chtransmissionformat/README.md: "a correct implementation MUST be
// able to roundtrip"), for generated plans with half doses, umlauts and accents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeChmed16a, encodeChmed16a } from './chmed16a.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import { decodeChmed23a, encodeChmed23a, splitChmed23a } from './chmed23a.ts';
import type { Chmed23aDocument } from './chmed23a-model.ts';

const ACCENTS = ['é', 'è', 'à', 'ç', 'ä', 'ö', 'ü', 'ß', 'É', 'À', 'Ç', 'Ä', 'Ö', 'Ü'];
const CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.,;:/()\'"\\&#%+=', ...ACCENTS];

/** A text that holds at least one accented letter, and is not blank. */
const text = fc
  .tuple(fc.array(fc.constantFrom(...CHARS), { maxLength: 20 }), fc.constantFrom(...ACCENTS), fc.array(fc.constantFrom(...CHARS), { maxLength: 20 }))
  .map(([a, accent, b]) => `${a.join('')}${accent}${b.join('')}`);
const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((d) => d.join(''));
const date = fc
  .tuple(fc.integer({ min: 1920, max: 2035 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const dateTime = date.map((d) => `${d}T08:30:00+01:00`);
/** Doses as prescribed: halves and quarters among them. */
const dose = fc.constantFrom(0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3);
const doses = fc.tuple(dose, dose, dose, dose);
const pharmacode = fc.integer({ min: 10_000, max: 9_999_999 }).map(String);

const plan16a: fc.Arbitrary<Chmed16aDocument> = fc.record(
  {
    Patient: fc.record(
      {
        FName: text,
        LName: text,
        BDt: date,
        Gender: fc.constantFrom(1, 2),
        Street: text,
        Zip: digits(4),
        City: text,
        Lng: fc.constantFrom('de', 'fr'),
        Phone: digits(10),
        Email: fc.constant('patient@example.ch'),
        Ids: fc.tuple(digits(16)).map(([d]) => [{ Type: 1, Val: `8075${d}` }]),
      },
      { noNullPrototype: true, requiredKeys: ['Lng'] },
    ),
    Medicaments: fc.array(
      fc.record(
        {
          Id: pharmacode,
          IdType: fc.constant(3),
          Pos: fc.array(
            fc.record({ DtFrom: date, DtTo: date, InRes: fc.constantFrom(0, 1), D: doses.map((d) => [...d]) }, { noNullPrototype: true, requiredKeys: ['DtFrom'] }),
            { minLength: 1, maxLength: 2 },
          ),
          Unit: fc.constantFrom('Stk', 'Tabl', 'ml'),
          TkgRsn: text,
          AppInstr: text,
          AutoMed: fc.constantFrom(0, 1),
          PrscbBy: digits(13),
          Rep: fc.integer({ min: 0, max: 12 }),
          Subs: fc.constantFrom(0, 1),
          NbPack: fc.constantFrom(0.5, 1, 2),
        },
        { noNullPrototype: true, requiredKeys: ['Id', 'IdType'] },
      ),
      { maxLength: 8 },
    ),
    MedType: fc.constant(1 as const),
    Id: fc.uuid(),
    Auth: fc.oneof(fc.constant('patient'), digits(13)),
    Dt: dateTime,
    Rmk: text,
  },
  { noNullPrototype: true, requiredKeys: ['Patient', 'Medicaments', 'MedType', 'Id', 'Auth', 'Dt'] },
);

const plan23a: fc.Arbitrary<Chmed23aDocument> = fc.record(
  {
    patient: fc.record(
      {
        fName: text,
        lName: text,
        bdt: date,
        gender: fc.constantFrom(1, 2, 3),
        city: text,
        lng: fc.constantFrom('de', 'fr'),
        ids: digits(16).map((d) => [{ type: 1, val: `8075${d}` }]),
        phones: fc.array(digits(10), { minLength: 1, maxLength: 2 }),
      },
      { noNullPrototype: true, requiredKeys: ['fName', 'lName'] },
    ),
    meds: fc.array(
      fc.record(
        {
          id: pharmacode,
          idType: fc.constant(3),
          pos: fc.array(
            fc.record(
              {
                dtFrom: date,
                dtTo: date,
                inRes: fc.boolean(),
                po: doses.map((ds) => ({ t: 1 as const, ds: [...ds] as [number, number, number, number] })),
                relMeal: fc.constantFrom(1, 2, 3),
                unit: fc.constantFrom('Stk', 'Tabl'),
                appInstr: text,
              },
              { noNullPrototype: true, requiredKeys: ['po'] },
            ),
            { minLength: 1, maxLength: 3 },
          ),
          rsn: text,
          autoMed: fc.boolean(),
          isNotSub: fc.boolean(),
          nbPack: fc.constantFrom(0.5, 1, 3),
        },
        { noNullPrototype: true, requiredKeys: ['id', 'idType'] },
      ),
      { maxLength: 8 },
    ),
    medType: fc.constant(1),
    id: fc.uuid(),
    auth: fc.constant(2),
    dt: dateTime,
    rmk: text,
  },
  { noNullPrototype: true, requiredKeys: ['patient', 'meds', 'medType', 'auth', 'dt'] },
);

const RUNS = { numRuns: 60 };

describe('round trip CHMED16A', () => {
  it.each([true, false])('compressed %s: decode(encode(plan)) equals the plan', async (compressed) => {
    await fc.assert(
      fc.asyncProperty(plan16a, async (plan) => {
        const result = await decodeChmed16a(await encodeChmed16a(plan, { compressed }));
        expect(result).toStrictEqual({ ok: true, value: { doc: plan, compressed, repaired: false } });
      }),
      RUNS,
    );
  });

  it('a half dose stays a half dose (not rounded to a whole number)', async () => {
    const plan: Chmed16aDocument = {
      Patient: { Lng: 'de' },
      Medicaments: [{ Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2025-03-30', D: [0.5, 0, 0.5, 0.25] }], Unit: 'Tabl', AutoMed: 0 }],
      MedType: 1,
      Id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      Auth: 'patient',
      Dt: '2025-03-30T08:00:00+02:00',
    };
    for (const compressed of [true, false]) {
      const result = await decodeChmed16a(await encodeChmed16a(plan, { compressed }));
      expect(result.ok && result.value.doc.Medicaments[0]?.Pos?.[0]?.D).toStrictEqual([0.5, 0, 0.5, 0.25]);
    }
    expect(await encodeChmed16a(plan, { compressed: false })).toContain('"D":[0.5,0,0.5,0.25]');
  });
});

describe('round trip CHMED23A', () => {
  it('decode(encode(plan)) equals the plan', async () => {
    await fc.assert(
      fc.asyncProperty(plan23a, async (plan) => {
        expect(await decodeChmed23a(await encodeChmed23a(plan))).toStrictEqual({ ok: true, value: { doc: plan, repaired: false } });
      }),
      RUNS,
    );
  });

  it('decode(split(encode(plan))) equals the plan, the parts in any order', async () => {
    await fc.assert(
      fc.asyncProperty(plan23a, fc.integer({ min: 30, max: 400 }), fc.array(fc.double({ noNaN: true }), { minLength: 200, maxLength: 200 }), async (plan, max, keys) => {
        const parts = splitChmed23a(await encodeChmed23a(plan), max);
        if (parts === null) throw new Error('no split');
        expect(parts.every((p) => p.length <= max)).toBe(true);
        const shuffled = parts.map((p, i) => [keys[i % keys.length] ?? 0, p] as const).sort((a, b) => a[0] - b[0]).map(([, p]) => p);
        expect(await decodeChmed23a(shuffled)).toStrictEqual({ ok: true, value: { doc: plan, repaired: false } });
      }),
      RUNS,
    );
  });

  it('a half dose stays a half dose', async () => {
    const plan: Chmed23aDocument = {
      patient: { fName: 'Jürg', lName: 'Weiß' },
      meds: [{ id: '2333266', idType: 3, pos: [{ po: { t: 1, ds: [0.5, 0, 0.5, 0] }, unit: 'Tabl' }] }],
      medType: 1,
      auth: 2,
      dt: '2025-03-30T08:00:00+02:00',
    };
    const result = await decodeChmed23a(await encodeChmed23a(plan));
    expect(result.ok && result.value.doc.meds[0]?.pos?.[0]?.po).toStrictEqual({ t: 1, ds: [0.5, 0, 0.5, 0] });
  });
});
