import { describe, expect, it } from 'vitest';
import type { Order, Prescription } from './entities.ts';
import {
  daysUntilExpiry,
  expiringPrescriptions,
  isAwaitingPrescription,
  isExpiring,
  lastOrderedDates,
  orderableMedications,
  prescriptionCounts,
  prescriptionState,
  prescriptionsForToggle,
} from './prescription-state.ts';

// 2025-03-10 23:30 in Zurich (UTC+1): late in the day, so a UTC-based reading would be wrong.
const now = new Date('2025-03-10T22:30:00Z');

const rx = (id: number, over: Partial<Prescription> = {}): Prescription => ({
  id,
  customer_id: 'c',
  medication_id: 1000 + id,
  dosage: [1, 0, 1, 0],
  comment: null,
  expires_at: '2025-12-31',
  single_use: false,
  used: false,
  intake: null,
  ...over,
});

describe('active or expired', () => {
  // spec §4 Prescriptions: inactive if single-use and used, or the expiry date has passed
  it.each([
    ['expires later in the year', {}, 'active'],
    ['expires today (active through the day)', { expires_at: '2025-03-10' }, 'active'],
    ['expired yesterday', { expires_at: '2025-03-09' }, 'expired'],
    ['expires tomorrow', { expires_at: '2025-03-11' }, 'active'],
    ['single-use, used', { single_use: true, used: true }, 'expired'],
    ['single-use, unused', { single_use: true, used: false }, 'active'],
    ['used but not single-use', { used: true }, 'active'],
    ['timestamp, Zurich date is today', { expires_at: '2025-03-10T22:00:00Z' }, 'active'],
    ['timestamp, Zurich date was yesterday', { expires_at: '2025-03-09T22:59:00Z' }, 'expired'],
    ['unreadable expiry', { expires_at: 'soon' }, 'active'],
  ] as const)('%s -> %s', (_name, over, state) => {
    expect(prescriptionState(rx(1, over), now)).toBe(state);
  });
});

describe('expiring', () => {
  // spec §4 Expiring: expires within 14 days in the future; §9 Expiring prescription: within 14 days
  it.each([
    ['2025-03-09', -1, false],
    ['2025-03-10', 0, true],
    ['2025-03-23', 13, true],
    ['2025-03-24', 14, true],
    ['2025-03-25', 15, false],
  ])('expires %s (%i days) -> %s', (expires_at, days, expiring) => {
    expect(daysUntilExpiry({ expires_at }, now)).toBe(days);
    expect(isExpiring(rx(1, { expires_at }), now)).toBe(expiring);
  });

  it('a used single-use prescription is not expiring; list is soonest first', () => {
    expect(isExpiring(rx(1, { expires_at: '2025-03-12', single_use: true, used: true }), now)).toBe(false);
    const list = [rx(1, { expires_at: '2025-03-20' }), rx(2, { expires_at: '2025-03-11' }), rx(3)];
    expect(expiringPrescriptions(list, now).map((p) => p.id)).toEqual([2, 1]);
  });
});

describe('awaiting', () => {
  // spec §4 Awaiting: send method is set and handled is false
  it.each([
    [null, false],
    [{ prescription_send_method: null, handled: false }, false],
    [{ prescription_send_method: 'post', handled: false }, true],
    [{ prescription_send_method: 'espace', handled: false }, true],
    [{ prescription_send_method: 'email', handled: true }, false],
  ] as const)('%j -> %s', (info, awaiting) => {
    expect(isAwaitingPrescription(info)).toBe(awaiting);
  });
});

describe('toggle, counts and orderable medications', () => {
  const list = [
    rx(1, { medication_id: 1234567, single_use: true }),
    rx(2, { medication_id: 2345678, expires_at: '2025-01-01' }),
    rx(3, { medication_id: 1234567 }),
    rx(4, { medication_id: 3456789, single_use: true }),
    rx(5, { medication_id: 4567890, single_use: true, used: true }),
  ];

  // spec §2 /prescriptions: toggle Active/Expired showing counts
  it('counts and filters', () => {
    expect(prescriptionCounts(list, now)).toEqual({ active: 3, expired: 2 });
    expect(prescriptionsForToggle(list, true, now).map((p) => p.id)).toEqual([1, 3, 4]);
    expect(prescriptionsForToggle(list, false, now).map((p) => p.id)).toEqual([2, 5]);
    expect(prescriptionCounts([], now)).toEqual({ active: 0, expired: 0 });
  });

  // spec §2 /order/select: one row per distinct medication of active prescriptions
  it('one row per distinct active medication, single-use only if all are', () => {
    expect(orderableMedications(list, now)).toEqual([
      { medication_id: 1234567, single_use: false, prescription_ids: [1, 3] },
      { medication_id: 3456789, single_use: true, prescription_ids: [4] },
    ]);
  });
});

describe('last ordered', () => {
  const order = (id: number, created_at: string, codes: number[], children: Order[] = []): Order => ({
    id,
    created_at,
    customer_id: 'c',
    parent: null,
    status: 0,
    children,
    webshop_order_item: codes.map((pharmacode, i) => ({ id: i, pharmacode, amount: 1 })),
    delivery_nr: null,
    delivery_method: null,
    comment: null,
  });
  const orders = [
    order(1, '2025-01-05T10:00:00Z', [1234567]),
    order(3, '2025-02-01T10:00:00Z', [], [order(4, '2025-02-03T10:00:00Z', [2345678])]),
    order(2, '2025-01-20T10:00:00Z', [1234567, 2345678]),
  ];

  // spec §2 /prescriptions: last ordered date or 'never ordered'
  it.each([
    [1234567, '2025-01-20T10:00:00Z'],
    [2345678, '2025-02-01T10:00:00Z'],
    [9999999, null],
  ])('%s -> %s', (code, at) => {
    expect(lastOrderedDates(orders).get(code) ?? null).toBe(at);
  });
});
