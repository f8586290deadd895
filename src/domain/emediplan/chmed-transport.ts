// ChTransmissionFormat (chtransmissionformat/README.md of ig-emediplan/specification): the
// text in an eMediplan QR code. `CHMED` (any case), a two-digit release year, a sub-version,
// then per release: 16 -> a compression digit (0 plain JSON, 1 base64 of gzip) and the data;
// 23 -> optional part numbers `.i/n`, a dot and always base64 of gzip.
import { err, ok, type Result } from '../result.ts';
import { MAX_CHMED_INPUT_CHARS, MAX_CHMED_JSON_BYTES } from '../../../supabase/functions/_shared/chmed/header.ts';
import { base64ToBytes, bytesToBase64, gunzip, gzip } from './gzip-base64.ts';
import { isJsonObject, type JsonObject } from './json-fields.ts';
import { repairMojibake } from './mojibake.ts';

export type ChmedError =
  | 'not_chmed'
  | 'unsupported_version'
  | 'bad_base64'
  | 'bad_gzip'
  | 'too_large'
  | 'bad_json'
  | 'mojibake'
  | 'bad_document'
  | 'missing_part'
  | 'duplicate_part'
  | 'mixed_parts';

// the header and the bounds are shared with the ePrescription function
export { MAX_CHMED_INPUT_CHARS, MAX_CHMED_JSON_BYTES, parseChmedHeader, type ChmedHeader } from '../../../supabase/functions/_shared/chmed/header.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

export interface ChmedPayload {
  json: JsonObject;
  /** Some text was double-encoded (or not UTF-8 at all) and has been read back; see mojibake.ts. */
  repaired: boolean;
}

export type PayloadError = 'bad_base64' | 'bad_gzip' | 'too_large' | 'bad_json' | 'mojibake' | 'bad_document';

/** The JSON object of the data part: inflated when compressed, parsed, mojibake repaired. */
export async function decodeChmedPayload(data: string, compressed: boolean): Promise<Result<ChmedPayload, PayloadError>> {
  if (data.length > MAX_CHMED_INPUT_CHARS) return err('too_large');
  let text: string;
  let repaired = false;
  if (compressed) {
    const bytes = base64ToBytes(data);
    if (bytes === null) return err('bad_base64');
    const inflated = await gunzip(bytes, MAX_CHMED_JSON_BYTES);
    if (!inflated.ok) return inflated;
    try {
      text = strictUtf8.decode(inflated.value);
    } catch {
      // The format requires UTF-8; a single-byte encoding is the only other one seen, and
      // valid UTF-8 is never taken for it.
      text = windows1252.decode(inflated.value);
      repaired = true;
    }
  } else {
    text = data;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return err('bad_json');
  }
  if (!isJsonObject(parsed)) return err('bad_document');
  const checked = repairMojibake(parsed);
  if (checked === null) return err('mojibake');
  if (!isJsonObject(checked.value)) return err('bad_document');
  return ok({ json: checked.value, repaired: repaired || checked.repaired });
}

/** base64(gzip(UTF-8 of the JSON text)), as `gzip -n | base64 -w0` writes it. */
export async function encodeChmedPayload(jsonText: string): Promise<string> {
  return bytesToBase64(await gzip(new TextEncoder().encode(jsonText)));
}
