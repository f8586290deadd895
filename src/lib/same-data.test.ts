import { describe, expect, it } from 'vitest';
import { withSameParts } from './same-data';

const same = (a: unknown, b: unknown) => Object.is(withSameParts(a, b), a);

describe('withSameParts', () => {
  it('gives the previous answer back when a new read holds the same rows', () => {
    const read = () => [{ id: 1, items: [{ pharmacode: 7, amount: 2 }], note: null, at: new Date(5), cancelled: undefined }];
    const previous = read();
    expect(withSameParts(previous, read())).toBe(previous);
    expect(same({ a: NaN }, { a: NaN })).toBe(true);
    expect(same(Object.assign(Object.create(null) as object, { a: 1 }), Object.assign(Object.create(null) as object, { a: 1 }))).toBe(true);
  });

  it('sees any change, however deep', () => {
    const row = { id: 1, items: [{ pharmacode: 7, amount: 2 }], note: null as string | null };
    expect(same(row, { ...row, items: [{ pharmacode: 7, amount: 3 }] })).toBe(false);
    expect(same(row, { ...row, note: '' })).toBe(false);
    expect(same([row], [row, row])).toBe(false);
    expect(same([row, row], [row])).toBe(false);
    expect(same({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(same({ a: undefined }, { b: undefined })).toBe(false);
    expect(same(new Date(1), new Date(2))).toBe(false);
    expect(same([1], { 0: 1, length: 1 })).toBe(false);
    expect(same({ 0: 1 }, [1])).toBe(false);
    expect(same(0, -0)).toBe(false);
    expect(same(null, undefined)).toBe(false);
  });

  it('keeps the unchanged parts of a changed answer, and gives the new values of the rest', () => {
    const orders = [{ id: 1, items: [{ pharmacode: 7 }] }, { id: 2, items: [{ pharmacode: 8 }] }];
    const previous = { syncedAt: 1, orders, medications: new Map([[7, { name: 'a' }]]) };
    const next = withSameParts(previous, { syncedAt: 2, orders: structuredClone(orders), medications: new Map([[7, { name: 'a' }]]) });
    expect(next).toEqual({ syncedAt: 2, orders, medications: previous.medications });
    expect(next.orders).toBe(orders);
    expect(next.medications).toBe(previous.medications);

    const changedRow = withSameParts(orders, [orders[0], { id: 2, items: [{ pharmacode: 9 }] }]);
    expect(changedRow).not.toBe(orders);
    expect(changedRow[0]).toBe(orders[0]);
    expect(changedRow[1]).toEqual({ id: 2, items: [{ pharmacode: 9 }] });
  });

  it('compares maps by their entries (the read models key products by pharmacode)', () => {
    expect(same(new Map([[1, { name: 'a' }]]), new Map([[1, { name: 'a' }]]))).toBe(true);
    expect(same(new Map([[1, { name: 'a' }]]), new Map([[1, { name: 'b' }]]))).toBe(false);
    expect(same(new Map([[1, 'a']]), new Map([[2, 'a']]))).toBe(false);
    expect(same(new Map([[1, 'a']]), new Map([[1, 'a'], [2, 'b']]))).toBe(false);
    expect(same(new Map(), {})).toBe(false);
  });

  it('takes what it does not know (a Set, a class) as changed unless it is the very same object', () => {
    const set = new Set([1]);
    expect(same(set, set)).toBe(true);
    expect(same(new Set([1]), new Set([1]))).toBe(false);
    class Row {
      constructor(readonly id: number) {}
    }
    expect(same(new Row(1), new Row(1))).toBe(false);
    const fresh = new Row(1);
    expect(withSameParts({ row: new Row(1) }, { row: fresh }).row).toBe(fresh);
  });
});
