import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './bytes.ts';
import { decryptPayload } from './decrypt.ts';
import { encryptPayload, MAX_PAYLOAD_BYTES, RECORD_SIZE } from './encrypt.ts';
import { RFC8291, rfcReceiverKeys, rfcSenderKeys } from './rfc8291-example.ts';

const rfcKeys = { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret };

describe('encryptPayload (RFC 8291, aes128gcm of RFC 8188)', () => {
  it('gives exactly the ciphertext of RFC 8291 Appendix A from its keys, salt and plaintext', async () => {
    const body = await encryptPayload(RFC8291.plaintext, rfcKeys, { salt: fromBase64Url(RFC8291.salt), ephemeralKeys: await rfcSenderKeys() });
    expect(toBase64Url(body)).toBe(RFC8291.body);
  });

  it('writes the aes128gcm header: salt, record size 4096, key id = the ephemeral public key', async () => {
    const body = await encryptPayload('x', rfcKeys);
    const view = new DataView(body.buffer);
    expect(view.getUint32(16)).toBe(RECORD_SIZE);
    expect(body[20]).toBe(65);
    expect(body[21]).toBe(0x04);
    // 1 byte of plaintext, the delimiter and the 16-byte tag after the 86-byte header
    expect(body.length).toBe(86 + 1 + 1 + 16);
  });

  it('takes a fresh salt and ephemeral key for every message', async () => {
    const [a, b] = await Promise.all([encryptPayload('same', rfcKeys), encryptPayload('same', rfcKeys)]);
    expect(toBase64Url(a!.subarray(0, 16))).not.toBe(toBase64Url(b!.subarray(0, 16)));
    expect(toBase64Url(a!.subarray(21, 86))).not.toBe(toBase64Url(b!.subarray(21, 86)));
  });

  it('round-trips through the receiving side, up to the largest payload that fits 4096 bytes', async () => {
    const receiver = await rfcReceiverKeys();
    const texts = ['', 'Erinnerung: Einnahme am Morgen 💊', 'a'.repeat(MAX_PAYLOAD_BYTES)];
    for (const text of texts) {
      const body = await encryptPayload(text, rfcKeys);
      expect(body.length).toBeLessThanOrEqual(4096);
      expect(new TextDecoder().decode(await decryptPayload(body, receiver))).toBe(text);
    }
    const bytes = crypto.getRandomValues(new Uint8Array(300));
    expect(await decryptPayload(await encryptPayload(bytes, rfcKeys), receiver)).toEqual(bytes);
  });

  it('refuses a payload over 4096 bytes of body, and keys a browser would not give', async () => {
    await expect(encryptPayload('a'.repeat(MAX_PAYLOAD_BYTES + 1), rfcKeys)).rejects.toThrow(RangeError);
    const point = fromBase64Url(RFC8291.uaPublic);
    const offCurve = Uint8Array.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    const cases: [string, { p256dh: string; auth: string }][] = [
      ['compressed point', { p256dh: toBase64Url(Uint8Array.of(0x02, ...point.subarray(1, 33))), auth: RFC8291.authSecret }],
      ['point not on the curve', { p256dh: toBase64Url(offCurve), auth: RFC8291.authSecret }],
      ['short auth secret', { p256dh: RFC8291.uaPublic, auth: 'AAAA' }],
      ['not base64url', { p256dh: `${RFC8291.uaPublic}+`, auth: RFC8291.authSecret }],
    ];
    for (const [name, keys] of cases) await expect(encryptPayload('x', keys), name).rejects.toThrow(TypeError);
  });
});
