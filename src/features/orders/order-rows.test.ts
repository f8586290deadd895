// spec §2 /orders, §3 Order (item count over the order and its children), §4 Order status
// codes (label, colour, progress step; status of an order with children; open/closed), §7 Other
// (postal tracking link from delivery_nr when delivery_method is 1).
import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/entities';
import { NAMES, order } from './orders-test-support';
import { orderCounts, orderedPharmacodes, orderProgress, orderRow, orderRows, toggleFor, type ListedOrder } from './order-rows';

// the demo patient's order in partial deliveries: the parent holds no items, its packages do
const PARTIAL = order(240005, 10, [], {
  comment: ' Metformin wird nachgeliefert. ',
  children: [
    order(240006, 100, [[1001, 2], [1003, 1]], { parent: 240005, delivery_nr: '99.00.123456.34567890', delivery_method: 1 }),
    order(240007, 2, [[1002, 1]], { parent: 240005 }),
  ],
});

describe('orderProgress (spec §4 progress step)', () => {
  it.each([
    [0, { value: 0, max: 4, canceled: false }],
    [1, { value: 1, max: 4, canceled: false }],
    [2, { value: 2, max: 4, canceled: false }],
    [5, { value: 3, max: 4, canceled: false }],
    [3, { value: 4, max: 4, canceled: false }],
    [4, { value: 4, max: 4, canceled: true }],
  ])('step %i', (step, progress) => {
    expect(orderProgress(step)).toEqual(progress);
  });
});

describe('orderRow', () => {
  it.each([
    [0, 'order.status.open', 'blue', 0],
    [1, 'order.status.inProgress', 'yellow', 1],
    [2, 'order.status.inProgress', 'yellow', 2],
    [3, 'order.status.inProgress', 'yellow', 3],
    [4, 'order.status.nota', 'orange', 3],
    [90, 'order.status.finished', 'green', 4],
    [98, 'order.status.sent', 'green', 4],
    [100, 'order.status.sent', 'green', 4],
    [99, 'order.status.canceled', 'red', 4],
  ])('status %i: %s in %s, progress %i', (code, label, colour, value) => {
    expect(orderRow(order(1, code), NAMES, 'de').status).toMatchObject({ code, label, colour, progress: { value } });
  });

  it('an order in partial deliveries: combined status, product lines over all packages, each package with its status and tracking', () => {
    const row = orderRow(PARTIAL, NAMES, 'de');
    expect(row).toMatchObject({ id: 240005, number: 240005, pending: false, productCount: 3, products: [], tracking: null, comment: 'Metformin wird nachgeliefert.' });
    // spec §4: statuses 100 and 2 differ, one below 90: 10 (multiple deliveries in progress)
    expect(row.status).toMatchObject({ code: 10, label: 'order.status.multipleDeliveries', colour: 'yellow' });
    // packages newest first
    expect(row.packages.map((p) => [p.id, p.status.label, p.tracking?.deliveryNr ?? null])).toEqual([
      [240007, 'order.status.inProgress', null],
      [240006, 'order.status.sent', '99.00.123456.34567890'],
    ]);
    expect(row.packages[1]?.tracking?.url).toBe('https://service.post.ch/ekp-web/ui/entry/shipping/1/?parcelCodes=99.00.123456.34567890');
    expect(row.packages[1]?.products).toEqual([
      { pharmacode: 1001, name: 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk', amount: 2 },
      { pharmacode: 1003, name: null, amount: 1 },
    ]);
  });

  it('names in French where the catalogue has them; tracking only for delivery method 1', () => {
    const sent = orderRow(order(3, 98, [[1001, 1], [1002, 2]], { delivery_nr: '99.00.1', delivery_method: 1 }), NAMES, 'fr');
    expect(sent.products.map((p) => p.name)).toEqual(['ATORVASTATINE Mepha cpr pell 20 mg 30 pce', 'GLUCOFORMIN Filmtabl 850 mg 100 Stk']);
    expect(sent.tracking?.deliveryNr).toBe('99.00.1');
    expect(orderRow(order(4, 98, [], { delivery_nr: '99.00.1', delivery_method: 2 }), NAMES, 'de').tracking).toBeNull();
  });

  // issue 41 item 2: "ordered by Anna" — the server stamps who placed it (acted_by)
  it('names the helper who placed an order; not the patient, the pharmacy, or a cancelled order\'s last writer', () => {
    const helpers = [{ patient_id: 'u1', helper_id: 'anna', helper_name: 'Anna' }, { patient_id: 'u1', helper_id: 'ben', helper_name: null }];
    const by = (status: number, acted_by: string | null) => orderRow(order(5, status, [], { acted_by }), NAMES, 'de', helpers).orderedBy;
    expect(by(0, 'anna')).toEqual({ name: 'Anna' });
    expect(by(100, 'ben')).toEqual({ name: null });
    expect(by(0, 'u1')).toBeNull();
    expect(by(0, null)).toBeNull();
    // cancelled: acted_by is whoever cancelled it, not who placed it
    expect(by(99, 'anna')).toBeNull();
  });

  it('an order waiting on this device has no number yet', () => {
    expect(orderRow(order(2 ** 50 + 1, 0, [[1001, 1]], { pending: true }), NAMES, 'de')).toMatchObject({ number: null, pending: true, productCount: 1 });
  });
});

describe('the Open/Closed toggle', () => {
  const ORDERS: ListedOrder[] = [order(240001, 99), order(240002, 100), PARTIAL, order(240008, 4), order(240009, 0), order(2 ** 50 + 1, 0, [], { pending: true })];

  it('counts unfinished (below 90) and closed orders; the waiting one is open', () => {
    expect(orderCounts(ORDERS)).toEqual({ open: 4, closed: 2 });
  });

  it('lists each side newest first, the waiting order on top', () => {
    expect(orderRows(ORDERS, 'open', NAMES, 'de').map((r) => r.id)).toEqual([2 ** 50 + 1, 240009, 240008, 240005]);
    expect(orderRows(ORDERS, 'closed', NAMES, 'de').map((r) => r.id)).toEqual([240002, 240001]);
  });

  it('?active decides; without it the side of ?id=, else Open', () => {
    expect(toggleFor(ORDERS, 'false', null)).toBe('closed');
    expect(toggleFor(ORDERS, 'true', 240001)).toBe('open');
    expect(toggleFor(ORDERS, null, 240001)).toBe('closed');
    expect(toggleFor(ORDERS, null, 240005)).toBe('open');
    expect(toggleFor(ORDERS, null, 999)).toBe('open');
    expect(toggleFor(ORDERS, null, null)).toBe('open');
  });

  it('names every ordered pharmacode, packages included', () => {
    expect(orderedPharmacodes([PARTIAL, order(1, 0, [[1001, 1], [1004, 1]])] as Order[])).toEqual([1001, 1002, 1003, 1004]);
  });
});
