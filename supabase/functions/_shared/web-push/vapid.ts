// VAPID (RFC 8292): how the application server identifies itself to a push service. A
// subscription made with our public key as `applicationServerKey` only takes pushes whose
// Authorization header carries a JWT signed by the matching private key.
//
// The keys as strings (secrets, environment):
// - public key: the uncompressed P-256 point 0x04||x||y (65 bytes), base64url: what
//   `pushManager.subscribe({ applicationServerKey })` takes in the browser;
// - private key: the 32-byte scalar `d`, base64url: the format of the web-push libraries
//   (`npx web-push generate-vapid-keys`), so a key pair can move between tools. WebCrypto cannot
//   import a bare scalar, so it is imported as a JWK together with x and y of the public key.
import { fromBase64Url, toBase64Url, utf8 } from './bytes.ts';

export interface VapidKeyStrings {
  publicKey: string;
  privateKey: string;
}

/** The key pair imported once, ready to sign. */
export interface VapidKeys {
  /** the public key as base64url uncompressed point: the header's `k=` */
  publicKey: string;
  signingKey: CryptoKey;
}

export interface VapidSender {
  keys: VapidKeys;
  /** a `mailto:` or `https:` contact for the push service's operator */
  subject: string;
}

/** RFC 8292 §2: `exp` at most 24 hours ahead. */
export const VAPID_MAX_LIFETIME_S = 24 * 60 * 60;
/** Half the maximum: a push service whose clock runs ahead still accepts the token. */
export const VAPID_LIFETIME_S = 12 * 60 * 60;

const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** A 65-byte uncompressed P-256 point from base64url (no check that it lies on the curve). */
function decodePoint(text: string, what: string): Uint8Array<ArrayBuffer> {
  let point: Uint8Array<ArrayBuffer>;
  try {
    point = fromBase64Url(text);
  } catch {
    throw new TypeError(`${what} is not base64url`);
  }
  if (point.length !== 65 || point[0] !== 0x04) throw new TypeError(`${what} is not an uncompressed P-256 point`);
  return point;
}

export async function generateVapidKeys(): Promise<VapidKeyStrings> {
  const pair = await crypto.subtle.generateKey(P256, true, ['sign', 'verify']);
  const point = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  if (!d) throw new Error('the generated private key has no d');
  return { publicKey: toBase64Url(point), privateKey: d };
}

export async function importVapidKeys(strings: VapidKeyStrings): Promise<VapidKeys> {
  const point = decodePoint(strings.publicKey, 'VAPID public key');
  let d: Uint8Array;
  try {
    d = fromBase64Url(strings.privateKey);
  } catch {
    throw new TypeError('VAPID private key is not base64url');
  }
  if (d.length !== 32) throw new TypeError('VAPID private key is not a 32-byte P-256 scalar');
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)), d: toBase64Url(d) };
  let signingKey: CryptoKey;
  let verifyKey: CryptoKey;
  try {
    signingKey = await crypto.subtle.importKey('jwk', jwk, P256, false, ['sign']);
    verifyKey = await crypto.subtle.importKey('raw', point, P256, false, ['verify']);
  } catch {
    throw new TypeError('VAPID keys are not a P-256 key pair');
  }
  // Not every WebCrypto checks that d belongs to x and y; a mismatched pair would sign tokens
  // that every push service refuses, push after push, so it is refused once here.
  const probe = utf8('VAPID key pair check');
  const signature = await crypto.subtle.sign(ES256, signingKey, probe);
  if (!(await crypto.subtle.verify(ES256, verifyKey, signature, probe))) {
    throw new TypeError('VAPID private key does not belong to the public key');
  }
  return { publicKey: toBase64Url(point), signingKey };
}

/**
 * A contact a push service accepts as `sub`: `mailto:` with an address in a real domain, or
 * an `https:` URL. Apple's push service answers 403 BadJwtToken to anything else, including
 * `mailto:…@localhost` (web-push-libs/web-push#947).
 */
export function isVapidSubject(subject: string): boolean {
  if (subject.startsWith('mailto:')) return /^mailto:[^\s@/]+@[^\s@/]+\.[a-z]{2,}$/i.test(subject);
  if (!subject.startsWith('https:')) return false;
  try {
    const url = new URL(subject);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * `Authorization: vapid t=<jwt>, k=<public key>` (RFC 8292 §3) for a push to `endpoint`:
 * an ES256 JWT with `aud` = the endpoint's origin, `exp` = now + 12 h, `sub` = the contact.
 * Throws a TypeError for a subject push services refuse.
 */
export async function vapidAuthorization(endpoint: string, sender: VapidSender, now: Date): Promise<string> {
  if (!isVapidSubject(sender.subject)) throw new TypeError(`VAPID subject must be a mailto: address or an https: URL, not "${sender.subject}"`);
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now.getTime() / 1000) + VAPID_LIFETIME_S, sub: sender.subject };
  const signingInput = `${encodeJson({ typ: 'JWT', alg: 'ES256' })}.${encodeJson(claims)}`;
  // WebCrypto's ECDSA signature is r||s (IEEE P1363), which is JOSE's format; no DER to unwrap.
  const signature = new Uint8Array(await crypto.subtle.sign(ES256, sender.keys.signingKey, utf8(signingInput)));
  return `vapid t=${signingInput}.${toBase64Url(signature)}, k=${sender.keys.publicKey}`;
}

const encodeJson = (value: unknown): string => toBase64Url(utf8(JSON.stringify(value)));
