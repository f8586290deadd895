// The worked examples of the public generics page, computed with the calculator's rules
// from src/domain/generics (spec §9), so the page and the calculator always agree.
// The prices are illustrative; the page says so in the table caption.
import { DEDUCTIBLE_GENERIC, DEDUCTIBLE_ORIGINAL } from '../../domain/constants';
import { savingsPercent, unitPriceCents, type PricedPack } from '../../domain/generics';

export const EXAMPLE_ORIGINAL: PricedPack = { price: 27, quantity: 30 };
export const EXAMPLE_GENERIC: PricedPack = { price: 40, quantity: 50 };

export function exampleUnitCents(pack: PricedPack): number {
  const cents = unitPriceCents(pack.price, pack.quantity);
  if (cents === null) throw new Error('generics example: invalid pack');
  return cents;
}

/** spec §9: "the public generics page gives examples of up to 11 percent". */
export const EXAMPLE_SAVINGS_PERCENT = savingsPercent(exampleUnitCents(EXAMPLE_GENERIC), exampleUnitCents(EXAMPLE_ORIGINAL)) ?? 0;

/** spec §9: deductible 40 % for an original where a cheaper generic exists, 10 % for generics. */
export const DEDUCTIBLE_EXAMPLE = {
  price: 100,
  high: (100 * DEDUCTIBLE_ORIGINAL) / 100,
  low: (100 * DEDUCTIBLE_GENERIC) / 100,
} as const;
