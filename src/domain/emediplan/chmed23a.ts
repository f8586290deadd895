// CHMED23A in ChTransmissionFormat: 'CHMED23A.' + base64(gzip(JSON)), always compressed, and
// the split form 'CHMED23A.{i}/{n}.{data}' for codes too long for one QR code. The parts carry
// no shared id (chtransmissionformat/README.md): whoever collects them keeps them together.
import { err, ok, type Result } from '../result.ts';
import type { Chmed23aDocument } from './chmed23a-model.ts';
import { readChmed23a } from './chmed23a-read.ts';
import {
  decodeChmedPayload,
  encodeChmedPayload,
  MAX_CHMED_INPUT_CHARS,
  parseChmedHeader,
  type ChmedError,
} from './chmed-transport.ts';
import type { JsonObject } from './json-fields.ts';

export const CHMED23A_PREFIX = 'CHMED23A.';

export async function encodeChmed23a(doc: Chmed23aDocument): Promise<string> {
  return CHMED23A_PREFIX + (await encodeChmedPayload(JSON.stringify(doc)));
}

/**
 * A code split into parts of at most `maxPartLength` characters each, headers included, as
 * few as possible and of even size; the code itself (one part) when it fits. Null when it is
 * no CHMED23A code or not even one character of data fits beside a header.
 */
export function splitChmed23a(code: string, maxPartLength: number): string[] | null {
  if (!code.startsWith(CHMED23A_PREFIX)) return null;
  if (code.length <= maxPartLength) return [code];
  const data = code.slice(CHMED23A_PREFIX.length);
  for (let total = 2; total <= data.length; total++) {
    const room = maxPartLength - `${CHMED23A_PREFIX}${total}/${total}.`.length;
    if (room < 1) return null;
    const size = Math.ceil(data.length / total);
    if (size <= room) {
      return Array.from({ length: total }, (_, i) => `${CHMED23A_PREFIX}${i + 1}/${total}.${data.slice(i * size, (i + 1) * size)}`);
    }
  }
  return null;
}

/** The one code the parts make, from the parts in any order. */
export function joinChmed23aParts(parts: readonly string[]): Result<string, ChmedError> {
  const data = new Map<number, string>();
  let total: number | null = null;
  let subVersion: string | null = null;
  for (const part of parts) {
    const header = parseChmedHeader(part);
    if (!header.ok) return header;
    const h = header.value;
    if (h.release !== '23') return err('unsupported_version');
    if (h.part === null) return parts.length === 1 ? ok(part.trim()) : err('mixed_parts');
    if ((total !== null && h.part.total !== total) || (subVersion !== null && h.subVersion !== subVersion)) return err('mixed_parts');
    total = h.part.total;
    subVersion = h.subVersion;
    if (data.has(h.part.index)) return err('duplicate_part');
    data.set(h.part.index, h.data.trim());
  }
  if (total === null || data.size !== total) return err('missing_part');
  let joined = `CHMED23${subVersion ?? 'A'}.`;
  for (let i = 1; i <= total; i++) joined += data.get(i) ?? '';
  return ok(joined);
}

/** The JSON object of a CHMED23 code (or its parts), whatever its keys: the transport alone. */
export async function decodeChmed23Transport(input: string | readonly string[]): Promise<Result<{ json: JsonObject; subVersion: string; repaired: boolean }, ChmedError>> {
  const parts = typeof input === 'string' ? [input] : input;
  if (parts.reduce((n, p) => n + p.length, 0) > MAX_CHMED_INPUT_CHARS + 16 * parts.length) return err('too_large');
  const joined = joinChmed23aParts(parts);
  if (!joined.ok) return joined;
  const header = parseChmedHeader(joined.value);
  if (!header.ok) return header;
  if (header.value.release !== '23') return err('unsupported_version');
  try {
    const payload = await decodeChmedPayload(header.value.data, true);
    if (!payload.ok) return payload;
    return ok({ ...payload.value, subVersion: header.value.subVersion });
  } catch {
    return err('bad_json');
  }
}

export interface DecodedChmed23a {
  doc: Chmed23aDocument;
  repaired: boolean;
}

/** A CHMED23A code, or all the parts of one in any order. Never throws. */
export async function decodeChmed23a(input: string | readonly string[]): Promise<Result<DecodedChmed23a, ChmedError>> {
  const transport = await decodeChmed23Transport(input);
  if (!transport.ok) return transport;
  if (transport.value.subVersion !== 'A') return err('unsupported_version');
  try {
    const doc = readChmed23a(transport.value.json);
    return doc.ok ? ok({ doc: doc.value, repaired: transport.value.repaired }) : doc;
  } catch {
    // extensions nested deeper than the stack allows
    return err('bad_json');
  }
}
