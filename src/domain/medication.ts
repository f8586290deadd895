// Medication display rules (spec §3 Medication): the name in the user's language.
import type { Language, Medication, PatientInformation } from './entities.ts';

/** French name (dscrf) in French when present, otherwise the German name (dscrd). */
export function medicationName(med: Pick<Medication, 'dscrd' | 'dscrf'>, language: Language): string {
  const fr = med.dscrf?.trim();
  return language === 'fr' && fr ? fr : med.dscrd;
}

/** Pharmindex nincd 99: out of trade, excluded from the search (spec §7). */
export const NINCD_OUT_OF_TRADE = 99;
/** Pharmindex nincd 10: on the specialty list, in trade (generics variant of the search). */
export const NINCD_SPECIALTY_LIST = 10;

/** A text of the compendium and the language it is written in. */
export interface LocalisedText {
  text: string;
  language: Language;
  /** the UI language has no text: this is the other language's */
  otherLanguage: boolean;
}

/**
 * The patient information in the UI language (spec §7: content_de / content_fr); when only the
 * other language has a text, that one, marked as such; null when neither has one (spec §8
 * "Missing compendium text").
 */
export function patientInformationText(info: Pick<PatientInformation, 'content_de' | 'content_fr'> | null | undefined, language: Language): LocalisedText | null {
  const text = (lang: Language) => (lang === 'fr' ? info?.content_fr : info?.content_de)?.trim() || null;
  const other: Language = language === 'fr' ? 'de' : 'fr';
  const own = text(language);
  if (own) return { text: own, language, otherLanguage: false };
  const fallback = text(other);
  return fallback ? { text: fallback, language: other, otherLanguage: true } : null;
}

/** The generics calculator compares only medications on the specialty list (spec §8, nincd 10). */
export const isOnSpecialtyList = (med: Pick<Medication, 'nincd'>): boolean => Number(med.nincd) === NINCD_SPECIALTY_LIST;
