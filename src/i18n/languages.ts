// Language rules of spec §1: de and fr, French when the browser language contains "fr",
// German otherwise; /de and /fr path prefixes choose a language and are then dropped.
import { DEFAULT_LANGUAGE, LANGUAGES as DOMAIN_LANGUAGES } from '../domain/constants.ts';
import type { Language } from '../domain/entities';

export type Lang = Language;
export const LANGUAGES: readonly Lang[] = DOMAIN_LANGUAGES;
export const DEFAULT_LANG: Lang = DEFAULT_LANGUAGE;

/** Where this device keeps the chosen language (localStorage; language-store.ts, and index.html's catalogue preload). */
export const LANG_STORAGE_KEY = 'lang';

export const isLang = (value: unknown): value is Lang => value === 'de' || value === 'fr';

/** spec §1: "French if the browser language contains fr, otherwise German". */
export function detectLanguage(browserLanguage: string | undefined | null): Lang {
  return browserLanguage && browserLanguage.toLowerCase().includes('fr') ? 'fr' : DEFAULT_LANG;
}

/**
 * spec §2: /de/{any}, /fr/{any}, /de, /fr set the language and redirect to the same path
 * without the prefix (or to /). Returns null when the path has no language prefix.
 */
export function splitLanguagePrefix(path: string): { lang: Lang; path: string } | null {
  const match = /^\/(de|fr)(\/.*)?$/.exec(path);
  if (!match) return null;
  const rest = match[2] && match[2] !== '/' ? match[2] : '/';
  return { lang: match[1] as Lang, path: rest };
}

/** spec §8 "Missing translation": the last segment of the key, in quotes. */
export function missingTranslation(id: string): string {
  const segments = id.split('.');
  return `"${segments[segments.length - 1]}"`;
}
