import { describe, expect, it } from 'vitest';
import {
  amountFromInput,
  amountMax,
  clampAmount,
  decrementAmount,
  incrementAmount,
  isAtMax,
  isAtMin,
  removeAmount,
} from './amounts.ts';

// spec §5 Amount selector: minimum 1, default maximum 99, single-use prescriptions limited to 1; §9 1 to 99
describe('amount limits', () => {
  it.each([
    [false, 99],
    [true, 1],
  ])('single-use %s -> max %i', (singleUse, max) => {
    expect(amountMax(singleUse)).toBe(max);
  });

  it.each([
    [0, 99, 1],
    [1, 99, 1],
    [98, 99, 98],
    [99, 99, 99],
    [100, 99, 99],
    [-5, 99, 1],
    [2.7, 99, 2],
    [Number.NaN, 99, 1],
    [2, 1, 1],
    [5, 0, 1],
  ])('clamp %d to max %i -> %i', (amount, max, expected) => {
    expect(clampAmount(amount, max)).toBe(expected);
  });

  it.each([
    [undefined, 99, 1],
    [1, 99, 2],
    [98, 99, 99],
    [99, 99, 99],
    [undefined, 1, 1],
    [1, 1, 1],
  ])('increment %s (max %i) -> %i', (amount, max, expected) => {
    expect(incrementAmount(amount, max)).toBe(expected);
  });

  it.each([
    [undefined, undefined],
    [1, 1],
    [2, 1],
    [99, 98],
  ])('decrement %s -> %s', (amount, expected) => {
    expect(decrementAmount(amount)).toBe(expected);
  });

  it.each([
    [undefined, 99, false, true],
    [1, 99, false, true],
    [2, 99, false, false],
    [98, 99, false, false],
    [99, 99, true, false],
    [1, 1, true, true],
  ])('amount %s, max %i: at max %s, at min %s', (amount, max, atMax, atMin) => {
    expect(isAtMax(amount, max)).toBe(atMax);
    expect(isAtMin(amount)).toBe(atMin);
  });

  // spec §5 Removing sets the amount to none
  it('remove gives none', () => {
    expect(removeAmount()).toBeUndefined();
  });

  it.each([
    ['', 99, undefined],
    ['abc', 99, undefined],
    ['-1', 99, undefined],
    // issue 22: 0 removes the product, as the remove button does (spec §5 "Removing sets the amount to none")
    ['0', 99, undefined],
    ['00', 99, undefined],
    [' 0 ', 1, undefined],
    ['05', 99, 5],
    ['5', 99, 5],
    [' 150 ', 99, 99],
    ['3', 1, 1],
  ])('input %j (max %i) -> %s', (text, max, expected) => {
    expect(amountFromInput(text, max)).toBe(expected);
  });
});
