// CHMED16A in ChTransmissionFormat: 'CHMED16A1' + base64(gzip(JSON)) (what readers scan
// today) or 'CHMED16A0' + JSON (allowed, not recommended). decode(encode(doc)) equals doc.
import { err, ok, type Result } from '../result.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import { readChmed16a } from './chmed16a-read.ts';
import {
  decodeChmedPayload,
  encodeChmedPayload,
  MAX_CHMED_INPUT_CHARS,
  parseChmedHeader,
  type ChmedError,
} from './chmed-transport.ts';

export const CHMED16A_COMPRESSED_PREFIX = 'CHMED16A1';
export const CHMED16A_PLAIN_PREFIX = 'CHMED16A0';

export async function encodeChmed16a(doc: Chmed16aDocument, { compressed = true }: { compressed?: boolean } = {}): Promise<string> {
  return compressed
    ? CHMED16A_COMPRESSED_PREFIX + (await encodeChmedPayload(JSON.stringify(doc)))
    : CHMED16A_PLAIN_PREFIX + JSON.stringify(doc);
}

export interface DecodedChmed16a {
  doc: Chmed16aDocument;
  compressed: boolean;
  /** Double-encoded text was read back unambiguously (see mojibake.ts); the UI may say so. */
  repaired: boolean;
}

/** Never throws: every failure is an error code. */
export async function decodeChmed16a(text: string): Promise<Result<DecodedChmed16a, ChmedError>> {
  // the prefix and the compression digit come before the bounded data
  if (text.length > MAX_CHMED_INPUT_CHARS + 16) return err('too_large');
  const header = parseChmedHeader(text);
  if (!header.ok) return header;
  const { value } = header;
  if (value.release !== '16' || value.subVersion !== 'A') return err('unsupported_version');
  try {
    const payload = await decodeChmedPayload(value.data, value.compressed);
    if (!payload.ok) return payload;
    const doc = readChmed16a(payload.value.json);
    if (!doc.ok) return doc;
    return ok({ doc: doc.value, compressed: value.compressed, repaired: payload.value.repaired });
  } catch {
    // a JSON nested deeper than the stack allows
    return err('bad_json');
  }
}
