// Tolerant readers for the fields of a parsed CHMED document. The specification asks readers
// to ignore what they do not know; real codes also write numbers as strings, keys in another
// case ("EMail") and empty strings for absent values. Each reader answers undefined for a
// value it cannot use, so the caller leaves the field out instead of failing.

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value under `name`; a key spelt in another case counts when the exact one is absent. */
export function field(object: JsonObject, name: string): JsonValue | undefined {
  if (Object.hasOwn(object, name)) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

const NUMERIC = /^\s*-?\d+(?:[.,]\d+)?\s*$/;

/** A non-empty string; a finite number is written out ("Id": 2333266 is the same id). */
export function readText(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A finite number, also from a numeric string ("3", "0.5", "0,5"). */
export function readNumber(value: JsonValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value.trim().replace(',', '.'));
  return undefined;
}

/**
 * A whole number ("3" and 3.0 too); anything else is not read (issue 38: IdType 3.6 is no code,
 * and rounding it to 4 would make it another one).
 */
export function readInteger(value: JsonValue | undefined): number | undefined {
  const n = readNumber(value);
  return n === undefined || !Number.isInteger(n) ? undefined : n;
}

/** A boolean, also from 0/1 and "true"/"false" (CHMED16A writes flags as 0/1). */
export function readBoolean(value: JsonValue | undefined): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const n = readNumber(value);
  if (n === 0 || n === 1) return n === 1;
  if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === 'true';
  return undefined;
}

/**
 * The entries of a list that `read` accepts; a lone value stands for a list of one. An empty
 * or unusable list gives undefined (the field is left out, as the specification recommends).
 */
export function readList<T>(value: JsonValue | undefined, read: (entry: JsonValue) => T | undefined): T[] | undefined {
  if (value === undefined || value === null) return undefined;
  const entries = Array.isArray(value) ? value : [value];
  const out: T[] = [];
  for (const entry of entries) {
    const read1 = read(entry);
    if (read1 !== undefined) out.push(read1);
  }
  return out.length > 0 ? out : undefined;
}

/** A copy without the keys whose value is undefined (what JSON.stringify would drop anyway). */
export function compact<T extends object>(object: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) if (value !== undefined) out[key] = value;
  return out as T;
}

