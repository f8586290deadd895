// The content encryption key and nonce of one push message (RFC 8291 §3.3-3.4, RFC 8188 §2.2-2.3).
// Both sides derive the same pair: the sender from its ephemeral private key and the
// subscription's public key, the receiver from the subscription's private key and the sender's
// public key carried in the message header. Shared by encrypt.ts and decrypt.ts.
import { concatBytes, utf8 } from './bytes.ts';

export interface ContentKeyInput {
  /** this side's ECDH private key */
  privateKey: CryptoKey;
  /** the other side's public key (uncompressed point) */
  peerPublic: Uint8Array<ArrayBuffer>;
  /** the subscription's public key (ua_public) and the sender's (as_public): both go into key_info */
  uaPublic: Uint8Array;
  asPublic: Uint8Array;
  authSecret: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}

export interface ContentKeys {
  /** AES-128-GCM key */
  cek: CryptoKey;
  /** the 12-byte nonce of the first (here: only) record */
  nonce: Uint8Array<ArrayBuffer>;
}

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** An ECDH public key from its uncompressed point; throws when the point is not on P-256. */
async function importEcdhPublicKey(point: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', point, ECDH_P256, true, []);
}

export async function deriveContentKeys(input: ContentKeyInput): Promise<ContentKeys> {
  const peer = await importEcdhPublicKey(input.peerPublic);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, input.privateKey, 256));
  // RFC 8291 §3.4: the auth secret salts the ECDH secret, bound to both public keys
  const keyInfo = concatBytes(utf8('WebPush: info\0'), input.uaPublic, input.asPublic);
  const ikm = await hkdf(input.authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2-2.3: key and nonce from the salt of the header
  const cek = await hkdf(input.salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(input.salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  return { cek: await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt', 'decrypt']), nonce };
}

// WebCrypto's HKDF is extract-then-expand (RFC 5869), as RFC 8291 and RFC 8188 use it.
async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}
