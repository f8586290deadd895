// Issue 22 item 7; spec §4 Order status codes (0 open, 1/2/3 in progress, 4 nota, 10 multiple
// deliveries, 90 finished, 98/100 sent, 99 canceled): who may be cancelled.
import { describe, expect, it } from 'vitest';
import type { Order } from './entities.ts';
import { canceledOrder, cancelState, type CancelState } from './order-cancel.ts';
import { orderStatus } from './order-status.ts';

const order = (status: number, children: Order[] = []): Order => ({
  id: 1,
  created_at: '2026-01-01T10:00:00Z',
  customer_id: 'c',
  parent: null,
  status,
  children,
  webshop_order_item: [],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

describe('cancelState', () => {
  it.each<[string, Order, CancelState]>([
    ['open (0)', order(0), 'open'],
    ['in progress (1)', order(1), 'started'],
    ['in progress (2)', order(2), 'started'],
    ['in progress (3)', order(3), 'started'],
    ['nota (4)', order(4), 'started'],
    ['multiple deliveries (10)', order(10), 'started'],
    ['finished (90)', order(90), 'started'],
    ['sent (98)', order(98), 'started'],
    ['sent (100)', order(100), 'started'],
    ['canceled (99)', order(99), 'canceled'],
    ['open with open partial deliveries', order(0, [order(0), order(0)]), 'open'],
    ['open, one partial delivery started', order(0, [order(0), order(1)]), 'started'],
    ['a partial delivery of a partial delivery started', order(0, [order(0, [order(2)])]), 'started'],
    ['canceled with canceled partial deliveries', order(99, [order(99)]), 'canceled'],
    ['canceled, a partial delivery still open', order(99, [order(0)]), 'started'],
  ])('%s → %s', (_, o, expected) => {
    expect(cancelState(o)).toBe(expected);
  });
});

describe('canceledOrder', () => {
  it('sets 99 on the order and every partial delivery (the effective status is canceled), leaving the input alone', () => {
    const input = order(0, [order(0, [order(0)]), order(0)]);
    const out = canceledOrder(input);
    expect(orderStatus(out)).toBe(99);
    expect(cancelState(out)).toBe('canceled');
    expect(cancelState(input)).toBe('open');
  });

  it('an order without partial deliveries keeps its shape', () => {
    const { children: _none, ...bare } = order(0);
    expect(canceledOrder(bare)).toEqual({ ...bare, status: 99 });
  });
});
