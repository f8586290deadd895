import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '../entities.ts';
import { nodeSupply, productOrders } from './deliveries.ts';

let nextItem = 1;
const order = (id: number, status: number, created_at: string, items: [number, number][], children: Order[] = [], parent: number | null = null): Order => ({
  id,
  created_at,
  customer_id: 'c1',
  parent,
  status,
  children,
  webshop_order_item: items.map(([pharmacode, amount]): OrderItem => ({ id: nextItem++, pharmacode, amount })),
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

// spec §4 Order status codes: 90 finished, 98/100 sent, 99 canceled; below 90 unfinished
describe('what a node of an order means for the stock', () => {
  it.each([
    [0, 'on_the_way'],
    [1, 'on_the_way'],
    [2, 'on_the_way'],
    [3, 'on_the_way'],
    [4, 'on_the_way'], // nota: delivery delayed
    [10, 'on_the_way'],
    [90, 'delivered'],
    [98, 'delivered'],
    [100, 'delivered'],
    [99, 'canceled'],
    [Number.NaN, 'on_the_way'],
  ])('status %d -> %s', (status, supply) => {
    expect(nodeSupply(status)).toBe(supply);
  });
});

describe('the orders of one product', () => {
  it('each node counts by its own status: partial deliveries (children), open and canceled orders', () => {
    const orders = [
      order(1, 99, '2026-01-05T10:00:00Z', [[555, 1]]), // canceled: nothing
      order(2, 100, '2026-02-01T10:00:00Z', [[555, 2], [777, 1]]),
      order(3, 10, '2026-04-01T10:00:00Z', [], [
        order(4, 100, '2026-04-03T22:30:00Z', [[555, 1]], [], 3), // 00:30 in Zurich: the 4th
        order(5, 2, '2026-04-03T10:00:00Z', [[555, 3]], [], 3),
      ]),
      order(6, 0, '2026-05-01T10:00:00Z', [[555, 1], [555, 3]]), // two lines of one product: the latest, 4 packs
    ];
    expect(productOrders(orders, 555)).toEqual({
      delivered: [
        { orderId: 2, day: '2026-02-01', packs: 2 },
        { orderId: 4, day: '2026-04-04', packs: 1 },
      ],
      packsOnTheWay: 7,
      ordered: true,
      latestAmount: 4,
    });
  });

  it('a child listed at the top level as well counts once', () => {
    const child = order(11, 90, '2026-03-02T10:00:00Z', [[555, 1]], [], 10);
    const parent = order(10, 90, '2026-03-01T10:00:00Z', [], [child]);
    expect(productOrders([parent, child], 555).delivered).toEqual([{ orderId: 11, day: '2026-03-02', packs: 1 }]);
  });

  it.each([
    ['no order', [], false],
    ['only a canceled one', [order(1, 99, '2026-01-05T10:00:00Z', [[555, 1]])], false],
    ['another product only', [order(1, 100, '2026-01-05T10:00:00Z', [[777, 1]])], false],
    ['an open order', [order(1, 0, '2026-01-05T10:00:00Z', [[555, 1]])], true],
  ])('%s: ordered %s', (_name, orders, ordered) => {
    expect(productOrders(orders, 555).ordered).toBe(ordered);
  });

  it('the usual amount is the latest item by created_at, canceled orders aside', () => {
    const orders = [
      order(1, 100, '2026-01-05T10:00:00Z', [[555, 3]]),
      order(2, 99, '2026-03-05T10:00:00Z', [[555, 7]]),
      order(3, 10, '2026-02-01T10:00:00Z', [], [order(4, 90, '2026-02-03T10:00:00Z', [[555, 2]], [], 3)]),
    ];
    expect(productOrders(orders, 555).latestAmount).toBe(2);
  });
});

// issue 36 item 4: one pass over a list of orders serves every product asked about
describe('one list of orders asked about product after product', () => {
  const orders = [
    order(1, 100, '2026-02-01T10:00:00Z', [[555, 2], [777, 1]]),
    order(2, 0, '2026-03-01T10:00:00Z', [[777, 4]]),
    order(3, 100, '2026-04-03T22:30:00Z', [[555, 1]]),
  ];

  const of555 = {
    delivered: [
      { orderId: 1, day: '2026-02-01', packs: 2 },
      { orderId: 3, day: '2026-04-04', packs: 1 },
    ],
    packsOnTheWay: 0,
    ordered: true,
    latestAmount: 1,
  };

  it('each product gets its own answer, and a time zone its own days', () => {
    expect(productOrders(orders, 555)).toEqual(of555);
    expect(productOrders(orders, 777)).toEqual({ delivered: [{ orderId: 1, day: '2026-02-01', packs: 1 }], packsOnTheWay: 4, ordered: true, latestAmount: 4 });
    expect(productOrders(orders, 555, 'UTC').delivered.map((d) => d.day)).toEqual(['2026-02-01', '2026-04-03']);
    expect(productOrders(orders, 555).delivered.map((d) => d.day)).toEqual(['2026-02-01', '2026-04-04']);
    expect(productOrders(orders, 999)).toEqual({ delivered: [], packsOnTheWay: 0, ordered: false, latestAmount: null });
  });

  it('a caller changing its answer changes no later answer', () => {
    const first = productOrders(orders, 555);
    first.delivered.pop();
    first.packsOnTheWay = 99;
    expect(productOrders(orders, 555)).toEqual(of555);
  });

  it('a new list is read anew', () => {
    const more = [...orders, order(4, 2, '2026-05-01T10:00:00Z', [[555, 3]])];
    expect(productOrders(more, 555).packsOnTheWay).toBe(3);
    expect(productOrders(orders, 555).packsOnTheWay).toBe(0);
  });
});
