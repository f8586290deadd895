// issue 37 items 2, 3 and 6: the dose reminders' devices against a hostile patient, on PGlite and
// PostgreSQL 15. The sender posts to the endpoints patients store, so only push services' hosts
// are taken — by the table's check and by the sender, which agree on every endpoint here (the
// stack runs in its test mode, where the stand-in push service on 127.0.0.1 is allowed) — and it
// never follows a redirect, gives up on a push that does not answer, and ends its run in bounded
// time, giving back what it could not push. At most 10 devices a patient; the server's columns
// stay the server's.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendDueReminders, type SendDueOptions, type SendSummary } from '../../supabase/functions/_shared/dose-reminders.ts';
import { isPushServiceEndpoint } from '../../supabase/functions/_shared/web-push/push-endpoint.ts';
import { startStandInSubscriber, type StandInSubscriber } from '../support/reminder-subscriber.ts';
import { serviceClient } from '../setup/clients.ts';
import { count, must, patientWithProfile, pharmacodes, prescribeFor2027, type Patient } from './fixtures.ts';

const SUBSCRIPTIONS = 'webshop_customer_push_subscription';
let subscriber: StandInSubscriber;
let keys: { p256dh: string; auth: string };
let clock = new Date();
let A: Patient;
let B: Patient;

const row = (endpoint: string) => ({ endpoint, p256dh: keys.p256dh, auth: keys.auth, device_label: 'phone' });

/** 08:05 in Zurich of a March day of 2027 (no other suite sends then). */
const morningOf = (day: string) => new Date(`${day}T07:05:00Z`);

function send(day: string, options: Partial<SendDueOptions> = {}): Promise<SendSummary> {
  clock = morningOf(day);
  return sendDueReminders({ db: serviceClient(), now: clock, vapid: subscriber.vapid, tokenSecret: inject('reminderSecrets').tokenSecret, fetch, allowLoopback: true, ...options });
}

/** A small HTTP server on 127.0.0.1 that answers as `answer` says; the requests it got. */
async function endpointServer(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function devices(p: Patient): Promise<string[]> {
  return (must(await serviceClient().from(SUBSCRIPTIONS).select('endpoint').eq('customer_id', p.userId), 'devices') as { endpoint: string }[]).map((r) => r.endpoint);
}

const clear = (p: Patient) => serviceClient().from(SUBSCRIPTIONS).delete().eq('customer_id', p.userId);

beforeAll(async () => {
  subscriber = await startStandInSubscriber({ now: () => clock });
  keys = (await subscriber.push.subscribe()).keys;
  [A, B] = await Promise.all([patientWithProfile('Hostile'), patientWithProfile('Bystander')]);
  const [code] = (await pharmacodes(1)) as [number];
  await prescribeFor2027(A.userId, code);
});

afterAll(async () => {
  await Promise.all([clear(A), clear(B)]);
  await subscriber?.stop();
});

describe('issue 37 item 2: only the push services browsers use', () => {
  const accepted = [
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bE-x_1',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-x_1',
    'https://web.push.apple.com/QGx0ZXN0?x=1',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bx',
  ];
  const refused = [
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/push',
    'https://192.168.1.10/push',
    'https://localhost/push',
    'https://[::1]/push',
    'https://metadata.google.internal/computeMetadata/v1/',
    'http://localhost:54321/health',
    'http://[::1]:54321/health',
    'http://127.1:54321/health',
    'http://0x7f000001:54321/health',
    'http://127.0.0.1/push',
    'https://fcm.googleapis.com.evil.example/push',
    'https://fcm.googleapis.com:8443/push',
    'https://user@fcm.googleapis.com/push',
    'https://fcm.googleapis.com@evil.example/push',
    'https://evil.example/fcm.googleapis.com/',
    'https://FCM.GOOGLEAPIS.COM/push',
    'https://push.apple.com/push',
    'https://web.push.apple.com.evil.example/push',
    'https://fcm.googleapis.com/a b',
    'https://fcm.googleapis.com\\@evil.example/push',
    'http://fcm.googleapis.com/push',
    'https://fcm.googleapis.com',
    `https://fcm.googleapis.com/${'x'.repeat(1000)}`,
  ];

  it.each([...accepted.map((e) => [e, true] as const), ...refused.map((e) => [e, false] as const)])('%s: %s, in the table and in the sender alike', async (endpoint, ok) => {
    const unique = ok ? `${endpoint}${endpoint.includes('?') ? '&' : '?'}n=${randomUUID()}` : endpoint;
    const res = await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(unique) });
    expect(res.error?.code ?? null).toBe(ok ? null : '23514');
    expect(isPushServiceEndpoint(unique, { allowLoopback: true })).toBe(ok);
    await clear(A);
  });

  it('the stand-in push service on 127.0.0.1 only in the test mode: the sender refuses it without, and posts nothing', async () => {
    const device = await subscriber.subscribe(A);
    expect(isPushServiceEndpoint(device.endpoint)).toBe(false);
    expect(await send('2027-03-01', { allowLoopback: false })).toMatchObject({ sent: 0, rejected: 1 });
    expect(subscriber.received(device)).toEqual([]);
    await clear(A);
  });

  // (this Node's fetch could not send a body again after a 307 anyway; a 302 and 303 it followed)
  it.each([
    [302, '2027-03-07'],
    [303, '2027-03-08'],
    [307, '2027-03-09'],
  ])('a redirect (%i) is not followed: the push counts as unanswered (retried later) and the other URL is never asked', async (status, day) => {
    const target = await endpointServer((_req, res) => res.writeHead(201).end());
    const redirecting = await endpointServer((_req, res) => res.writeHead(status, { location: `${target.url}/internal` }).end());
    try {
      must(await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(`${redirecting.url}/push/${randomUUID()}`) }).select('endpoint'), 'device');
      expect(await send(day)).toMatchObject({ sent: 0, retry: 1 });
      expect(redirecting.hits).toHaveLength(1);
      expect(target.hits).toEqual([]);
    } finally {
      await Promise.all([stop(redirecting.server), stop(target.server)]);
      await clear(A);
    }
  });

  it('a push service that never answers: that push is given up after its timeout, the run goes on', async () => {
    const silent = await endpointServer(() => undefined);
    const answering = await subscriber.subscribe(A);
    try {
      must(await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(`${silent.url}/push/${randomUUID()}`) }).select('endpoint'), 'device');
      // 2 s: long enough for the answering device on a loaded machine (200 ms was not, under a stress run)
      expect(await send('2027-03-03', { limits: { pushTimeoutMs: 2000 } })).toMatchObject({ sent: 1, retry: 1 });
      expect(subscriber.received(answering).map((p) => p.day)).toEqual(['2027-03-03']);
    } finally {
      await stop(silent.server);
      await clear(A);
    }
  });

  it('the run ends in its budget whatever the endpoints do: what it did not push is given back and sent by the next run', async () => {
    let answer = false;
    const pending: ServerResponse[] = [];
    const slow = await endpointServer((_req, res) => (answer ? res.writeHead(201).end() : pending.push(res)));
    try {
      for (let i = 0; i < 3; i++) must(await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(`${slow.url}/push/${i}-${randomUUID()}`) }).select('endpoint'), 'device');
      expect(await send('2027-03-04', { limits: { concurrency: 1, pushTimeoutMs: 60_000, runBudgetMs: 300 } })).toMatchObject({ sent: 0, retry: 1, deferred: 2 });
      answer = true;
      expect(await send('2027-03-04')).toMatchObject({ sent: 3, retry: 0, deferred: 0 });
    } finally {
      pending.forEach((res) => res.destroy());
      await stop(slow.server);
      await clear(A);
    }
  });
});

describe('issue 37 item 3: at most 10 devices per patient', () => {
  it('1,000 devices in one request: refused as a whole (400), nothing stored', async () => {
    const many = Array.from({ length: 1000 }, () => ({ customer_id: A.userId, ...row(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`) }));
    const res = await A.client.from(SUBSCRIPTIONS).insert(many);
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain('webshop_customer_push_subscription_device_limit');
    expect(await count(SUBSCRIPTIONS, ['customer_id', A.userId])).toBe(0);
  });

  it('the eleventh is refused; a device saved again stays allowed; another patient is not affected', async () => {
    const endpoints = Array.from({ length: 10 }, () => `https://fcm.googleapis.com/fcm/send/${randomUUID()}`);
    for (const e of endpoints) expect((await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(e) })).error).toBeNull();
    const eleventh = await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`) });
    expect(eleventh.error?.code).toBe('23514');
    const again = await A.client.from(SUBSCRIPTIONS).upsert({ customer_id: A.userId, ...row(endpoints[0]!), show_names: true }, { onConflict: 'customer_id,endpoint' });
    expect(again.error).toBeNull();
    expect((await B.client.from(SUBSCRIPTIONS).insert({ customer_id: B.userId, ...row(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`) })).error).toBeNull();
    expect(await devices(A)).toHaveLength(10);
    await Promise.all([clear(A), clear(B)]);
  });
});

describe('issue 37 item 6: the server’s columns stay the server’s', () => {
  it.each([
    ['last_success_at', { last_success_at: '2030-01-01T00:00:00Z' }],
    ['created_at', { created_at: '2000-01-01T00:00:00Z' }],
  ])('a patient cannot write %s of a device (403), on insert or update', async (_, fields) => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const inserted = await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(endpoint), ...fields });
    expect(inserted.status).toBe(403);
    expect(inserted.error?.code).toBe('42501');
    expect(await devices(A)).toEqual([]);
    must(await A.client.from(SUBSCRIPTIONS).insert({ customer_id: A.userId, ...row(endpoint) }).select('endpoint'), 'device');
    const updated = await A.client.from(SUBSCRIPTIONS).update(fields).eq('endpoint', endpoint);
    expect(updated.error?.code).toBe('42501');
    const stored = must(await serviceClient().from(SUBSCRIPTIONS).select('created_at, last_success_at').eq('endpoint', endpoint).single(), 'device') as { created_at: string; last_success_at: string | null };
    expect(stored.last_success_at).toBeNull();
    expect(Date.now() - Date.parse(stored.created_at)).toBeLessThan(60_000);
    await clear(A);
  });
});
