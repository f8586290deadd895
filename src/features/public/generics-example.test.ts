import { describe, expect, it } from 'vitest';
import { DEDUCTIBLE_EXAMPLE, EXAMPLE_GENERIC, EXAMPLE_ORIGINAL, EXAMPLE_SAVINGS_PERCENT, exampleUnitCents } from './generics-example';

describe('generics page examples (spec §9)', () => {
  it('compares the price per tablet', () => {
    expect(exampleUnitCents(EXAMPLE_ORIGINAL)).toBe(90);
    expect(exampleUnitCents(EXAMPLE_GENERIC)).toBe(80);
  });

  it('shows a saving of up to 11 percent, above the 7 percent display threshold', () => {
    expect(EXAMPLE_SAVINGS_PERCENT).toBe(11);
    expect(EXAMPLE_SAVINGS_PERCENT).toBeGreaterThan(7);
  });

  it('charges 40 percent deductible for the original and 10 percent for the generic: 30 percent less', () => {
    expect(DEDUCTIBLE_EXAMPLE).toEqual({ price: 100, high: 40, low: 10 });
    expect(DEDUCTIBLE_EXAMPLE.high - DEDUCTIBLE_EXAMPLE.low).toBe(30);
  });
});
