import { describe, expect, it } from 'vitest';
import { concatBytes, fromBase64Url, toBase64Url } from './bytes.ts';
import { deriveContentKeys } from './content-keys.ts';
import { decryptPayload, PushDecryptError, type PushDecryptErrorCode } from './decrypt.ts';
import { encryptPayload } from './encrypt.ts';
import { RFC8291, rfcReceiverKeys, rfcSenderKeys } from './rfc8291-example.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A message whose record (plaintext with its padding) and record size the test chooses. */
async function craft(record: Uint8Array, recordSize = 4096): Promise<Uint8Array<ArrayBuffer>> {
  const salt = fromBase64Url(RFC8291.salt);
  const asPublic = fromBase64Url(RFC8291.asPublic);
  const uaPublic = fromBase64Url(RFC8291.uaPublic);
  const { privateKey } = await rfcSenderKeys();
  const { cek, nonce } = await deriveContentKeys({ privateKey, peerPublic: uaPublic, uaPublic, asPublic, authSecret: fromBase64Url(RFC8291.authSecret), salt });
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, cek, Uint8Array.from(record)));
  const header = new Uint8Array(21);
  header.set(salt);
  new DataView(header.buffer).setUint32(16, recordSize);
  header[20] = 65;
  return concatBytes(header, asPublic, ciphertext);
}

async function failure(body: Uint8Array, keys?: Awaited<ReturnType<typeof rfcReceiverKeys>>): Promise<PushDecryptErrorCode | 'none'> {
  try {
    await decryptPayload(body, keys ?? (await rfcReceiverKeys()));
    return 'none';
  } catch (error) {
    if (error instanceof PushDecryptError) return error.code;
    throw error;
  }
}

describe('decryptPayload (RFC 8291, receiving side)', () => {
  it('decrypts the message of RFC 8291 Appendix A with the user agent keys of the example', async () => {
    expect(text(await decryptPayload(fromBase64Url(RFC8291.body), await rfcReceiverKeys()))).toBe(RFC8291.plaintext);
  });

  it('decrypts what encryptPayload made for freshly generated keys (as a browser makes them)', async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const authSecret = crypto.getRandomValues(new Uint8Array(16));
    const body = await encryptPayload('{"period":"noon"}', { p256dh: toBase64Url(publicKey), auth: toBase64Url(authSecret) });
    expect(text(await decryptPayload(body, { privateKey: pair.privateKey, publicKey, authSecret }))).toBe('{"period":"noon"}');
  });

  it('strips padding: the delimiter may be followed by zero bytes (RFC 8188 §2)', async () => {
    const record = concatBytes(new TextEncoder().encode('padded'), Uint8Array.of(0x02), new Uint8Array(40));
    expect(text(await decryptPayload(await craft(record), await rfcReceiverKeys()))).toBe('padded');
  });

  it('refuses altered, foreign and malformed messages', async () => {
    const good = fromBase64Url(RFC8291.body);
    const flipped = (at: number) => {
      const copy = Uint8Array.from(good);
      copy[at] = copy[at]! ^ 1;
      return copy;
    };
    const receiver = await rfcReceiverKeys();
    const otherAuth = { ...receiver, authSecret: crypto.getRandomValues(new Uint8Array(16)) };
    const badKeyId = Uint8Array.from(good);
    badKeyId[21] = 0x02;
    const cases: [string, Uint8Array, PushDecryptErrorCode, typeof receiver?][] = [
      ['a ciphertext byte changed', flipped(good.length - 20), 'auth_failed'],
      ['the tag changed', flipped(good.length - 1), 'auth_failed'],
      ['the salt changed', flipped(3), 'auth_failed'],
      ['another auth secret', good, 'auth_failed', otherAuth],
      ['shorter than a header', good.subarray(0, 20), 'truncated'],
      ['key id cut short', good.subarray(0, 60), 'truncated'],
      ['no room for a tag', good.subarray(0, 86 + 10), 'truncated'],
      ['key id not a point', badKeyId, 'bad_key_id'],
      ['record size below 18', await craft(Uint8Array.of(0x02), 17), 'bad_record_size'],
      ['two records (rs smaller than the ciphertext)', await craft(new TextEncoder().encode('0123456789abcdef\x02'), 18), 'multiple_records'],
      ['not-last delimiter 0x01', await craft(Uint8Array.of(0x41, 0x01)), 'bad_padding'],
      ['no delimiter at all', await craft(new Uint8Array(5)), 'bad_padding'],
    ];
    for (const [name, body, code, keys] of cases) expect(await failure(body, keys), name).toBe(code);
  });
});
