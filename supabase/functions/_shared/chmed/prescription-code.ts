// A scanned e-prescription as the server reads it (issue 37 item 7), and its key — shared by the
// app (src/domain/emediplan: e-prescription.ts, e-prescription-check.ts) and the ePrescription
// function, so that both key a prescription alike:
// - the link: https://eprescription.hin.ch/#CHMED16A1…&i=…&t=…&s=… (the code between '#' and the
//   first '&'), a bare code, or either URL-encoded once more;
// - the key (rx_id): the code's own Id (CHMED16A `Id`, CHMED23A `id`) when it is one — printable
//   ASCII, at most RX_ID_MAX characters, and no placeholder: real HIN links carry the all-zero
//   UUID, which names no prescription —, else `sha256:` of the code, so the same code scanned
//   again is the same prescription and two codes with a placeholder are two;
// - readPrescriptionCode: the code's Id and MedType, inflated at most MAX_CHMED_JSON_BYTES; only
//   what the key and "is it a prescription" need (the app's readers read the rest).
import { gunzip, base64ToBytes } from './gzip-base64.ts';
import { MAX_CHMED_INPUT_CHARS, MAX_CHMED_JSON_BYTES, parseChmedHeader } from './header.ts';
import { field, isJsonObject, readInteger, readText } from './json-fields.ts';
import { err, ok, type Result } from './result.ts';

function decodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const PERCENT_ESCAPE = /%[0-9a-f]{2}/i;

interface LinkParts {
  chmed: string;
  params: Map<string, string>;
}

/** The CHMED part and the parameters of a link (or of a bare code). */
export function splitPrescriptionLink(raw: string): LinkParts {
  let text = raw.trim();
  // the whole link encoded once more, as when it travelled inside another URL
  if (!text.includes('#') && /%23/i.test(text) && /^[a-z][a-z0-9+.-]*(?::|%3A)/i.test(text)) text = decodeUri(text);
  let fragment = text.includes('#') ? text.slice(text.indexOf('#') + 1) : text;
  // base64 has no '%': an escape in the code means the fragment was encoded (its '&' maybe too)
  const firstAmp = fragment.indexOf('&');
  if (PERCENT_ESCAPE.test(firstAmp < 0 ? fragment : fragment.slice(0, firstAmp))) fragment = decodeUri(fragment);
  const [chmed = '', ...rest] = fragment.split('&');
  const params = new Map<string, string>();
  for (const pair of rest) {
    const eq = pair.indexOf('=');
    if (eq > 0) params.set(pair.slice(0, eq), decodeUri(pair.slice(eq + 1).replace(/\+/g, ' ')));
  }
  return { chmed: chmed.trim(), params };
}

/** The longest prescription Id kept as the key (the table's bound); longer ones are keyed by hash. */
export const RX_ID_MAX = 200;

/** An Id that names no prescription: all zeros, as the placeholder UUID real HIN links carry. */
export const isPlaceholderId = (id: string): boolean => /^[0-]+$/.test(id.trim()) && /0/.test(id);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of a prescription: its Id, else the hash of its code (see above). */
export async function prescriptionKey(id: string | null | undefined, chmed: string): Promise<string> {
  const own = id?.trim();
  if (own && own.length <= RX_ID_MAX && /^[\x21-\x7e]+$/.test(own) && !isPlaceholderId(own)) return own;
  return `sha256:${await sha256Hex(chmed.trim())}`;
}

export type CodeError = 'not_chmed' | 'unsupported_version' | 'missing_part' | 'bad_base64' | 'bad_gzip' | 'too_large' | 'bad_json' | 'bad_document';

export interface PrescriptionCode {
  format: 'CHMED16A' | 'CHMED23A';
  /** the CHMED code within the scanned text */
  chmed: string;
  /** 1 medication plan, 2 polymedication check, 3 prescription; null when unreadable */
  medType: number | null;
  /** the key: the code's Id, or the hash of the code */
  rxId: string;
}

const utf8 = new TextDecoder('utf-8');

/** The code's Id, MedType and key, read as the app reads them. Never throws. */
export async function readPrescriptionCode(raw: string): Promise<Result<PrescriptionCode, CodeError>> {
  if (raw.length > 2 * MAX_CHMED_INPUT_CHARS) return err('too_large');
  const { chmed } = splitPrescriptionLink(raw);
  const header = parseChmedHeader(chmed);
  if (!header.ok) return header;
  const h = header.value;
  if (h.subVersion !== 'A') return err('unsupported_version');
  if (h.release === '23' && h.part !== null) return err('missing_part');
  if (h.data.length > MAX_CHMED_INPUT_CHARS) return err('too_large');
  let text = h.data;
  if (h.release === '23' || h.compressed) {
    const bytes = base64ToBytes(h.data);
    if (bytes === null) return err('bad_base64');
    const inflated = await gunzip(bytes, MAX_CHMED_JSON_BYTES);
    if (!inflated.ok) return inflated;
    // ASCII is read alike in every encoding the app accepts: the Id that keys it must be ASCII
    text = utf8.decode(inflated.value);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err('bad_json');
  }
  if (!isJsonObject(json)) return err('bad_document');
  const format = h.release === '16' ? 'CHMED16A' : 'CHMED23A';
  const id = readText(field(json, format === 'CHMED16A' ? 'Id' : 'id'));
  const medType = readInteger(field(json, format === 'CHMED16A' ? 'MedType' : 'medType')) ?? null;
  return ok({ format, chmed, medType, rxId: await prescriptionKey(id, chmed) });
}
