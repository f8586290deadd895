import { describe, expect, it } from 'vitest';
import type { GenericAlternative } from './entities.ts';
import {
  deductiblePercent,
  genericSavings,
  medicationPack,
  savingsPercent,
  showGenericTip,
  sortAlternativesByUnitPrice,
  unitPriceCents,
} from './generics.ts';

const alt = (price: number, quantity: number, dscrd = `G${price}/${quantity}`): GenericAlternative => ({
  price,
  quantity,
  quantity_unit: 'Stk',
  dscrd,
});

describe('unit price', () => {
  // spec §9 Generic unit price: price divided by quantity, rounded up to cents
  it.each([
    [10, 3, 334],
    [2.3, 1, 230],
    [0.1 + 0.2, 1, 30],
    [1.15, 1, 115],
    [4.35, 3, 145],
    [4.36, 3, 146],
    [19.99, 100, 20],
    [0.01, 100, 1],
    [0, 10, 0],
    [12.6, 2.5, 504],
    [1, 0.3, 334],
    [10, 0, null],
    [10, -1, null],
    [-1, 1, null],
    [Number.NaN, 1, null],
  ])('%d / %d -> %s cents', (price, quantity, cents) => {
    expect(unitPriceCents(price, quantity)).toBe(cents);
  });
});

describe('savings percent', () => {
  // spec §9 Savings percent: floor of (1 minus generic unit price over original unit price) times 100
  it.each([
    [93, 100, 7],
    [92, 100, 8],
    [50, 100, 50],
    [100, 100, 0],
    [101, 100, -1],
    [1, 3, 66],
    [29, 100, 71],
    [10, 0, null],
  ])('%i vs %i -> %s', (g, o, pct) => {
    expect(savingsPercent(g, o)).toBe(pct);
  });
});

describe('alternatives and when savings show', () => {
  // spec §9 Results sorted by unit price ascending
  it('sorts by unit price, unpriceable last', () => {
    const sorted = sortAlternativesByUnitPrice([alt(10, 10), alt(5, 0), alt(9, 20), alt(20, 40)]);
    expect(sorted.map((a) => a.unitPriceCents)).toEqual([45, 50, 100, null]);
  });

  // spec §5 shown only if the cheapest generic's unit price is below the current one and floored percent > 7
  it.each([
    ['7 percent: hidden', 9.3, 1, 7, false],
    ['8 percent: shown', 9.2, 1, 8, true],
    ['27.60 / 3 = 9.20: 8 percent, shown', 27.6, 3, 8, true],
    ['27.61 / 3 rounds up to 9.21: 7 percent, hidden', 27.61, 3, 7, false],
    ['same price: hidden', 10, 1, 0, false],
    ['dearer: hidden', 11, 1, -10, false],
    ['much cheaper: shown', 3, 1, 70, true],
  ])('%s', (_name, genericPrice, quantity, percent, show) => {
    const result = genericSavings({ price: 10, quantity: 1 }, [alt(40, 1), alt(genericPrice, quantity)]);
    expect(result.percent).toBe(percent);
    expect(result.show).toBe(show);
    expect(result.cheapest?.price).toBe(genericPrice);
  });

  it('nothing to show without alternatives or without an original price', () => {
    expect(genericSavings({ price: 10, quantity: 1 }, [])).toMatchObject({ show: false, percent: null, cheapest: null });
    expect(genericSavings(null, [alt(1, 1)])).toMatchObject({ show: false, percent: null });
  });

  it('reads price and quantity of a medication', () => {
    expect(medicationPack({ qty: 30, pharmindex_prices: { price: 12.5 } })).toEqual({ price: 12.5, quantity: 30 });
    expect(medicationPack({ qty: 30, pharmindex_prices: null })).toBeNull();
    expect(medicationPack({ qty: null, pharmindex_prices: { price: 1 } })).toBeNull();
  });

  // spec §9 Deductible: 10 percent for generics against 40 percent for originals
  it.each([
    [true, 10],
    [false, 40],
  ])('generic %s -> %i percent', (isGeneric, pct) => {
    expect(deductiblePercent(isGeneric)).toBe(pct);
  });
});

describe('generic tip', () => {
  // spec §4 Generic tip: hidden once the order defaults already allow generics
  it.each([
    [null, true],
    [{ generic: false }, true],
    [{ generic: true }, false],
  ])('%j -> shown %s', (defaults, shown) => {
    expect(showGenericTip(defaults)).toBe(shown);
  });
});
