// issue 25 items 2 and 3: what the "running low" card lists, from the mirror's shapes.
import { describe, expect, it } from 'vitest';
import type { CustomerRecord, Prescription } from '../../domain/entities';
import { med, order, rx } from './dashboard-test-support';
import { refillModel } from './refill-rows';

// Wednesday 20 May 2026, 13:00 in Zurich
const NOW = new Date('2026-05-20T13:00:00+02:00');
const started = (p: Prescription) => ({ ...p, created_at: '2026-01-01T08:00:00+01:00' });
const customer = (prescriptions: Prescription[]) => ({ id: 'u1', webshop_customer_medication: prescriptions.map(started) }) as unknown as CustomerRecord;
const delivered = (id: number, pharmacode: number, day: string, amount = 1) => ({
  ...order(id, 100, [pharmacode], { created_at: `${day}T10:00:00+02:00` }),
  webshop_order_item: [{ id: id * 10, pharmacode, amount }],
});
const MEDICATIONS = new Map([med(1001, 'AMLOVASC Tabl 5 mg', 'AMLOVASC cpr 5 mg'), med(1002, 'THYROXAN Tabl 75 mcg'), med(1003, 'PANTOZEP Tabl 20 mg')].map((m) => [m.pharmacode, m]));

const model = (over: Partial<Parameters<typeof refillModel>[0]> = {}) =>
  refillModel({
    customer: customer([rx(1, 1001, [1, 0, 0, 0]), rx(2, 1002, [1, 0, 0, 0]), rx(3, 1003, [1, 0, 0, 0], { expires_at: '2026-05-25' })]),
    // packs of 30, one a morning: 1001 from 26 April has 5 left (runs out in 6 days), 1003 from 10 May 19, 1002 from 15 May 24
    orders: [delivered(1, 1001, '2026-04-26', 1), delivered(2, 1002, '2026-05-15', 1), delivered(3, 1003, '2026-05-10', 1)],
    medications: MEDICATIONS,
    marks: [],
    leadDays: 10,
    language: 'de',
    now: NOW,
    ...over,
  });

describe('the running-low card', () => {
  it('the product running out within the lead time, with its last covered day and usual amount', () => {
    const m = model();
    expect(m.runningLow.map((r) => [r.name, r.lastCoveredDay, r.runsOutOn, r.daysCovered])).toEqual([['AMLOVASC Tabl 5 mg', '2026-05-25', '2026-05-26', 5]]);
    expect(m.preselection).toEqual({ '1001': 1 });
  });

  it('the usual amount is the latest order\'s', () => {
    const orders = [delivered(1, 1001, '2026-03-27', 2), delivered(2, 1002, '2026-05-15'), delivered(3, 1003, '2026-05-10')];
    expect(model({ orders }).preselection).toEqual({ '1001': 2 });
  });

  it('the patient\'s lead time: 3 days lists nothing, 30 days lists the other two too, soonest first', () => {
    expect(model({ leadDays: 3 }).runningLow).toEqual([]);
    expect(model({ leadDays: 30 }).runningLow.map((r) => r.pharmacode)).toEqual([1001, 1003, 1002]);
  });

  it('a product whose order is on its way is not listed, nor preselected', () => {
    const orders = [delivered(1, 1001, '2026-04-26'), order(4, 1, [1001], { created_at: '2026-05-19T10:00:00+02:00' }), delivered(2, 1002, '2026-05-15'), delivered(3, 1003, '2026-05-10')];
    const m = model({ orders });
    expect(m.runningLow).toEqual([]);
    expect(m.preselection).toEqual({});
  });

  it('doses marked skipped make it last longer', () => {
    const marks = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06'].map((day) => ({
      customer_id: 'u1', prescription_id: 1, pharmacode: 1001, day, period: 'morning' as const, status: 'skipped' as const, reason: 'forgot' as const, marked_at: `${day}T09:00:00Z`, device_id: 'phone',
    }));
    expect(model({ marks }).runningLow).toEqual([]);
  });

  // issue 38 item 3: "out of stock" means the box is empty now, not a dose saved for a day more
  it('a dose skipped as out of stock this morning: out since today, preselected to reorder', () => {
    const outOfStock = { customer_id: 'u1', prescription_id: 2, pharmacode: 1002, day: '2026-05-20', period: 'morning' as const, status: 'skipped' as const, reason: 'out_of_stock' as const, marked_at: '2026-05-20T07:00:00Z', device_id: 'phone' };
    const m = model({ marks: [outOfStock] });
    expect(m.runningLow.map((r) => [r.name, r.runsOutOn, r.daysCovered])).toEqual([
      ['THYROXAN Tabl 75 mcg', '2026-05-20', -1],
      ['AMLOVASC Tabl 5 mg', '2026-05-26', 5],
    ]);
    expect(m.preselection).toEqual({ '1001': 1, '1002': 1 });
    // the same skip for another reason: 25 left, not running low
    expect(model({ marks: [{ ...outOfStock, reason: 'forgot' as const }] }).runningLow.map((r) => r.pharmacode)).toEqual([1001]);
  });

  // spec §4 Prescriptions "Expiring": within 14 days
  it('renewal: the prescription expiring first, with its date; names in the language', () => {
    const m = model({ language: 'fr' });
    expect(m.renewals.map((r) => [r.name, r.expiresAt, r.reason])).toEqual([['PANTOZEP Tabl 20 mg', '2026-05-25', 'expiring']]);
    expect(m.runningLow.map((r) => r.name)).toEqual(['AMLOVASC cpr 5 mg']);
  });

  it('no patient: nothing', () => {
    expect(model({ customer: null, orders: [] })).toEqual({ runningLow: [], renewals: [], preselection: {} });
  });
});
