// Mojibake: UTF-8 text that was once read as Latin-1 (or Windows-1252) and encoded again,
// so "ä" (bytes C3 A4) arrives as "Ã¤". Copies of CHMED codes like that circulate.
//
// Decided: each string is judged on its own. It is repaired when the repair is unambiguous —
// every character maps back to one byte, those bytes are valid UTF-8, and the result is
// plausible European text that no longer looks double-encoded. A string that mixes broken and
// sound accents (or is broken twice over) cannot be repaired without guessing: the reader
// answers `mojibake` instead of showing garbage.
import type { JsonValue } from './json-fields.ts';

// Windows-1252 puts printable characters on 0x80-0x9F, where Latin-1 has control codes.
const CP1252: Readonly<Record<number, number>> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
  0x02c6: 0x88, 0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91,
  0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98,
  0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b, 0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

const CONTINUATION = `\\u0080-\\u00BF${Object.keys(CP1252)
  .map((code) => `\\u${Number(code).toString(16).padStart(4, '0')}`)
  .join('')}`;

// A whole UTF-8 sequence read as single characters: a lead byte followed by as many
// continuation bytes as it announces. Sound German, French or Italian text hardly ever has one.
const C = `[${CONTINUATION}]`;
const DOUBLE_ENCODED = new RegExp(`[\\u00C2-\\u00DF]${C}|[\\u00E0-\\u00EF]${C}{2}|[\\u00F0-\\u00F4]${C}{3}`);

// What a repair may yield: the letters of the languages a Swiss plan is written in and their
// neighbours (Basic Latin, Latin-1, Latin Extended-A, the Romanian comma letters), general
// punctuation, the euro and trade mark signs. A "repair" to anything else means the text was
// sound and is left as it is: Ü followed by ’ would become a Syriac letter, "È" and a no-break
// space "Ƞ", "Ç’" "ǒ" (issue 38) — letters no plan holds, less plausible than what was there.
const plausible = (text: string): boolean =>
  [...text].every((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x180 || (code >= 0x218 && code <= 0x21b) || (code >= 0x2000 && code <= 0x206f) || code === 0x20ac || code === 0x2122;
  });

export const looksDoubleEncoded = (text: string): boolean => DOUBLE_ENCODED.test(text);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The characters as bytes, read as UTF-8; null when that is not valid UTF-8. */
function readBack(text: string): string | null {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code <= 0xff ? code : CP1252[code];
    if (byte === undefined) return null;
    bytes[i] = byte;
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** The text read back as UTF-8, or null when that is not unambiguous. */
export function repairDoubleEncoded(text: string): string | null {
  const repaired = readBack(text);
  return repaired === null || looksDoubleEncoded(repaired) || !plausible(repaired) ? null : repaired;
}

const EVERY_SEQUENCE = new RegExp(DOUBLE_ENCODED.source, 'g');

type Verdict = { kind: 'sound' } | { kind: 'repaired'; text: string } | { kind: 'broken' };

function judge(text: string): Verdict {
  // a sequence that reads back as a Latin letter or a punctuation mark is double-encoded; one
  // that would give something else ("ß–" in "Süß–Sauer") is sound text by chance
  const evidence = [...text.matchAll(EVERY_SEQUENCE)].some(([sequence]) => {
    const char = readBack(sequence);
    return char !== null && plausible(char);
  });
  if (!evidence) return { kind: 'sound' };
  const repaired = repairDoubleEncoded(text);
  return repaired === null ? { kind: 'broken' } : { kind: 'repaired', text: repaired };
}

export type MojibakeOutcome = { value: JsonValue; repaired: boolean } | null;

/**
 * Every string of a parsed document checked and, where needed, repaired; null when one of
 * them cannot be repaired.
 */
export function repairMojibake(value: JsonValue): MojibakeOutcome {
  let repaired = false;
  let failed = false;
  const visit = (v: JsonValue): JsonValue => {
    if (typeof v === 'string') {
      const verdict = judge(v);
      if (verdict.kind === 'broken') failed = true;
      if (verdict.kind !== 'repaired') return v;
      repaired = true;
      return verdict.text;
    }
    if (Array.isArray(v)) return v.map(visit);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, JsonValue> = {};
      for (const [key, entry] of Object.entries(v)) out[key] = visit(entry);
      return out;
    }
    return v;
  };
  const out = visit(value);
  return failed ? null : { value: out, repaired };
}
