import { describe, expect, it } from 'vitest';
import type { Order } from './entities.ts';
import {
  combineStatuses,
  isClosed,
  isOrderClosed,
  isUnfinished,
  orderStatus,
  orderStatusInfo,
} from './order-status.ts';

const order = (status: number, children: Order[] = []): Order => ({
  id: 1,
  created_at: '2025-01-01T10:00:00Z',
  customer_id: 'c',
  parent: null,
  status,
  children,
  webshop_order_item: [],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

describe('order status table', () => {
  // spec §4 Order status codes
  it.each([
    [0, 'order.status.open', 'blue', 0],
    [1, 'order.status.inProgress', 'yellow', 1],
    [2, 'order.status.inProgress', 'yellow', 2],
    [3, 'order.status.inProgress', 'yellow', 5],
    [4, 'order.status.nota', 'orange', 5],
    [10, 'order.status.multipleDeliveries', 'yellow', 2],
    [90, 'order.status.finished', 'green', 3],
    [98, 'order.status.sent', 'green', 3],
    [100, 'order.status.sent', 'green', 3],
    [99, 'order.status.canceled', 'red', 4],
  ])('code %i -> %s, %s, step %i', (code, label, colour, step) => {
    expect(orderStatusInfo(code)).toEqual({ label, colour, step, known: true });
  });

  // spec §4 Order status codes: unknown codes fall back by range (documented choice)
  it.each([
    [5, 'order.status.inProgress', 'yellow', 1],
    [89, 'order.status.inProgress', 'yellow', 1],
    [-1, 'order.status.inProgress', 'yellow', 1],
    [Number.NaN, 'order.status.inProgress', 'yellow', 1],
    [91, 'order.status.finished', 'green', 3],
    [101, 'order.status.finished', 'green', 3],
  ])('unknown code %d -> %s', (code, label, colour, step) => {
    expect(orderStatusInfo(code)).toEqual({ label, colour, step, known: false });
  });
});

describe('unfinished and closed', () => {
  // spec §4 Unfinished means status below 90. Closed means 90 or more.
  it.each([
    [0, true],
    [89, true],
    [89.9, true],
    [90, false],
    [99, false],
    [100, false],
    [Number.NaN, true],
  ])('status %d unfinished=%s', (code, unfinished) => {
    expect(isUnfinished(code)).toBe(unfinished);
    expect(isClosed(code)).toBe(!unfinished);
  });
});

describe('status of an order with children', () => {
  // spec §4 shared value if all equal; otherwise 90 if every status >= 90, 10 if any below 90
  it.each([
    [[2, 2], 2],
    [[99, 99], 99],
    [[0], 0],
    [[90, 98], 90],
    [[98, 100, 99], 90],
    [[89, 90], 10],
    [[0, 100], 10],
    [[1, 2], 10],
  ])('children %j -> %i', (codes, expected) => {
    expect(combineStatuses(codes)).toBe(expected);
    expect(orderStatus(order(0, codes.map((c) => order(c))))).toBe(expected);
  });

  it('no children: the own status; empty list: null', () => {
    expect(orderStatus(order(98))).toBe(98);
    expect(orderStatus({ status: 4, children: null })).toBe(4);
    expect(combineStatuses([])).toBeNull();
  });

  it('the parent status is ignored when children exist; nested children resolve first', () => {
    expect(orderStatus(order(0, [order(100), order(100)]))).toBe(100);
    expect(isOrderClosed(order(0, [order(100), order(98)]))).toBe(true);
    expect(orderStatus(order(90, [order(90), order(0, [order(1), order(99)])]))).toBe(10);
  });
});
