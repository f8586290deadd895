// The header of a CHMED transmission text (ChTransmissionFormat, chtransmissionformat/README.md of
// ig-emediplan/specification): `CHMED` (any case), a two-digit release year, a sub-version, then
// per release: 16 -> a compression digit (0 plain JSON, 1 base64 of gzip) and the data; 23 ->
// optional part numbers `.i/n`, a dot and always base64 of gzip. Shared by the app
// (src/domain/emediplan/chmed-transport.ts) and the ePrescription function.
import { err, ok, type Result } from './result.ts';

/**
 * Longest accepted input. A QR code holds at most 2953 bytes and a prescription link adds a
 * signature of ~300 characters; the bound leaves room for codes split over several parts.
 */
export const MAX_CHMED_INPUT_CHARS = 64 * 1024;
/** Largest accepted JSON after inflating: a plan of dozens of medicaments is a few KiB. */
export const MAX_CHMED_JSON_BYTES = 256 * 1024;

export type ChmedHeader =
  | { release: '16'; subVersion: string; compressed: boolean; data: string }
  | { release: '23'; subVersion: string; part: { index: number; total: number } | null; data: string };

const RELEASE_16 = /^CHMED16([A-Z])([01])([\s\S]*)$/i;
const RELEASE_23 = /^CHMED23([A-Z]+)(?:\.([1-9][0-9]*)\/([1-9][0-9]*))?\.([\s\S]*)$/i;

/** The header of a transmission text; surrounding white space (a scanner's newline) is ignored. */
export function parseChmedHeader(text: string): Result<ChmedHeader, 'not_chmed' | 'unsupported_version'> {
  const trimmed = text.trim();
  if (!/^CHMED/i.test(trimmed)) return err('not_chmed');
  const r16 = RELEASE_16.exec(trimmed);
  if (r16) return ok({ release: '16', subVersion: (r16[1] ?? '').toUpperCase(), compressed: r16[2] === '1', data: r16[3] ?? '' });
  const r23 = RELEASE_23.exec(trimmed);
  if (r23) {
    const [, subVersion = '', index, total, data = ''] = r23;
    const part = index !== undefined && total !== undefined ? { index: Number(index), total: Number(total) } : null;
    // a part number beyond the total, or "1/1", breaks the format's own rule
    if (part && (part.index > part.total || part.total < 2)) return err('unsupported_version');
    return ok({ release: '23', subVersion: subVersion.toUpperCase(), part, data });
  }
  return err('unsupported_version');
}

