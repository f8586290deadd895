import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from './entities.ts';
import {
  orderItemCount,
  ordersForToggle,
  orderToggleFromQuery,
  orderUnitCount,
  partialDeliveries,
  splitOrders,
} from './order-list.ts';

const item = (pharmacode: number, amount: number): OrderItem => ({ id: 1, pharmacode, amount });
const order = (id: number, status: number, items: OrderItem[] = [], children: Order[] = []): Order => ({
  id,
  created_at: '2025-01-01T10:00:00Z',
  customer_id: 'c',
  parent: null,
  status,
  children,
  webshop_order_item: items,
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

describe('open and closed orders', () => {
  const orders = [
    order(3, 0),
    order(7, 89),
    order(5, 90),
    order(9, 99),
    order(4, 0, [], [order(11, 100), order(12, 2)]), // effective 10: open
    order(8, 0, [], [order(13, 100), order(14, 98)]), // effective 90: closed
  ];

  // spec §4 The Orders toggle Open shows unfinished orders and Closed shows the rest; §7 id descending
  it.each([
    ['open', [7, 4, 3]],
    ['closed', [9, 8, 5]],
  ] as const)('%s -> ids %j', (toggle, ids) => {
    expect(ordersForToggle(orders, toggle).map((o) => o.id)).toEqual(ids);
  });

  it('split gives both lists', () => {
    const { open, closed } = splitOrders(orders);
    expect(open).toHaveLength(3);
    expect(closed).toHaveLength(3);
  });

  // spec §2 /orders: active=true or false selects the toggle
  it.each([
    ['true', 'open'],
    ['false', 'closed'],
    [null, 'open'],
    ['x', 'open'],
  ] as const)('query active=%s -> %s', (q, toggle) => {
    expect(orderToggleFromQuery(q)).toBe(toggle);
  });
});

describe('product count', () => {
  // spec §3 Item count of an order is the sum over the order and its children (counts lines)
  it.each([
    ['no items', order(1, 0), 0, 0],
    ['own items', order(1, 0, [item(1, 2), item(2, 1)]), 2, 3],
    [
      'order and children',
      order(1, 0, [item(1, 3)], [order(2, 0, [item(2, 1)]), order(3, 0, [item(3, 5), item(4, 1)])]),
      4,
      10,
    ],
    ['child without item list', { ...order(1, 0, [item(1, 1)]), children: [{ ...order(2, 0), webshop_order_item: null }] }, 1, 1],
  ])('%s -> %i lines, %i units', (_name, o, lines, units) => {
    expect(orderItemCount(o)).toBe(lines);
    expect(orderUnitCount(o)).toBe(units);
  });

  it('partial deliveries newest first', () => {
    expect(partialDeliveries(order(1, 0, [], [order(2, 0), order(5, 0), order(3, 0)])).map((o) => o.id)).toEqual([
      5, 3, 2,
    ]);
  });
});
