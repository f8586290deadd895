// sendPush against the stand-in push service (tests/support/push-service.ts), which checks the
// VAPID token with jose and decrypts the payload with the subscription's private key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from '../../../../tests/support/push-service.ts';
import { MAX_PAYLOAD_BYTES } from './encrypt.ts';
import { retryAfterSeconds, sendPush, type SendPushOptions } from './send.ts';
import { generateVapidKeys, importVapidKeys, type VapidSender } from './vapid.ts';

let service: PushService;
let vapid: VapidSender;
let options: SendPushOptions;

beforeAll(async () => {
  service = await startPushService();
  const strings = await generateVapidKeys();
  vapid = { keys: await importVapidKeys(strings), subject: 'mailto:rezepte@rezeptpost.ch' };
  options = { vapid, ttl: 3600, urgency: 'normal', fetch };
});
afterAll(() => service.stop());

const subscribe = () => service.subscribe({ applicationServerKey: vapid.keys.publicKey });

describe('sendPush', () => {
  it('delivers: 201 → sent, the push service decrypts the payload and sees the protocol headers', async () => {
    const subscription = await subscribe();
    const payload = JSON.stringify({ title: 'Einnahme am Morgen', day: '2025-06-02', period: 'morning' });
    expect(await sendPush(subscription, payload, { ...options, urgency: 'high', topic: 'dose-morning' })).toEqual({ kind: 'sent', status: 201 });
    const [message, ...more] = service.messages(subscription.endpoint);
    expect(more).toEqual([]);
    expect(message?.payload).toBe(payload);
    expect(message?.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: 'dose-morning', 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream' });
    expect(message?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.keys.publicKey}$`));
  });

  it('sends no Topic when none is given, and delivers the largest payload', async () => {
    const subscription = await subscribe();
    expect(await sendPush(subscription, 'ä'.repeat(MAX_PAYLOAD_BYTES / 2), options)).toMatchObject({ kind: 'sent' });
    const [message] = service.messages(subscription.endpoint);
    expect(message?.payload).toBe('ä'.repeat(MAX_PAYLOAD_BYTES / 2));
    expect(message?.headers).toMatchObject({ urgency: 'normal' });
    expect(message?.headers).not.toHaveProperty('topic');
  });

  it.each([404, 410] as const)('answers gone for %i (the caller deletes the subscription)', async (status) => {
    const subscription = await subscribe();
    service.answerNext(subscription.endpoint, status);
    expect(await sendPush(subscription, 'x', options)).toEqual({ kind: 'gone', status });
    expect(service.messages(subscription.endpoint)).toEqual([]);
  });

  it('answers gone for an endpoint the push service does not know', async () => {
    const subscription = await subscribe();
    expect(await sendPush({ ...subscription, endpoint: `${service.url}/push/unknown` }, 'x', options)).toEqual({ kind: 'gone', status: 404 });
  });

  it('answers retry for 429 with the Retry-After, in seconds or as an HTTP date, and for 5xx', async () => {
    const subscription = await subscribe();
    service.answerNext(subscription.endpoint, 429, { retryAfter: '120' });
    expect(await sendPush(subscription, 'x', options)).toEqual({ kind: 'retry', status: 429, retryAfterSeconds: 120, reason: 'push service answered 429' });

    const now = new Date();
    service.answerNext(subscription.endpoint, 429, { retryAfter: new Date(now.getTime() + 90_000).toUTCString() });
    const dated = await sendPush(subscription, 'x', { ...options, now });
    expect(dated).toMatchObject({ kind: 'retry', status: 429 });
    // toUTCString drops the milliseconds
    expect(dated.kind === 'retry' && dated.retryAfterSeconds).toBeOneOf([89, 90]);

    service.answerNext(subscription.endpoint, 503);
    expect(await sendPush(subscription, 'x', options)).toMatchObject({ kind: 'retry', status: 503, retryAfterSeconds: null });
    expect(service.messages(subscription.endpoint)).toEqual([]);
    // each forced answer was used once
    expect(await sendPush(subscription, 'now', options)).toMatchObject({ kind: 'sent' });
    expect(service.messages(subscription.endpoint).map((m) => m.payload)).toEqual(['now']);
  });

  it('answers retry without a status when the push service cannot be reached', async () => {
    const gone = await startPushService();
    const subscription = await gone.subscribe();
    await gone.stop();
    expect(await sendPush(subscription, 'x', options)).toMatchObject({ kind: 'retry', status: null, retryAfterSeconds: null });
  });

  it('answers rejected with status and body for other 4xx: another VAPID key, an expired token, 413', async () => {
    const foreign = await service.subscribe({ applicationServerKey: (await generateVapidKeys()).publicKey });
    const mismatch = await sendPush(foreign, 'x', options);
    expect(mismatch).toMatchObject({ kind: 'rejected', status: 403 });
    expect(mismatch.kind === 'rejected' && JSON.parse(mismatch.body)).toEqual({ reason: 'VapidPkHashMismatch' });

    const subscription = await subscribe();
    // signed two days ago: exp (12 h after) has passed
    const stale = await sendPush(subscription, 'x', { ...options, now: new Date(Date.now() - 2 * 86_400_000) });
    expect(stale).toMatchObject({ kind: 'rejected', status: 403 });
    expect(stale.kind === 'rejected' && stale.body).toMatch(/BadJwtToken/);

    service.answerNext(subscription.endpoint, 413);
    expect(await sendPush(subscription, 'x', options)).toEqual({ kind: 'rejected', status: 413, body: '{"reason":"Forced"}' });
    expect(service.messages(subscription.endpoint)).toEqual([]);
  });

  it('throws before any request for what the caller got wrong', async () => {
    const subscription = await subscribe();
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    const cases: [string, () => Promise<unknown>][] = [
      ['fractional ttl', () => sendPush(subscription, 'x', { ...options, fetch: counting, ttl: 1.5 })],
      ['negative ttl', () => sendPush(subscription, 'x', { ...options, fetch: counting, ttl: -1 })],
      ['topic too long', () => sendPush(subscription, 'x', { ...options, fetch: counting, topic: 'a'.repeat(33) })],
      ['topic with a space', () => sendPush(subscription, 'x', { ...options, fetch: counting, topic: 'dose morning' })],
      ['payload too large', () => sendPush(subscription, 'a'.repeat(MAX_PAYLOAD_BYTES + 1), { ...options, fetch: counting })],
      ['subject push services refuse', () => sendPush(subscription, 'x', { ...options, fetch: counting, vapid: { ...vapid, subject: 'mailto:me@localhost' } })],
      ['keys that are not keys', () => sendPush({ ...subscription, keys: { p256dh: 'AAAA', auth: subscription.keys.auth } }, 'x', { ...options, fetch: counting })],
    ];
    for (const [name, attempt] of cases) await expect(attempt(), name).rejects.toThrow();
    expect(requests).toBe(0);
    expect(service.messages(subscription.endpoint)).toEqual([]);
  });
});

describe('retryAfterSeconds (RFC 9110 §10.2.3)', () => {
  const now = new Date('2025-06-02T06:00:00Z');
  it.each([
    [null, null],
    ['0', 0],
    ['3600', 3600],
    [' 30 ', 30],
    ['Mon, 02 Jun 2025 06:02:00 GMT', 120],
    ['Mon, 02 Jun 2025 05:00:00 GMT', 0],
    ['-5', null],
    ['soon', null],
  ])('%j → %j', (value, expected) => {
    expect(retryAfterSeconds(value, now)).toBe(expected);
  });
});
