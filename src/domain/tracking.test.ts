import { describe, expect, it } from 'vitest';
import type { Order } from './entities.ts';
import { trackingLinks, trackingUrl } from './tracking.ts';

const base = 'https://service.post.ch/ekp-web/ui/entry/shipping/1/?parcelCodes=';

const order = (id: number, delivery_nr: string | null, delivery_method: number | null, children: Order[] = []): Order => ({
  id,
  created_at: '2025-01-01T10:00:00Z',
  customer_id: 'c',
  parent: null,
  status: 98,
  children,
  webshop_order_item: [],
  delivery_nr,
  delivery_method,
  comment: null,
});

describe('tracking link', () => {
  // spec §7 Postal tracking link built from delivery_nr when delivery_method is 1
  it.each([
    ['996001234567890123', 1, `${base}996001234567890123`],
    [' 99.60.123 ', 1, `${base}99.60.123`],
    ['A B/C&D', 1, `${base}A%20B%2FC%26D`],
    ['996001234567890123', 2, null],
    ['996001234567890123', null, null],
    [null, 1, null],
    ['  ', 1, null],
  ])('%j via %s -> %s', (nr, method, url) => {
    expect(trackingUrl({ delivery_nr: nr, delivery_method: method })).toBe(url);
  });

  // spec §2 /orders: partial deliveries and a tracking link
  it('lists links of the order and its children, without duplicates', () => {
    const o = order(1, null, null, [order(2, 'P1', 1), order(3, 'P2', 2), order(4, 'P3', 1), order(5, 'P1', 1)]);
    expect(trackingLinks(o)).toEqual([
      { order_id: 2, delivery_nr: 'P1', url: `${base}P1` },
      { order_id: 4, delivery_nr: 'P3', url: `${base}P3` },
    ]);
    expect(trackingLinks(order(1, 'X', 1))).toHaveLength(1);
    expect(trackingLinks(order(1, null, 1))).toEqual([]);
  });
});
