// The scanned HIN e-prescription (README of certifaction/hinsign-cli, "QR code
// specification", at commit 64b1411): https://eprescription.hin.ch/#CHMED16A1…&i=<issuer>&t=<unix
// time>&s=<signature>. The data sits in the fragment so that it never reaches a server;
// readers take what lies between '#' and the first '&'. The signature is the pharmacy's to
// verify (HIN's verify call); it is passed on untouched.
//
// Also read: a bare CHMED16A code, the link with its fragment (or all of it) URL-encoded, and a
// CHMED23A prescription code. A document that is no prescription is named for what it is.
import { err, ok } from '../result.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import { decodeChmed16a } from './chmed16a.ts';
import type { Chmed23aDocument } from './chmed23a-model.ts';
import { decodeChmed23a } from './chmed23a.ts';
import { splitPrescriptionLink } from '../../../supabase/functions/_shared/chmed/prescription-code.ts';
import { MAX_CHMED_INPUT_CHARS, parseChmedHeader, type ChmedError } from './chmed-transport.ts';

export type EPrescriptionDocument = { format: 'CHMED16A'; doc: Chmed16aDocument } | { format: 'CHMED23A'; doc: Chmed23aDocument };

export type EPrescription = EPrescriptionDocument & {
  /** The scanned text exactly as given. */
  raw: string;
  /** The CHMED code within it. */
  chmed: string;
  /** `t` of the link: when HIN signed it (ISO 8601, UTC). */
  issuedAt?: string;
  /** `i` of the link: the signer's name and HIN id. */
  issuer?: string;
  /** `s` of the link, for the pharmacy's verification. */
  signature?: string;
  /** Double-encoded text was read back (see mojibake.ts). */
  repaired: boolean;
};

/** What a scanned text is when it is no prescription. */
export type NotAPrescription = 'plan' | 'polymedication_check' | 'link' | 'text';

export type EPrescriptionResult =
  | { ok: true; value: EPrescription }
  | { ok: false; error: ChmedError }
  | { ok: false; error: 'not_a_prescription'; found: NotAPrescription };

// the link's parts, as the ePrescription function splits them too
export { splitPrescriptionLink } from '../../../supabase/functions/_shared/chmed/prescription-code.ts';

const looksLikeLink = (text: string): boolean => /^[a-z][a-z0-9+.-]*:\S/i.test(text) || /^www\.\S/i.test(text);

function issuedAt(t: string | undefined): string | undefined {
  if (t === undefined || !/^\d{1,12}$/.test(t)) return undefined;
  return new Date(Number(t) * 1000).toISOString();
}

const notPrescription = (found: NotAPrescription): EPrescriptionResult => ({ ok: false, error: 'not_a_prescription', found });

function kindOf(medType: number): NotAPrescription | null {
  if (medType === 3) return null;
  return medType === 2 ? 'polymedication_check' : 'plan';
}

/** Reads a scanned e-prescription. Never throws. */
export async function readEPrescription(raw: string): Promise<EPrescriptionResult> {
  if (raw.length > 2 * MAX_CHMED_INPUT_CHARS) return err('too_large');
  const { chmed, params } = splitPrescriptionLink(raw);
  const header = parseChmedHeader(chmed);
  if (!header.ok) {
    if (header.error === 'unsupported_version') return header;
    return notPrescription(looksLikeLink(raw.trim()) ? 'link' : 'text');
  }
  const link = {
    raw,
    chmed,
    ...(issuedAt(params.get('t')) ? { issuedAt: issuedAt(params.get('t')) } : {}),
    ...(params.get('i') ? { issuer: params.get('i') } : {}),
    ...(params.get('s') ? { signature: params.get('s') } : {}),
  };
  if (header.value.release === '16') {
    const decoded = await decodeChmed16a(chmed);
    if (!decoded.ok) return decoded;
    const found = kindOf(decoded.value.doc.MedType);
    if (found) return notPrescription(found);
    return ok({ ...link, format: 'CHMED16A', doc: decoded.value.doc, repaired: decoded.value.repaired });
  }
  const decoded = await decodeChmed23a(chmed);
  if (!decoded.ok) return decoded;
  const found = kindOf(decoded.value.doc.medType);
  if (found) return notPrescription(found);
  return ok({ ...link, format: 'CHMED23A', doc: decoded.value.doc, repaired: decoded.value.repaired });
}
