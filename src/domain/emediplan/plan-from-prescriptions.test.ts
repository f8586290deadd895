import { describe, expect, it } from 'vitest';
import type { Order, Prescription } from '../entities.ts';
import { decodeChmed16a, encodeChmed16a } from './chmed16a.ts';
import { decodeChmed23a, encodeChmed23a } from './chmed23a.ts';
import { planFromPrescriptions, planFromPrescriptions23a, type PlanInput, type PlanPatient } from './plan-from-prescriptions.ts';

const NOW = new Date('2025-03-30T10:15:00+02:00'); // the first day of summer time
const ID = '9196a4e4-3439-4714-b89a-89402db30c02';

const patient: PlanPatient = {
  first_name: 'Zoé',
  last_name: 'Müller-Brändli',
  birthday: '1958-04-03',
  gender: 2,
  language: 'fr',
  veka_nr: '8075 6012 3456 7890 1234',
};

let nextId = 1;
const rx = (over: Partial<Prescription>): Prescription => ({
  id: nextId++,
  customer_id: 'c1',
  medication_id: 2333266,
  dosage: [1, 0, 0, 0],
  comment: null,
  expires_at: '2025-12-31',
  single_use: false,
  used: false,
  intake: null,
  ...over,
});

const input = (prescriptions: Prescription[], p: PlanPatient = patient): PlanInput => ({
  patient: p,
  prescriptions,
  medications: [
    { pharmacode: 2333266, qty: 20, qtyu: 'Tabl' },
    { pharmacode: 1028665, qty: 30, qtyu: 'Stk' },
  ],
  orders: [],
});

describe('planFromPrescriptions: the active prescriptions as a CHMED16A plan (chmed16a/README.md)', () => {
  it('writes the plan header: MedType 1, Auth "patient", Dt with the Zurich offset, the given Id', () => {
    const plan = planFromPrescriptions(input([]), { now: NOW, id: ID });
    expect(plan).toStrictEqual({
      Patient: { FName: 'Zoé', LName: 'Müller-Brändli', BDt: '1958-04-03', Gender: 2, Lng: 'fr', Ids: [{ Type: 1, Val: '80756012345678901234' }] },
      Medicaments: [],
      MedType: 1,
      Id: ID,
      Auth: 'patient',
      Dt: '2025-03-30T10:15:00+02:00',
    });
    expect(planFromPrescriptions(input([]), { now: new Date('2025-03-30T00:30:00Z'), id: ID }).Dt).toBe('2025-03-30T01:30:00+01:00');
  });

  // spec §4 Prescriptions: active = not (single-use and used) and expiry date not passed
  it.each<[string, Partial<Prescription>, object | null]>([
    [
      'a daily dosage with a half dose',
      { dosage: [1, 0, 0.5, 0], intake: 'vor dem Essen' },
      { Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2025-03-30', DtTo: '2025-12-31', D: [1, 0, 0.5, 0] }], Unit: 'Tabl', AppInstr: 'vor dem Essen', AutoMed: 0 },
    ],
    [
      'reserve medication (0-0-0-0): InRes 1 without D',
      { dosage: [0, 0, 0, 0], intake: 'nach dem Essen', comment: 'bei Schmerzen' },
      { Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2025-03-30', DtTo: '2025-12-31', InRes: 1 }], Unit: 'Tabl', AppInstr: 'nach dem Essen; bei Schmerzen', AutoMed: 0 },
    ],
    [
      'expiring today: still active, DtTo today',
      { medication_id: 1028665, expires_at: '2025-03-30', comment: '  ' },
      { Id: '1028665', IdType: 3, Pos: [{ DtFrom: '2025-03-30', DtTo: '2025-03-30', D: [1, 0, 0, 0] }], Unit: 'Stk', AutoMed: 0 },
    ],
    [
      'a medication the catalogue does not know: no unit',
      { medication_id: 5555555, dosage: [0, 0, 0, 2] },
      { Id: '5555555', IdType: 3, Pos: [{ DtFrom: '2025-03-30', DtTo: '2025-12-31', D: [0, 0, 0, 2] }], AutoMed: 0 },
    ],
    ['expired yesterday: left out', { expires_at: '2025-03-29' }, null],
  ])('%s', (_, over, expected) => {
    const plan = planFromPrescriptions(input([rx(over)]), { now: NOW, id: ID });
    expect(plan.Medicaments).toStrictEqual(expected === null ? [] : [expected]);
  });

  // issue 38 item 2: what the patient takes (../intake-course.ts): a used single-use
  // prescription while its pack lasts, DtTo the day it is finished
  it.each<[string, string, object | null]>([
    // 20 units at 1-0-0-0 delivered on 20 March: through 8 April
    ['its pack still lasts: kept, DtTo its last day', '2025-03-20', { Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2025-03-30', DtTo: '2025-04-08', D: [1, 0, 0, 0] }], Unit: 'Tabl', AutoMed: 0 }],
    // delivered on 1 March: the last tablet was taken on 20 March
    ['its pack is finished: left out', '2025-03-01', null],
  ])('a single-use prescription that was ordered: %s', (_, deliveredOn, expected) => {
    const delivered: Order = {
      id: 1, created_at: `${deliveredOn}T10:00:00+01:00`, customer_id: 'c1', parent: null, status: 100, children: [],
      webshop_order_item: [{ id: 2, pharmacode: 2333266, amount: 1 }], delivery_nr: null, delivery_method: null, comment: null,
    };
    const p = { ...rx({ single_use: true, used: true }), created_at: '2025-02-28T09:00:00+01:00' };
    const plan = planFromPrescriptions({ ...input([p]), orders: [delivered] }, { now: NOW, id: ID });
    expect(plan.Medicaments).toStrictEqual(expected === null ? [] : [expected]);
  });

  it.each<[string, Partial<PlanPatient>, object]>([
    ['no language: German', { language: null }, { Lng: 'de' }],
    ['a birthday stored as a timestamp', { birthday: '1958-04-02T23:00:00Z' }, { BDt: '1958-04-03' }],
  ])('patient: %s', (_, over, expected) => {
    expect(planFromPrescriptions(input([], { ...patient, ...over }), { now: NOW, id: ID }).Patient).toMatchObject(expected);
  });

  it.each<[string, Partial<PlanPatient>, string]>([
    ['gender 3 has no CHMED16A code', { gender: 3 }, 'Gender'],
    ['no card number: no Ids', { veka_nr: null }, 'Ids'],
    ['a blank card number: no Ids', { veka_nr: '   ' }, 'Ids'],
    ['no first name: no FName', { first_name: null }, 'FName'],
  ])('patient: %s', (_, over, absent) => {
    expect(planFromPrescriptions(input([], { ...patient, ...over }), { now: NOW, id: ID }).Patient).not.toHaveProperty(absent);
  });

  it('keeps the order of the prescriptions and encodes to a plan any reader decodes', async () => {
    const plan = planFromPrescriptions(input([rx({ medication_id: 1028665 }), rx({ dosage: [0.5, 0.5, 0.5, 0.5] })]), { now: NOW, id: ID });
    expect(plan.Medicaments.map((m) => m.Id)).toStrictEqual(['1028665', '2333266']);
    const code = await encodeChmed16a(plan);
    expect(code.startsWith('CHMED16A1')).toBe(true);
    expect(await decodeChmed16a(code)).toStrictEqual({ ok: true, value: { doc: plan, compressed: true, repaired: false } });
  });
});

describe('planFromPrescriptions23a: the same plan as CHMED23A (chmed23a/README.md, posology.md)', () => {
  it('writes medType 1, auth 2 (patient), daily posologies and the unit on the posology', async () => {
    const plan = planFromPrescriptions23a(
      input([rx({ dosage: [1, 0, 0.5, 0], intake: 'avant le repas' }), rx({ medication_id: 1028665, dosage: [0, 0, 0, 0] }), rx({ expires_at: '2024-01-01' })], { ...patient, gender: 3 }),
      { now: NOW, id: ID },
    );
    expect(plan).toStrictEqual({
      patient: { fName: 'Zoé', lName: 'Müller-Brändli', bdt: '1958-04-03', gender: 3, lng: 'fr', ids: [{ type: 1, val: '80756012345678901234' }] },
      meds: [
        {
          id: '2333266',
          idType: 3,
          pos: [{ dtFrom: '2025-03-30', dtTo: '2025-12-31', po: { t: 1, ds: [1, 0, 0.5, 0] }, unit: 'Tabl', appInstr: 'avant le repas' }],
          autoMed: false,
        },
        { id: '1028665', idType: 3, pos: [{ dtFrom: '2025-03-30', dtTo: '2025-12-31', inRes: true, po: { t: 1, ds: [0, 0, 0, 0] }, unit: 'Stk' }], autoMed: false },
      ],
      medType: 1,
      id: ID,
      auth: 2,
      dt: '2025-03-30T10:15:00+02:00',
    });
    expect(await decodeChmed23a(await encodeChmed23a(plan))).toStrictEqual({ ok: true, value: { doc: plan, repaired: false } });
  });
});
