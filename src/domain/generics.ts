// Generic price comparison (spec §5, §9): unit prices in whole cents, savings percent,
// alternatives by unit price, when savings are shown; deductible rates.
// All money maths runs on integer cents so that e.g. 2.3 / 1 stays 2.30 exactly.
import { DEDUCTIBLE_GENERIC, DEDUCTIBLE_ORIGINAL, GENERIC_SAVINGS_MIN_PERCENT } from './constants.ts';
import type { GenericAlternative, Medication, OrderDefaults } from './entities.ts';

/** A price and the quantity (units in the pack) it buys. */
export interface PricedPack {
  price: number;
  quantity: number;
}

const MAX_QUANTITY_DECIMALS = 6;

/** Integer ceil(a / b) for non-negative integers a and positive integer b. */
const ceilDiv = (a: number, b: number): number => (a - (a % b)) / b + (a % b > 0 ? 1 : 0);

/**
 * Price per unit in cents: price (CHF) divided by quantity, rounded UP to whole cents.
 * null when the price is negative or not a number, or the quantity is not positive.
 */
export function unitPriceCents(price: number, quantity: number): number | null {
  if (!Number.isFinite(price) || price < 0 || !Number.isFinite(quantity) || quantity <= 0) return null;
  const cents = Math.round(price * 100);
  for (let k = 0, scale = 1; k <= MAX_QUANTITY_DECIMALS; k++, scale *= 10) {
    const q = quantity * scale;
    const whole = Math.round(q);
    if (Math.abs(q - whole) < 1e-9 * Math.max(1, q)) return ceilDiv(cents * scale, whole);
  }
  return Math.ceil(cents / quantity - 1e-9);
}

export const centsToFrancs = (cents: number): number => cents / 100;

/** floor((1 - generic unit price / original unit price) * 100); null without an original price. */
export function savingsPercent(genericUnitCents: number, originalUnitCents: number): number | null {
  if (originalUnitCents <= 0) return null;
  return Math.floor(((originalUnitCents - genericUnitCents) * 100) / originalUnitCents);
}

export type PricedAlternative = GenericAlternative & { unitPriceCents: number | null };

/** Alternatives by unit price ascending (ties keep their order; unpriceable ones last). */
export function sortAlternativesByUnitPrice(alternatives: readonly GenericAlternative[]): PricedAlternative[] {
  return alternatives
    .map((a) => ({ ...a, unitPriceCents: unitPriceCents(a.price, a.quantity) }))
    .sort((a, b) => (a.unitPriceCents ?? Infinity) - (b.unitPriceCents ?? Infinity));
}

export interface GenericSavings {
  /** Savings are shown only if the cheapest unit price is lower and the percent is above 7. */
  show: boolean;
  percent: number | null;
  originalUnitPriceCents: number | null;
  cheapest: PricedAlternative | null;
  alternatives: PricedAlternative[];
}

export function genericSavings(original: PricedPack | null, alternatives: readonly GenericAlternative[]): GenericSavings {
  const sorted = sortAlternativesByUnitPrice(alternatives);
  const cheapest = sorted[0] ?? null;
  const originalUnit = original ? unitPriceCents(original.price, original.quantity) : null;
  const cheapestUnit = cheapest?.unitPriceCents ?? null;
  const percent = originalUnit !== null && cheapestUnit !== null ? savingsPercent(cheapestUnit, originalUnit) : null;
  const show =
    originalUnit !== null && cheapestUnit !== null && cheapestUnit < originalUnit && percent !== null && percent > GENERIC_SAVINGS_MIN_PERCENT;
  return { show, percent, originalUnitPriceCents: originalUnit, cheapest, alternatives: sorted };
}

/** Price and pack quantity of a medication from pharmindex (price and qty), or null. */
export function medicationPack(med: Pick<Medication, 'qty' | 'pharmindex_prices'>): PricedPack | null {
  const price = med.pharmindex_prices?.price;
  return typeof price === 'number' && typeof med.qty === 'number' ? { price, quantity: med.qty } : null;
}

/** Deductible percent: 10 for generics, 40 for originals. */
export const deductiblePercent = (isGeneric: boolean): number => (isGeneric ? DEDUCTIBLE_GENERIC : DEDUCTIBLE_ORIGINAL);

/** Generic tip (spec §4): hidden once the latest order defaults already allow generics. */
export const showGenericTip = (latestDefaults: Pick<OrderDefaults, 'generic'> | null | undefined): boolean =>
  latestDefaults?.generic !== true;
