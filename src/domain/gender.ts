// Gender codes of spec §3/§9: 1 male, 2 female, 3 other; the UI words are male, female, others.
import type { GenderCode } from './entities.ts';

export type GenderLabel = 'gender.male' | 'gender.female' | 'gender.others';

export const GENDER_CODES: readonly GenderCode[] = [1, 2, 3];

export const GENDER_LABEL: Readonly<Record<GenderCode, GenderLabel>> = {
  1: 'gender.male',
  2: 'gender.female',
  3: 'gender.others',
};

export const isGenderCode = (value: unknown): value is GenderCode =>
  value === 1 || value === 2 || value === 3;

/** Reads a code from a number or a form value ('1', '2', '3'); anything else gives null. */
export function parseGender(value: unknown): GenderCode | null {
  const n = typeof value === 'string' && /^\s*\d\s*$/.test(value) ? Number(value) : value;
  return isGenderCode(n) ? n : null;
}

/** Message id of a stored code, or null when unset or unknown. */
export function genderLabel(value: unknown): GenderLabel | null {
  const code = parseGender(value);
  return code === null ? null : GENDER_LABEL[code];
}
