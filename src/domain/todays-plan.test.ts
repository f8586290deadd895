import { describe, expect, it } from 'vitest';
import type { Order, Prescription } from './entities.ts';
import type { IntakeSupply } from './intake-course.ts';
import { orderableMedications } from './prescription-state.ts';
import { intakePlan } from './todays-plan.ts';

const NOTHING_DELIVERED: IntakeSupply = { orders: [], medications: new Map() };

describe("today's intake plan", () => {
  const now = new Date('2025-03-10T08:00:00Z');
  const rx = (id: number, dosage: Prescription['dosage'], over: Partial<Prescription> = {}): Prescription => ({
    id, customer_id: 'c', medication_id: 1000 + id, dosage, comment: null, expires_at: '2025-12-31', single_use: false, used: false, intake: null, ...over,
  });

  // spec §2 dashboard: today's intake plan (morning, noon, evening, night); §3 dosage is four numbers
  it('lists active prescriptions with units per period', () => {
    const plan = intakePlan(
      [
        rx(1, [1, 0, 1, 0]),
        rx(2, [0.5, 0.5, 0, 2]),
        rx(3, [1, 1, 1, 1], { expires_at: '2025-03-09' }), // expired: left out
        rx(4, [1, 1, 1, 1], { single_use: true, used: true, expires_at: '2025-03-09' }), // used and expired: left out
        rx(5, [1, 1, 1]), // unreadable: not four values
        rx(6, [0, 0, 0, 0]),
      ],
      now,
      NOTHING_DELIVERED,
    );
    expect(plan).toEqual({
      day: '2025-03-10',
      morning: [
        { prescription_id: 1, medication_id: 1001, units: 1 },
        { prescription_id: 2, medication_id: 1002, units: 0.5 },
      ],
      noon: [{ prescription_id: 2, medication_id: 1002, units: 0.5 }],
      evening: [{ prescription_id: 1, medication_id: 1001, units: 1 }],
      night: [{ prescription_id: 2, medication_id: 1002, units: 2 }],
      unreadable: [5],
    });
  });

  // spec §4 Prescriptions: active through its expiry date (Zurich calendar day); the plan is the
  // day of now's dose, as the check-offs mark it: 00:00-04:59 is still the night of the day before
  it('keeps a prescription through its expiry day, its night included, and drops it with the next morning', () => {
    const list = [rx(1, [1, 0, 0, 1], { expires_at: '2026-03-29' })];
    expect(intakePlan(list, new Date('2026-03-29T23:59:59+02:00'), NOTHING_DELIVERED).morning).toHaveLength(1);
    expect(intakePlan(list, new Date('2026-03-30T00:30:00+02:00'), NOTHING_DELIVERED)).toMatchObject({ day: '2026-03-29', night: [{ prescription_id: 1 }] });
    expect(intakePlan(list, new Date('2026-03-30T05:00:00+02:00'), NOTHING_DELIVERED)).toMatchObject({ day: '2026-03-30', morning: [], night: [] });
    const autumn = [rx(1, [0, 0, 0, 1], { expires_at: '2026-10-25' })];
    expect(intakePlan(autumn, new Date('2026-10-25T23:59:59+01:00'), NOTHING_DELIVERED).night).toHaveLength(1);
    expect(intakePlan(autumn, new Date('2026-10-26T05:00:00+01:00'), NOTHING_DELIVERED).night).toHaveLength(0);
  });

  it('is empty without prescriptions', () => {
    expect(intakePlan([], now, NOTHING_DELIVERED)).toEqual({ day: '2025-03-10', morning: [], noon: [], evening: [], night: [], unreadable: [] });
  });
});

// Issue 22 item 6: the plan shows what the patient takes, not only what can be ordered. A
// single-use prescription becomes "used" when it is ordered, so inactive (spec §4 Prescriptions)
// and no longer orderable — but the patient now takes what was delivered.
describe('what the patient takes against what can be ordered', () => {
  const now = new Date('2026-03-10T08:00:00+01:00');
  const rx = (over: Partial<Prescription>): Prescription => ({
    id: 1, customer_id: 'c', medication_id: 1001, dosage: [1, 0, 1, 0], comment: null, expires_at: '2026-04-30', single_use: false, used: false, intake: null, ...over,
  });

  // spec §4 Prescriptions: inactive if single-use and used, or the expiry date has passed
  it.each([
    ['repeatable, valid', true, true, {}],
    ['repeatable, expired yesterday', false, false, { expires_at: '2026-03-09' }],
    ['repeatable, expires today', true, true, { expires_at: '2026-03-10' }],
    ['single-use, not ordered yet', true, true, { single_use: true }],
    ['single-use, ordered (used), valid', true, false, { single_use: true, used: true }],
    ['single-use, used, expires today', true, false, { single_use: true, used: true, expires_at: '2026-03-10' }],
    ['single-use, used, expired yesterday', false, false, { single_use: true, used: true, expires_at: '2026-03-09' }],
    ['single-use, used, expiry unreadable', true, false, { single_use: true, used: true, expires_at: 'soon' }],
    ['used but not single-use (no effect, spec §4)', true, true, { used: true }],
  ] as const)('%s: in the plan %s, orderable %s', (_, inPlan, orderable, over) => {
    const p = rx(over);
    expect(intakePlan([p], now, NOTHING_DELIVERED).morning.map((e) => e.prescription_id)).toEqual(inPlan ? [1] : []);
    expect(orderableMedications([p], now).map((m) => m.medication_id)).toEqual(orderable ? [1001] : []);
  });

  // issue 38 item 2: a finished course leaves the plan (intake-course.ts)
  it.each([
    // 20 units at 1-0-1-0 delivered on 1 March: the last dose is the evening of 10 March
    ['the course runs: its last day', '2026-03-10T19:00:00+01:00', [1], [1]],
    ['the course is finished', '2026-03-11T08:00:00+01:00', [], []],
  ])('a used single-use prescription: %s', (_, iso, morning, evening) => {
    const delivered: Order = {
      id: 9, created_at: '2026-03-01T10:00:00+01:00', customer_id: 'c', parent: null, status: 100, children: [],
      webshop_order_item: [{ id: 91, pharmacode: 1001, amount: 1 }], delivery_nr: null, delivery_method: null, comment: null,
    };
    const p = { ...rx({ single_use: true, used: true }), created_at: '2026-02-28T09:00:00+01:00' };
    const plan = intakePlan([p], new Date(iso), { orders: [delivered], medications: new Map([[1001, { qty: 20 }]]) });
    expect([plan.morning.map((e) => e.prescription_id), plan.evening.map((e) => e.prescription_id)]).toEqual([morning, evening]);
  });
});
