// spec §2 /orders success=1, §4 Order flow: the thank-you notice follows the
// order in the mirror — waiting on this device, then sent with its number.
import { describe, expect, it } from 'vitest';
import { confirmationOf, type Confirmation } from './order-confirmation';
import type { ListedOrder } from './order-rows';
import { order } from './orders-test-support';

const KEY = '0b6f3c1e-7d2a-4c9e-9f1a-2d3e4f5a6b7c';
const TEMP = 2 ** 50 + 1;
const waiting = order(TEMP, 0, [[1001, 1]], { pending: true, outbox_id: KEY });
const acknowledged = order(240020, 0, [[1001, 1]], { outbox_id: KEY });
const pulled = order(240020, 0, [[1001, 1]], { idempotency_key: KEY });
const other = order(240009, 0, [[1002, 1]], { idempotency_key: 'another-key' });
const otherWaiting = order(TEMP + 1, 0, [[1002, 1]], { pending: true, outbox_id: 'another-key' });

describe('confirmationOf', () => {
  it.each<[string, ListedOrder[], { id: number | null; key: string | null }, Confirmation]>([
    ['?id= (finished online): sent with that number', [other], { id: 240017, key: null }, { state: 'sent', id: 240017 }],
    ['?key=, its entry waits', [waiting, other], { id: null, key: KEY }, { state: 'waiting' }],
    ['?key=, acknowledged (the order kept its outbox id)', [acknowledged, other], { id: null, key: KEY }, { state: 'sent', id: 240020 }],
    ['?key=, pulled (the server\'s row carries the key)', [pulled, other], { id: null, key: KEY }, { state: 'sent', id: 240020 }],
    ['?key=, the server\'s order beside a waiting row of the same entry', [waiting, pulled], { id: null, key: KEY }, { state: 'sent', id: 240020 }],
    ['?key=, the order gone (refused or discarded)', [other, otherWaiting], { id: null, key: KEY }, { state: 'none' }],
    ['neither, an order waits', [otherWaiting, other], { id: null, key: null }, { state: 'waiting' }],
    ['neither, nothing waits', [other], { id: null, key: null }, { state: 'received' }],
  ])('%s', (_, orders, query, expected) => {
    expect(confirmationOf(orders, query)).toEqual(expected);
  });
});
