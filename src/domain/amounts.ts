// Amount selector of spec §5: minimum 1, default maximum 99, single-use prescriptions 1.
// "None" (removed, not selected) is undefined.
import { AMOUNT_MAX, AMOUNT_MAX_SINGLE_USE, AMOUNT_MIN } from './constants.ts';

export type Amount = number | undefined;

/** The maximum orderable amount of a product. */
export const amountMax = (singleUse: boolean): number => (singleUse ? AMOUNT_MAX_SINGLE_USE : AMOUNT_MAX);

/** A whole number between 1 and max; fractions are rounded down, NaN becomes 1. */
export function clampAmount(amount: number, max: number = AMOUNT_MAX): number {
  const upper = Math.max(AMOUNT_MIN, Math.floor(max));
  if (Number.isNaN(amount)) return AMOUNT_MIN;
  return Math.min(upper, Math.max(AMOUNT_MIN, Math.floor(amount)));
}

/** + button: none becomes 1; never above max. */
export const incrementAmount = (amount: Amount, max: number = AMOUNT_MAX): number =>
  amount === undefined ? AMOUNT_MIN : clampAmount(amount + 1, max);

/** - button: never below 1 (removing is its own action); none stays none. */
export const decrementAmount = (amount: Amount, max: number = AMOUNT_MAX): Amount =>
  amount === undefined ? undefined : clampAmount(amount - 1, max);

/** Removing sets the amount to none. */
export const removeAmount = (): Amount => undefined;

/** At the upper limit: the notice 'maximal {max} bestellbar' shows and + is disabled. */
export const isAtMax = (amount: Amount, max: number = AMOUNT_MAX): boolean => amount !== undefined && amount >= max;

/** At the lower limit: - is disabled. */
export const isAtMin = (amount: Amount): boolean => amount === undefined || amount <= AMOUNT_MIN;

/**
 * A typed value: blank or unreadable gives none; 0 removes the product, as the remove button
 * does (none, spec §5 "Removing sets the amount to none"); any other number is clamped to 1..max.
 */
export function amountFromInput(text: string, max: number = AMOUNT_MAX): Amount {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const typed = Number(trimmed);
  return typed === 0 ? removeAmount() : clampAmount(typed, max);
}
