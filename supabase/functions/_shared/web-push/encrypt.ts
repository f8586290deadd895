// Encrypts a push message for one subscription (RFC 8291 with the aes128gcm content coding of
// RFC 8188): a fresh ECDH key pair and salt per message, one record, padding delimiter 0x02.
// Body = salt (16) || record size (uint32) || key id length (1) = 65 || ephemeral public key
// (65) || AES-128-GCM(plaintext || 0x02) with its 16-byte tag.
import { concatBytes, fromBase64Url, utf8 } from './bytes.ts';
import { deriveContentKeys } from './content-keys.ts';

/** The keys of a PushSubscription as `subscription.toJSON().keys` gives them (base64url). */
export interface PushSubscriptionKeys {
  p256dh: string;
  auth: string;
}

export interface EncryptOptions {
  /** Only for test vectors: a fixed salt (16 bytes) instead of a random one. */
  salt?: Uint8Array<ArrayBuffer>;
  /** Only for test vectors: a fixed ECDH P-256 key pair instead of a fresh one. */
  ephemeralKeys?: CryptoKeyPair;
}

export const RECORD_SIZE = 4096;
export const HEADER_SIZE = 16 + 4 + 1 + 65;
const TAG_SIZE = 16;
/** RFC 8030 §7.2: push services must take 4096 bytes of body; what is left for the payload. */
export const MAX_PAYLOAD_BYTES = 4096 - HEADER_SIZE - TAG_SIZE - 1;

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** The subscription's keys as bytes; throws a TypeError for keys a browser would not give. */
export function decodeSubscriptionKeys(keys: PushSubscriptionKeys): { uaPublic: Uint8Array<ArrayBuffer>; authSecret: Uint8Array<ArrayBuffer> } {
  let uaPublic: Uint8Array<ArrayBuffer>;
  let authSecret: Uint8Array<ArrayBuffer>;
  try {
    uaPublic = fromBase64Url(keys.p256dh);
    authSecret = fromBase64Url(keys.auth);
  } catch {
    throw new TypeError('subscription keys are not base64url');
  }
  if (uaPublic.length !== 65 || uaPublic[0] !== 0x04) throw new TypeError('p256dh is not an uncompressed P-256 point');
  if (authSecret.length !== 16) throw new TypeError('auth is not a 16-byte secret');
  return { uaPublic, authSecret };
}

export async function encryptPayload(payload: string | Uint8Array, keys: PushSubscriptionKeys, options: EncryptOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const plaintext = typeof payload === 'string' ? utf8(payload) : payload;
  if (plaintext.length > MAX_PAYLOAD_BYTES) throw new RangeError(`push payload of ${plaintext.length} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
  const { uaPublic, authSecret } = decodeSubscriptionKeys(keys);
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (salt.length !== 16) throw new RangeError('the salt must be 16 bytes');
  const ephemeral = options.ephemeralKeys ?? (await crypto.subtle.generateKey(ECDH_P256, false, ['deriveBits']));
  const asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey));

  const { cek, nonce } = await deriveContentKeys({ privateKey: ephemeral.privateKey, peerPublic: uaPublic, uaPublic, asPublic, authSecret, salt }).catch(() => {
    throw new TypeError('p256dh is not a public key on P-256');
  });
  // a single record, so its padding delimiter is the last-record one (RFC 8188 §2)
  const record = concatBytes(plaintext, Uint8Array.of(0x02));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, tagLength: TAG_SIZE * 8 }, cek, record));

  const header = new Uint8Array(HEADER_SIZE);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concatBytes(header, ciphertext);
}
