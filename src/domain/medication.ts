// Medication display rules (spec §3 Medication): the name in the user's language.
import type { Language, Medication } from './entities.ts';

/** French name (dscrf) in French when present, otherwise the German name (dscrd). */
export function medicationName(med: Pick<Medication, 'dscrd' | 'dscrf'>, language: Language): string {
  const fr = med.dscrf?.trim();
  return language === 'fr' && fr ? fr : med.dscrd;
}

/** Pharmindex nincd 99: out of trade, excluded from the search (spec §7). */
export const NINCD_OUT_OF_TRADE = 99;
/** Pharmindex nincd 10: on the specialty list, in trade (generics variant of the search). */
export const NINCD_SPECIALTY_LIST = 10;
