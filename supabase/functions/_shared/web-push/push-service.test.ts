// The stand-in push service of tests/support/push-service.ts checks requests as a real push
// service does; each refusal is provoked here by a request built by hand (no vitest project
// includes tests/support, so its test lives beside the modules it is built on).
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService, type StandInSubscription } from '../../../../tests/support/push-service.ts';
import { fromBase64Url, toBase64Url } from './bytes.ts';
import { encryptPayload } from './encrypt.ts';
import { generateVapidKeys, importVapidKeys, vapidAuthorization, type VapidKeyStrings, type VapidSender } from './vapid.ts';

const SUBJECT = 'mailto:rezepte@rezeptpost.ch';
let service: PushService;
let strings: VapidKeyStrings;
let vapid: VapidSender;

beforeAll(async () => {
  service = await startPushService();
  strings = await generateVapidKeys();
  vapid = { keys: await importVapidKeys(strings), subject: SUBJECT };
});
afterAll(() => service.stop());

/** An ES256 JWT with any claims, signed with jose by the given pair. */
async function jwt(claims: JWTPayload, pair: VapidKeyStrings = strings): Promise<string> {
  const point = fromBase64Url(pair.publicKey);
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)), d: pair.privateKey }, 'ES256');
  return new SignJWT(claims).setProtectedHeader({ typ: 'JWT', alg: 'ES256' }).sign(key);
}

const inHours = (h: number) => Math.floor(Date.now() / 1000) + h * 3600;

/** POST as an application server would, with anything overridden (a header given as '' is left out). */
async function post(subscription: StandInSubscription, change: { authorization?: string | null; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer>; method?: string } = {}) {
  const headers: Record<string, string> = { ttl: '60', 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ...change.headers };
  const authorization = change.authorization === undefined ? await vapidAuthorization(subscription.endpoint, vapid, new Date()) : change.authorization;
  if (authorization !== null) headers.authorization = authorization;
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  const method = change.method ?? 'POST';
  const res = await fetch(subscription.endpoint, { method, headers, body: method === 'POST' ? (change.body ?? (await encryptPayload('hello', subscription.keys))) : undefined });
  return { status: res.status, location: res.headers.get('location'), reason: res.status === 201 ? null : ((await res.json()) as { reason: string }).reason };
}

describe('the stand-in push service', () => {
  it('subscribes like a browser: its own endpoint, a P-256 public key and a 16-byte auth secret', async () => {
    const a = await service.subscribe();
    const b = await service.subscribe();
    expect(a.endpoint.startsWith(`${service.url}/push/`)).toBe(true);
    expect(b.endpoint).not.toBe(a.endpoint);
    expect(fromBase64Url(a.keys.p256dh)).toHaveLength(65);
    expect(fromBase64Url(a.keys.auth)).toHaveLength(16);
    expect(b.keys.p256dh).not.toBe(a.keys.p256dh);
  });

  it('accepts a valid push with 201 and a Location, and keeps the decrypted payload and headers', async () => {
    const subscription = await service.subscribe({ applicationServerKey: vapid.keys.publicKey });
    const res = await post(subscription, { headers: { urgency: 'high', topic: 'dose' }, body: await encryptPayload('{"period":"evening"}', subscription.keys) });
    expect(res.status).toBe(201);
    expect(res.location).toMatch(new RegExp(`^${service.url}/message/\\d+$`));
    expect(service.messages(subscription.endpoint)).toEqual([{ payload: '{"period":"evening"}', headers: expect.objectContaining({ ttl: '60', urgency: 'high', topic: 'dose' }) }]);
  });

  it('refuses bad requests as push services do and stores none of them', async () => {
    const restricted = await service.subscribe({ applicationServerKey: vapid.keys.publicKey });
    const open = await service.subscribe();
    const other = await generateVapidKeys();
    const aud = service.url;
    const vapidHeader = async (claims: JWTPayload, pair: VapidKeyStrings = strings, k = strings.publicKey) => `vapid t=${await jwt(claims, pair)}, k=${k}`;
    const valid = { aud, exp: inHours(12), sub: SUBJECT };

    const cases: [string, StandInSubscription, Parameters<typeof post>[1], number, RegExp][] = [
      ['GET', open, { method: 'GET' }, 405, /MethodNotAllowed/],
      ['no Authorization', open, { authorization: null }, 401, /MissingVapidAuthorization/],
      ['the pre-RFC WebPush scheme', open, { authorization: `WebPush ${await jwt(valid)}` }, 401, /MissingVapidAuthorization/],
      ['no k=', open, { authorization: `vapid t=${await jwt(valid)}` }, 401, /MissingVapidAuthorization/],
      ['k of another key than the subscription was made with', restricted, { authorization: await vapidHeader(valid, other, other.publicKey) }, 403, /VapidPkHashMismatch/],
      ['signed by another key than k', open, { authorization: await vapidHeader(valid, other) }, 403, /BadJwtToken/],
      ['k not a point', open, { authorization: await vapidHeader(valid, strings, 'AAAA') }, 403, /BadPublicKey/],
      ['aud of another push service', open, { authorization: await vapidHeader({ ...valid, aud: 'https://fcm.googleapis.com' }) }, 403, /BadJwtToken/],
      ['aud with a path', open, { authorization: await vapidHeader({ ...valid, aud: `${aud}/push` }) }, 403, /BadJwtToken/],
      ['exp passed', open, { authorization: await vapidHeader({ ...valid, exp: inHours(-1) }) }, 403, /BadJwtToken/],
      ['exp 25 h ahead', open, { authorization: await vapidHeader({ ...valid, exp: inHours(25) }) }, 403, /24 hours/],
      ['no exp', open, { authorization: await vapidHeader({ aud, sub: SUBJECT }) }, 403, /BadJwtToken/],
      ['sub at localhost', open, { authorization: await vapidHeader({ ...valid, sub: 'mailto:me@localhost' }) }, 403, /sub/],
      ['sub over http', open, { authorization: await vapidHeader({ ...valid, sub: 'http://rezeptpost.ch' }) }, 403, /sub/],
      ['no sub', open, { authorization: await vapidHeader({ aud, exp: valid.exp }) }, 403, /BadJwtToken/],
      ['no TTL', open, { headers: { ttl: '' } }, 400, /MissingTTL/],
      ['TTL not a number', open, { headers: { ttl: 'soon' } }, 400, /BadTTL/],
      ['Urgency not of RFC 8030', open, { headers: { urgency: 'urgent' } }, 400, /BadUrgency/],
      ['Topic too long', open, { headers: { topic: 'a'.repeat(33) } }, 400, /BadTopic/],
      ['the old aesgcm coding', open, { headers: { 'content-encoding': 'aesgcm' } }, 400, /UnsupportedContentEncoding/],
      ['encrypted for another subscription', open, { body: await encryptPayload('x', restricted.keys) }, 400, /DecryptionFailed: auth_failed/],
      ['body over 4096 bytes', open, { body: new Uint8Array(4097) }, 413, /PayloadTooLarge/],
    ];
    for (const [name, subscription, change, status, reason] of cases) {
      const res = await post(subscription, change);
      expect(res.status, name).toBe(status);
      expect(res.reason, name).toMatch(reason);
    }
    expect(service.messages(restricted.endpoint)).toEqual([]);
    expect(service.messages(open.endpoint)).toEqual([]);
    expect((await post({ ...open, endpoint: `${service.url}/push/none` })).status).toBe(404);
  });

  it('lets any valid key send to a subscription made without applicationServerKey', async () => {
    const open = await service.subscribe();
    const other = await generateVapidKeys();
    expect((await post(open, { authorization: `vapid t=${await jwt({ aud: service.url, exp: inHours(1), sub: 'https://rezeptpost.ch' }, other)}, k=${other.publicKey}` })).status).toBe(201);
  });

  it('answers a queued status once, after the checks, without storing the message', async () => {
    const subscription = await service.subscribe();
    service.answerNext(subscription.endpoint, 429, { retryAfter: '30' });
    service.answerNext(subscription.endpoint, 410);
    expect((await post(subscription, { authorization: null })).status).toBe(401);
    expect(await post(subscription)).toMatchObject({ status: 429, reason: 'Forced' });
    expect(await post(subscription)).toMatchObject({ status: 410 });
    expect(await post(subscription)).toMatchObject({ status: 201 });
    expect(service.messages(subscription.endpoint).map((m) => m.payload)).toEqual(['hello']);
    expect(() => service.messages(`${service.url}/push/none`)).toThrow(/not an endpoint/);
    expect(() => service.answerNext('https://fcm.googleapis.com/x', 410)).toThrow(/not an endpoint/);
  });
});
