// The receiving side of RFC 8291 (what the browser does with a push message): reads the
// aes128gcm header, derives the key from the subscription's private key, auth secret and the
// sender's public key (the header's key id), decrypts the one record and strips its padding.
// Used by the stand-in push service of the tests (tests/support/push-service.ts).
import { deriveContentKeys } from './content-keys.ts';

export interface PushReceiverKeys {
  /** the subscription's ECDH P-256 private key */
  privateKey: CryptoKey;
  /** the subscription's public key, uncompressed point (p256dh) */
  publicKey: Uint8Array<ArrayBuffer>;
  /** the 16-byte auth secret */
  authSecret: Uint8Array<ArrayBuffer>;
}

export type PushDecryptErrorCode =
  | 'truncated' // shorter than its header says
  | 'bad_key_id' // the key id is not a P-256 public key (RFC 8291 §4)
  | 'bad_record_size' // below the minimum of RFC 8188 §2
  | 'multiple_records' // RFC 8291 §4: a push message is one record
  | 'auth_failed' // AES-GCM tag mismatch: wrong keys or altered bytes
  | 'bad_padding'; // no last-record delimiter 0x02

export class PushDecryptError extends Error {
  constructor(readonly code: PushDecryptErrorCode) {
    super(`push message cannot be decrypted: ${code}`);
    this.name = 'PushDecryptError';
  }
}

const TAG_SIZE = 16;

export async function decryptPayload(body: Uint8Array, keys: PushReceiverKeys): Promise<Uint8Array<ArrayBuffer>> {
  if (body.length < 21) throw new PushDecryptError('truncated');
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const salt = body.slice(0, 16);
  const recordSize = view.getUint32(16);
  const idLength = body[20] ?? 0;
  if (body.length < 21 + idLength) throw new PushDecryptError('truncated');
  const asPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  if (idLength !== 65 || asPublic[0] !== 0x04) throw new PushDecryptError('bad_key_id');
  if (recordSize < TAG_SIZE + 2) throw new PushDecryptError('bad_record_size');
  if (ciphertext.length > recordSize) throw new PushDecryptError('multiple_records');
  if (ciphertext.length < TAG_SIZE + 1) throw new PushDecryptError('truncated');

  const { cek, nonce } = await deriveContentKeys({
    privateKey: keys.privateKey,
    peerPublic: asPublic,
    uaPublic: keys.publicKey,
    asPublic,
    authSecret: keys.authSecret,
    salt,
  }).catch(() => {
    throw new PushDecryptError('bad_key_id');
  });
  let record: Uint8Array<ArrayBuffer>;
  try {
    record = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, tagLength: TAG_SIZE * 8 }, cek, ciphertext));
  } catch {
    throw new PushDecryptError('auth_failed');
  }
  // RFC 8188 §2: the plaintext is followed by the delimiter and any number of zero bytes
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  if (end < 0 || record[end] !== 0x02) throw new PushDecryptError('bad_padding');
  return record.slice(0, end);
}
