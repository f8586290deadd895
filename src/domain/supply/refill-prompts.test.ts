import { describe, expect, it } from 'vitest';
import type { Order } from '../entities.ts';
import { REFILL_LEAD_DAYS, refillPrompts } from './refill-prompts.ts';
import type { ForecastPrescription, SupplyForecast } from './supply-forecast.ts';

const NOW = new Date('2026-05-20T13:00:00+02:00'); // today: 20 May 2026

const rx = (id: number, over: Partial<ForecastPrescription> = {}): ForecastPrescription => ({
  id,
  medication_id: 1000 + id,
  dosage: [1, 0, 0, 0],
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  ...over,
});
const runsOut = (id: number, runsOutOn: string, onTheWay = 0): SupplyForecast => ({
  kind: 'forecast',
  pharmacode: 1000 + id,
  prescriptionId: id,
  onHand: 10,
  dailyUnits: 1,
  lastCoveredDay: '2026-01-01',
  runsOutOn,
  onTheWay,
});
let nextId = 1;
const ordered = (pharmacode: number, amount: number, created_at: string, status = 100): Order => ({
  id: nextId++,
  created_at,
  customer_id: 'c1',
  parent: null,
  status,
  children: [],
  webshop_order_item: [{ id: nextId++, pharmacode, amount }],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

describe('running low', () => {
  it('the lead time is 10 days (delivery 2-3 working days, a weekend between)', () => {
    expect(REFILL_LEAD_DAYS).toBe(10);
  });

  it.each([
    ['out already', '2026-05-15', -5, true],
    ['runs out today', '2026-05-20', 0, true],
    ['within the lead time', '2026-05-30', 10, true],
    ['one day beyond it', '2026-05-31', 11, false],
  ])('%s (%s) -> daysLeft %i, running low %s', (_name, runsOutOn, daysLeft, low) => {
    const prompts = refillPrompts([runsOut(1, runsOutOn)], [rx(1)], [], { now: NOW });
    expect(prompts.runningLow).toEqual(low ? [{ pharmacode: 1001, prescriptionId: 1, runsOutOn, daysLeft, onTheWay: 0 }] : []);
  });

  it('a shorter lead time, soonest first, products without a forecast left out', () => {
    const none: SupplyForecast = { kind: 'none', pharmacode: 1003, prescriptionId: 3, reason: 'never_ordered' };
    const prompts = refillPrompts([runsOut(1, '2026-05-24'), runsOut(2, '2026-05-22'), none], [rx(1), rx(2), rx(3)], [], { now: NOW, leadDays: 3 });
    expect(prompts.runningLow.map((r) => r.pharmacode)).toEqual([1002]);
  });
});

describe('renewal instead of a reorder', () => {
  it.each([
    // spec §4 Prescriptions "Expiring": within 14 days
    ['expires within 14 days', '2026-06-03', '2026-09-01', 'expiring'],
    ['expires before the reorder day (runsOutOn − 10)', '2026-07-01', '2026-08-01', 'expires_before_reorder'],
    ['expires on the reorder day: the reorder is still possible', '2026-07-22', '2026-08-01', null],
    ['expires after the product runs out', '2026-09-01', '2026-08-01', null],
  ])('%s -> %s', (_name, expires_at, runsOutOn, reason) => {
    const prompts = refillPrompts([runsOut(1, runsOutOn)], [rx(1, { expires_at })], [], { now: NOW });
    expect(prompts.renewals).toEqual(reason ? [{ pharmacode: 1001, prescriptionId: 1, expiresAt: expires_at, reorderDay: expect.any(String), reason }] : []);
  });

  it('names the prescription and its expiry; without a forecast only the 14 days count', () => {
    const asNeeded: SupplyForecast = { kind: 'none', pharmacode: 1002, prescriptionId: 2, reason: 'as_needed' };
    const prompts = refillPrompts([asNeeded], [rx(2, { expires_at: '2026-05-25' })], [], { now: NOW });
    expect(prompts.renewals).toEqual([{ pharmacode: 1002, prescriptionId: 2, expiresAt: '2026-05-25', reorderDay: null, reason: 'expiring' }]);
  });

  it('running low and expiring: order now, and renew for the next time', () => {
    const prompts = refillPrompts([runsOut(1, '2026-05-25')], [rx(1, { expires_at: '2026-05-28' })], [], { now: NOW });
    expect(prompts.runningLow).toHaveLength(1);
    expect(prompts.renewals.map((r) => [r.reason, r.reorderDay])).toEqual([['expiring', '2026-05-15']]);
    expect(prompts.preselection).toEqual({ '1001': 1 });
  });
});

describe('the preselection of a reorder', () => {
  // spec §5 Amount selector: 1..99, single-use at most 1
  it.each([
    ['the amount of the latest order item', [ordered(1001, 1, '2026-01-10T10:00:00Z'), ordered(1001, 3, '2026-04-10T10:00:00Z')], {}, 3],
    ['1 when never ordered', [], {}, 1],
    ['a canceled order is not the usual amount', [ordered(1001, 2, '2026-01-10T10:00:00Z'), ordered(1001, 9, '2026-04-10T10:00:00Z', 99)], {}, 2],
    ['at most 99', [ordered(1001, 150, '2026-04-10T10:00:00Z')], {}, 99],
    ['single-use: at most 1', [ordered(1001, 3, '2026-04-10T10:00:00Z')], { single_use: true }, 1],
  ])('%s', (_name, orders, over, amount) => {
    expect(refillPrompts([runsOut(1, '2026-05-25')], [rx(1, over)], orders, { now: NOW }).preselection).toEqual({ '1001': amount });
  });

  it('only running-low products, and none with an order on the way (it is ordered already)', () => {
    const prompts = refillPrompts([runsOut(1, '2026-05-25'), runsOut(2, '2026-05-26', 30), runsOut(3, '2026-08-01')], [rx(1), rx(2), rx(3)], [], { now: NOW });
    expect(prompts.runningLow.map((r) => [r.pharmacode, r.onTheWay])).toEqual([[1001, 0], [1002, 30]]);
    expect(prompts.preselection).toEqual({ '1001': 1 });
  });
});
