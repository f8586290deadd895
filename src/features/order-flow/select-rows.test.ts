// spec §2 /order/select ("one row per distinct medication of active prescriptions"), §4
// Prescriptions (active: not expired, not single-use and used) and Generic tip (hidden once the
// order defaults allow generics), §5 Amount selector (1..99, 1 for single-use), §9 generics
// maths (unit price rounded up, floored percent above 7), §2 /order/orderfinish summary.
import { describe, expect, it } from 'vitest';
import type { CustomerRecord, DraftOrder, Medication, OrderDefaults, Prescription } from '../../domain/entities';
import { addressSummary, insuranceSummary, orderComment, questionnaireSummary, settingsSummary } from './finish-summary';
import { finishLines, genericTipRows, orderableDraft, selectRows, singleUseCodes } from './select-rows';

const NOW = new Date('2026-03-10T11:00:00Z');
const rx = (id: number, medication_id: number, extra: Partial<Prescription> = {}): Prescription => ({
  id,
  customer_id: 'u1',
  medication_id,
  dosage: [1, 0, 1, 0],
  comment: null,
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  intake: null,
  ...extra,
});
const med = (pharmacode: number, dscrd: string, extra: Partial<Medication> = {}): Medication => ({
  pharmacode,
  prdno: null,
  dscrd,
  dscrf: null,
  nincd: 10,
  qty: 30,
  qtyu: 'Stk',
  sloplus: null,
  pharmindex_images: { picfront: null, picfront3d: 'x' },
  pharmindex_prices: { price: 30 },
  pharmindex_product: { dose: '20', doseu: 'mg' },
  ...extra,
});

const PRESCRIPTIONS = [
  rx(1, 1001, { dosage: [0, 0, 1, 0] }),
  rx(2, 1002, { single_use: true }),
  rx(3, 1003, { expires_at: '2026-03-09' }), // expired yesterday
  rx(4, 1004, { single_use: true, used: true }), // used up
  rx(5, 1001, { dosage: [1, 0, 0, 0] }), // a newer prescription of the same medication
  rx(6, 1005, { single_use: true }),
  rx(7, 1005), // single-use and normal: the normal one allows 99
  rx(8, 9999999), // no details mirrored
];
const MEDS = new Map(
  [
    med(1001, 'ZOCOR Filmtabl 20 mg 30 Stk', { dscrf: 'ZOCOR cpr pell 20 mg 30 pce' }),
    med(1002, 'AMOXIVAL Filmtabl 1000 mg 20 Stk', { qty: 20, pharmindex_product: null }),
    med(1005, 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk'),
  ].map((m) => [m.pharmacode, m]),
);
const draft = (medications: Record<string, number>, extra: Partial<DraftOrder> = {}): DraftOrder => ({ medications, address: null, comment: null, ...extra });

describe('selectRows', () => {
  it('one row per distinct medication of the active prescriptions, by name, unknown ones last', () => {
    expect(selectRows(PRESCRIPTIONS, MEDS, draft({}), 'de', NOW).map((r) => [r.pharmacode, r.name])).toEqual([
      [1002, 'AMOXIVAL Filmtabl 1000 mg 20 Stk'],
      [1005, 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk'],
      [1001, 'ZOCOR Filmtabl 20 mg 30 Stk'],
      [9999999, null],
    ]);
  });

  it('pack, strength, the latest prescription\'s dosage, the maximum and the draft\'s amount', () => {
    const rows = selectRows(PRESCRIPTIONS, MEDS, draft({ '1001': 3, '1002': 4, '1003': 2 }), 'fr', NOW);
    const zocor = rows.find((r) => r.pharmacode === 1001)!;
    expect(zocor).toMatchObject({ name: 'ZOCOR cpr pell 20 mg 30 pce', pack: { qty: 30, unit: 'Stk' }, strength: '20 mg', dosage: [1, 0, 0, 0], singleUse: false, max: 99, amount: 3 });
    // single-use: at most 1, also when the draft holds more
    expect(rows.find((r) => r.pharmacode === 1002)).toMatchObject({ singleUse: true, max: 1, amount: 1, strength: null });
    expect(rows.find((r) => r.pharmacode === 1005)).toMatchObject({ singleUse: false, max: 99, amount: undefined });
    expect(singleUseCodes(rows)).toEqual(new Set(['1002']));
  });
});

describe('orderableDraft (spec §2 empty selection redirects)', () => {
  it('leaves out products no longer prescribed and clamps amounts to their maximum', () => {
    expect(orderableDraft(draft({ '1001': 120, '1002': 3, '1003': 1, '1004': 1 }), PRESCRIPTIONS, NOW).medications).toEqual({ '1001': 99, '1002': 1 });
    expect(orderableDraft(draft({ '1003': 1 }), PRESCRIPTIONS, NOW).medications).toEqual({});
  });
});

describe('genericTipRows', () => {
  const rows = selectRows(PRESCRIPTIONS, MEDS, draft({}), 'de', NOW);
  // ZOCOR 30 Stk for 30.00: 1.00 per unit
  const alternatives = new Map([
    [1001, [{ price: 27.9, quantity: 30, quantity_unit: 'Stk', dscrd: 'SIMVA Sandoz' }, { price: 18, quantity: 30, quantity_unit: 'Stk', dscrd: 'SIMVA Mepha' }]],
    // 0.93 per unit: 7 %, not above 7: no tip
    [1005, [{ price: 27.9, quantity: 30, quantity_unit: 'Stk', dscrd: 'ATORVA Spirig' }]],
  ]);
  const defaults = (generic: boolean): OrderDefaults[] => [{ id: 1, customer_id: 'u1', generic, substitute: false, probon: false, get_invoice: false, comment: null }];

  it('products whose cheapest generic saves more than 7 %, the largest saving first', () => {
    expect(genericTipRows(rows, MEDS, alternatives, defaults(false))).toEqual([{ pharmacode: 1001, name: 'ZOCOR Filmtabl 20 mg 30 Stk', percent: 40 }]);
    expect(genericTipRows(rows, MEDS, alternatives, [])).toHaveLength(1);
  });

  it('hidden once the latest order defaults allow generics, and while no answer is there', () => {
    expect(genericTipRows(rows, MEDS, alternatives, [...defaults(false), { ...defaults(true)[0]!, id: 2 }])).toEqual([]);
    expect(genericTipRows(rows, MEDS, null, defaults(false))).toEqual([]);
  });
});

describe('the summary (spec §2 /order/orderfinish)', () => {
  const customer = {
    id: 'u1',
    webshop_customer_address: [
      { id: 1, street: 'Rosenweg', street_nr: '3', address2: null, zip: '8400', city: 'Winterthur', phone: '0521234567' },
      { id: 2, street: 'Bahnhofstrasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld', phone: '0791234567' },
    ],
    webshop_customer_questionnaire: [
      { id: 4, weight: 68.5, size: 164, d_diabetes: true, d_high_bp: true, d_liver: false, d_blood_clotting: false, d_kidney: false, d_bronchi: false, d_others: ' Arthrose ', a_penicillin: false, a_sulfonamide: true, a_asa: false, a_other: '', external_medications: [712345, 767890] },
    ],
    webshop_customer_insurance: [{ id: 5, insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '4711', additional_insurance: 'Sanitas', additional_insurance_nr: '556677' }],
    webshop_customer_order_defaults: [
      { id: 6, generic: true, substitute: true, probon: false, get_invoice: false, comment: 'alt' },
      { id: 7, generic: false, substitute: true, probon: true, get_invoice: false, comment: 'Bitte beim Nachbarn abgeben' },
    ],
  } as unknown as CustomerRecord;

  it('products with their amounts and names', () => {
    expect(finishLines(draft({ '1001': 2, '9999999': 1 }), MEDS, 'de')).toEqual([
      { pharmacode: 1001, amount: 2, name: 'ZOCOR Filmtabl 20 mg 30 Stk' },
      { pharmacode: 9999999, amount: 1, name: null },
    ]);
  });

  it('the address: the draft\'s for this order, else the profile\'s latest', () => {
    const latest = customer.webshop_customer_address![1]!;
    expect(addressSummary(draft({}), latest)).toEqual({ address: { street: 'Bahnhofstrasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld' }, forThisOrder: false });
    const own = { street: 'Marktgasse', street_nr: '5', address2: null, zip: '3011', city: 'Bern' };
    expect(addressSummary(draft({}, { address: own }), latest)).toEqual({ address: own, forThisOrder: true });
    // also stored in the profile meanwhile: the profile's address
    expect(addressSummary(draft({}, { address: own }), { ...own, id: 3 } as never).forThisOrder).toBe(false);
  });

  it('questionnaire, insurance and settings of the latest records', () => {
    expect(questionnaireSummary(customer)).toEqual({
      weight: 68.5,
      size: 164,
      bmi: 25.5,
      diagnoses: ['profile.questionnaire.d_diabetes', 'profile.questionnaire.d_high_bp'],
      otherDiagnoses: 'Arthrose',
      allergies: ['profile.questionnaire.a_sulfonamide'],
      otherAllergies: null,
      medications: 2,
    });
    expect(insuranceSummary(customer)).toEqual({ name: 'CSS', number: '80756012340012345678', additionalName: 'Sanitas', additionalNumber: '556677' });
    expect(settingsSummary(customer)).toEqual({ generic: false, substitute: true, probon: true, get_invoice: false });
    expect(settingsSummary(null)).toEqual({ generic: false, substitute: false, probon: false, get_invoice: false });
    expect(questionnaireSummary(null)).toBeNull();
    expect(insuranceSummary(null)).toBeNull();
  });

  it('the comment: the draft\'s once edited (also emptied), else the settings\' standing comment', () => {
    expect(orderComment(draft({}), customer)).toBe('Bitte beim Nachbarn abgeben');
    expect(orderComment(draft({}, { comment: '' }), customer)).toBe('');
    expect(orderComment(draft({}, { comment: 'Nach 17 Uhr' }), customer)).toBe('Nach 17 Uhr');
    expect(orderComment(draft({}), null)).toBe('');
  });
});
