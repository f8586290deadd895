// The four-number dosage of spec §3/§9: morning-noon-evening-night, exactly four values.
// Stored shape (decided, as in the migration): an array of four numbers (numeric[4]);
// a string "1-0-1-0" ('.' or ',' as decimal mark) is accepted as well. Anything else is
// rejected with an error code; nothing here throws.
import type { StoredDosage } from './entities.ts';
import { err, ok, type Result } from './result.ts';

export type Dosage = readonly [morning: number, noon: number, evening: number, night: number];
export type DosageError = 'dosage.missing' | 'dosage.notFourValues' | 'dosage.invalidValue' | 'dosage.unsupported';

export const DOSAGE_LENGTH = 4;
const NUMBER = /^\d+(?:[.,]\d+)?$/;

const validNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** Parses a stored dosage; never throws. Values are non-negative and may be fractions (0.5). */
/** `value` is typically a StoredDosage (or null); any other input gives an error. */
export function parseDosage(value: unknown): Result<Dosage, DosageError> {
  if (value === null || value === undefined || value === '') return err('dosage.missing');
  let numbers: unknown[];
  if (typeof value === 'string') {
    const parts = value.split('-').map((p) => p.trim());
    if (parts.length !== DOSAGE_LENGTH) return err('dosage.notFourValues');
    if (!parts.every((p) => NUMBER.test(p))) return err('dosage.invalidValue');
    numbers = parts.map((p) => Number(p.replace(',', '.')));
  } else if (Array.isArray(value)) {
    numbers = value;
    if (numbers.length !== DOSAGE_LENGTH) return err('dosage.notFourValues');
  } else {
    return err('dosage.unsupported');
  }
  const [a, b, c, d] = numbers;
  if (!validNumber(a) || !validNumber(b) || !validNumber(c) || !validNumber(d)) return err('dosage.invalidValue');
  return ok([a, b, c, d]);
}

/**
 * "1-0-1-0". Without a locale numbers are written as stored ("0.5"); with one, in that
 * locale's decimal mark ("0,5" in fr-CH).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string): Intl.NumberFormat => {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false })));
  return f;
};

export function formatDosage(dosage: Dosage, locale?: string): string {
  const write = locale ? (n: number) => numberFormat(locale).format(n) : (n: number) => String(n);
  return dosage.map(write).join('-');
}

/** The stored form of a dosage (canonical array of four numbers). */
export const toStoredDosage = (dosage: Dosage): number[] => [...dosage];

/** Formats a stored value for display, or null when it cannot be read. */
export function formatStoredDosage(value: StoredDosage | null | undefined, locale?: string): string | null {
  const parsed = parseDosage(value);
  return parsed.ok ? formatDosage(parsed.value, locale) : null;
}
