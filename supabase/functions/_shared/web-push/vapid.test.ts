import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { concatBytes, fromBase64Url, toBase64Url } from './bytes.ts';
import { RFC8291 } from './rfc8291-example.ts';
import { generateVapidKeys, importVapidKeys, isVapidSubject, VAPID_LIFETIME_S, vapidAuthorization, type VapidKeyStrings } from './vapid.ts';

const NOW = new Date('2025-06-02T06:30:00Z');
const SUBJECT = 'mailto:rezepte@rezeptpost.ch';
const HEADER = /^vapid t=([\w-]+\.[\w-]+\.([\w-]+)), k=([\w-]+)$/;

/** The public key as a JWK, for jose: an implementation of ES256 and JWT independent of ours. */
async function joseKey(publicKey: string) {
  const point = fromBase64Url(publicKey);
  return importJWK({ kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) }, 'ES256');
}

function parse(header: string) {
  const m = HEADER.exec(header);
  if (!m) throw new Error(`not a vapid header: ${header}`);
  return { jwt: m[1]!, signature: fromBase64Url(m[2]!), k: m[3]! };
}

describe('VAPID keys (RFC 8292)', () => {
  it('generates a P-256 pair as strings: a 65-byte uncompressed point and a 32-byte d, base64url', async () => {
    const a = await generateVapidKeys();
    const b = await generateVapidKeys();
    expect(fromBase64Url(a.publicKey)).toHaveLength(65);
    expect(fromBase64Url(a.publicKey)[0]).toBe(0x04);
    expect(fromBase64Url(a.privateKey)).toHaveLength(32);
    expect(a.publicKey).toMatch(/^[\w-]{87}$/);
    expect(b.publicKey).not.toBe(a.publicKey);
    expect((await importVapidKeys(a)).publicKey).toBe(a.publicKey);
  });

  it('imports a pair made elsewhere (jose) in these formats, and jose verifies what it signs', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(pair.privateKey);
    const strings = { publicKey: toBase64Url(concatBytes(Uint8Array.of(4), fromBase64Url(jwk.x!), fromBase64Url(jwk.y!))), privateKey: jwk.d! };
    const header = await vapidAuthorization('https://fcm.googleapis.com/fcm/send/abc', { keys: await importVapidKeys(strings), subject: SUBJECT }, NOW);
    const { payload } = await jwtVerify(parse(header).jwt, pair.publicKey, { currentDate: NOW });
    expect(payload.aud).toBe('https://fcm.googleapis.com');
  });

  it('refuses strings that are not a P-256 key pair', async () => {
    const a = await generateVapidKeys();
    const b = await generateVapidKeys();
    const cases: [string, VapidKeyStrings][] = [
      ['private key of another pair', { publicKey: a.publicKey, privateKey: b.privateKey }],
      ['private key too short', { publicKey: a.publicKey, privateKey: a.privateKey.slice(0, 40) }],
      ['private key not base64url', { publicKey: a.publicKey, privateKey: `${a.privateKey.slice(0, 42)}+` }],
      ['public key compressed', { publicKey: toBase64Url(Uint8Array.of(2, ...fromBase64Url(a.publicKey).subarray(1, 33))), privateKey: a.privateKey }],
      ['public key off the curve', { publicKey: `${a.publicKey.slice(0, 80)}AAAAAAA`, privateKey: a.privateKey }],
    ];
    for (const [name, strings] of cases) await expect(importVapidKeys(strings), name).rejects.toThrow(TypeError);
  });
});

describe('vapidAuthorization', () => {
  it('is "vapid t=<ES256 JWT>, k=<public key>" with aud, exp = now + 12 h and sub, verified by jose', async () => {
    const strings = await generateVapidKeys();
    const header = await vapidAuthorization('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk', { keys: await importVapidKeys(strings), subject: SUBJECT }, NOW);
    const { jwt, signature, k } = parse(header);
    expect(k).toBe(strings.publicKey);
    expect(decodeProtectedHeader(jwt)).toEqual({ typ: 'JWT', alg: 'ES256' });
    const { payload } = await jwtVerify(jwt, await joseKey(k), { algorithms: ['ES256'], currentDate: NOW });
    expect(payload).toEqual({ aud: 'https://updates.push.services.mozilla.com', exp: NOW.getTime() / 1000 + 12 * 3600, sub: SUBJECT });
    expect(VAPID_LIFETIME_S).toBeLessThanOrEqual(24 * 3600);
    // JOSE's r||s, 64 bytes; DER would be 70-72 bytes starting with 0x30
    expect(signature).toHaveLength(64);
  });

  it('names the origin of the endpoint as aud (scheme, host, port; no path)', async () => {
    const keys = await importVapidKeys(await generateVapidKeys());
    const cases: [string, string][] = [
      ['https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b', 'https://fcm.googleapis.com'],
      ['https://web.push.apple.com:443/QGxvbmc', 'https://web.push.apple.com'],
      ['http://127.0.0.1:8123/push/1', 'http://127.0.0.1:8123'],
    ];
    for (const [endpoint, aud] of cases) {
      const { jwt } = parse(await vapidAuthorization(endpoint, { keys, subject: SUBJECT }, NOW));
      const { payload } = await jwtVerify(jwt, await joseKey(keys.publicKey), { audience: aud, currentDate: NOW });
      expect(payload.aud, endpoint).toBe(aud);
    }
  });

  it('signs with the RFC 8291 example key as a VAPID key (a known pair in these formats)', async () => {
    const keys = await importVapidKeys({ publicKey: RFC8291.asPublic, privateKey: RFC8291.asPrivate });
    const { jwt, k } = parse(await vapidAuthorization('https://push.example.net/x', { keys, subject: 'https://rezeptpost.ch/kontakt' }, NOW));
    expect(k).toBe(RFC8291.asPublic);
    await expect(jwtVerify(jwt, await joseKey(RFC8291.asPublic), { currentDate: NOW })).resolves.toBeTruthy();
  });

  it('takes only mailto: and https: contacts as subject (Apple refuses others)', async () => {
    const keys = await importVapidKeys(await generateVapidKeys());
    const cases: [string, boolean][] = [
      ['mailto:rezepte@rezeptpost.ch', true],
      ['https://rezeptpost.ch', true],
      ['https://www.rezeptpost.ch/kontakt', true],
      ['rezepte@rezeptpost.ch', false],
      ['mailto:rezepte@localhost', false],
      ['mailto:', false],
      ['mailto:re zepte@rezeptpost.ch', false],
      ['http://rezeptpost.ch', false],
      ['https://localhost', false],
      ['https://user:pw@rezeptpost.ch', false],
      ['ftp://rezeptpost.ch', false],
      ['', false],
    ];
    for (const [subject, valid] of cases) {
      expect(isVapidSubject(subject), subject).toBe(valid);
      const signing = vapidAuthorization('https://fcm.googleapis.com/x', { keys, subject }, NOW);
      if (valid) await expect(signing, subject).resolves.toMatch(HEADER);
      else await expect(signing, subject).rejects.toThrow(TypeError);
    }
  });
});
