// A stand-in push service for tests: what a browser's push service does with an application
// server's request (RFC 8030 §5, RFC 8292, RFC 8291), on 127.0.0.1 and a free port. It plays
// the browser's part too: subscribe() makes the subscription's key pair and auth secret and
// keeps the private key, so it can decrypt what it receives.
//
// Checks, in this order, with the answers real services give:
// - 405 not POST; 404 unknown endpoint;
// - 401 no `Authorization: vapid t=…, k=…` (RFC 8292 §4.2: authentication absent);
// - 403 authentication present but invalid (RFC 8292 §4.2; Apple's BadJwtToken): `k` not the
//   subscription's applicationServerKey, ES256 signature not by `k` (checked with jose, an
//   implementation independent of ours), `aud` not this origin, `exp` past or over 24 h ahead,
//   `sub` not mailto:/https:;
// - 400 no or bad TTL, bad Urgency or Topic, Content-Encoding not aes128gcm, a body that does
//   not decrypt with the subscription's keys (a real service cannot see this; the browser
//   would drop the message, which no test could observe); 413 body over 4096 bytes.
// Then a status queued with answerNext() is answered once (after the checks, so a test of the
// caller's error paths still proves its request was valid) and nothing is stored; otherwise
// the plaintext is stored and the answer is 201 with a Location (RFC 8030 §5).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { fromBase64Url, toBase64Url } from '../../supabase/functions/_shared/web-push/bytes.ts';
import { decryptPayload, PushDecryptError } from '../../supabase/functions/_shared/web-push/decrypt.ts';

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** the decrypted payload, as UTF-8 text */
  payload: string;
  /** the request's headers, names in lower case */
  headers: Record<string, string>;
}

export interface PushService {
  /** the origin, which is the `aud` a VAPID token must name */
  url: string;
  /** like pushManager.subscribe(): with an applicationServerKey only that key may send */
  subscribe(options?: { applicationServerKey?: string }): Promise<StandInSubscription>;
  /** what arrived for the endpoint, oldest first */
  messages(endpoint: string): ReceivedPush[];
  /** the next valid request to the endpoint is answered with `status` (and a Retry-After) instead of being delivered */
  answerNext(endpoint: string, status: number, options?: { retryAfter?: string }): void;
  stop(): Promise<void>;
}

interface Subscriber {
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  authSecret: Uint8Array<ArrayBuffer>;
  applicationServerKey: string | null;
  received: ReceivedPush[];
  answers: { status: number; retryAfter?: string }[];
}

const MAX_BODY = 4096;
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const VAPID = /^vapid\s+(.+)$/i;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** `t` and `k` of `Authorization: vapid t=…, k=…`, in either order. */
function parseVapid(header: string | undefined): { t: string; k: string } | null {
  const m = header === undefined ? null : VAPID.exec(header.trim());
  if (!m) return null;
  const params = new Map<string, string>();
  for (const part of (m[1] ?? '').split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const t = params.get('t');
  const k = params.get('k');
  return t && k ? { t, k } : null;
}

async function checkVapid(header: string | undefined, origin: string, subscriber: Subscriber, now: Date): Promise<void> {
  const vapid = parseVapid(header);
  if (!vapid) throw new Refusal(401, 'MissingVapidAuthorization');
  if (subscriber.applicationServerKey !== null && vapid.k !== subscriber.applicationServerKey) throw new Refusal(403, 'VapidPkHashMismatch');
  let point: Uint8Array;
  try {
    point = fromBase64Url(vapid.k);
  } catch {
    throw new Refusal(403, 'BadPublicKey');
  }
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(403, 'BadPublicKey');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) }, 'ES256').catch(() => {
    throw new Refusal(403, 'BadPublicKey');
  });
  const { payload } = await jwtVerify(vapid.t, key, { algorithms: ['ES256'], audience: origin, currentDate: now, requiredClaims: ['aud', 'exp', 'sub'] }).catch((error: unknown) => {
    throw new Refusal(403, `BadJwtToken: ${error instanceof Error ? error.message : String(error)}`);
  });
  if ((payload.exp ?? 0) - now.getTime() / 1000 > MAX_VAPID_LIFETIME_S) throw new Refusal(403, 'BadJwtToken: exp more than 24 hours ahead');
  const sub = typeof payload.sub === 'string' ? payload.sub : '';
  if (!/^mailto:[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(sub) && !/^https:\/\/[^/\s]+\.[^/\s]+/i.test(sub)) throw new Refusal(403, 'BadJwtToken: sub is not a mailto: or https: contact');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function checkHeaders(req: IncomingMessage, body: Uint8Array): void {
  const ttl = header(req, 'ttl');
  if (ttl === undefined) throw new Refusal(400, 'MissingTTL');
  if (!/^\d+$/.test(ttl)) throw new Refusal(400, 'BadTTL');
  const urgency = header(req, 'urgency');
  if (urgency !== undefined && !URGENCIES.has(urgency)) throw new Refusal(400, 'BadUrgency');
  const topic = header(req, 'topic');
  if (topic !== undefined && !TOPIC.test(topic)) throw new Refusal(400, 'BadTopic');
  if (header(req, 'content-encoding') !== 'aes128gcm') throw new Refusal(400, 'UnsupportedContentEncoding');
  if (body.length > MAX_BODY) throw new Refusal(413, 'PayloadTooLarge');
}

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(req.headers)) {
    const value = header(req, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export async function startPushService(options: { now?: () => Date } = {}): Promise<PushService> {
  const now = options.now ?? (() => new Date());
  const subscribers = new Map<string, Subscriber>();
  let origin = '';
  let delivered = 0;

  const answer = (res: ServerResponse, status: number, reason: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ reason }));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (req.method !== 'POST') return answer(res, 405, 'MethodNotAllowed');
    const subscriber = subscribers.get(path);
    if (!subscriber) return answer(res, 404, 'NotFound');
    const body = await readBody(req);
    try {
      await checkVapid(req.headers.authorization, origin, subscriber, now());
      checkHeaders(req, body);
      const plaintext = await decryptPayload(body, subscriber).catch((error: unknown) => {
        throw new Refusal(400, error instanceof PushDecryptError ? `DecryptionFailed: ${error.code}` : 'DecryptionFailed');
      });
      const forced = subscriber.answers.shift();
      if (forced) return answer(res, forced.status, 'Forced', forced.retryAfter === undefined ? {} : { 'retry-after': forced.retryAfter });
      subscriber.received.push({ payload: new TextDecoder().decode(plaintext), headers: headersOf(req) });
      res.writeHead(201, { location: `${origin}/message/${++delivered}` }).end();
    } catch (error) {
      if (error instanceof Refusal) return answer(res, error.status, error.reason);
      throw error;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const subscriberOf = (endpoint: string): Subscriber => {
    const subscriber = endpoint.startsWith(`${origin}/`) ? subscribers.get(endpoint.slice(origin.length)) : undefined;
    if (!subscriber) throw new Error(`not an endpoint of this push service: ${endpoint}`);
    return subscriber;
  };

  return {
    url: origin,
    async subscribe({ applicationServerKey } = {}) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
      const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const authSecret = crypto.getRandomValues(new Uint8Array(16));
      const path = `/push/${crypto.randomUUID()}`;
      subscribers.set(path, { privateKey: pair.privateKey, publicKey, authSecret, applicationServerKey: applicationServerKey ?? null, received: [], answers: [] });
      return { endpoint: `${origin}${path}`, keys: { p256dh: toBase64Url(publicKey), auth: toBase64Url(authSecret) } };
    },
    messages: (endpoint) => [...subscriberOf(endpoint).received],
    answerNext(endpoint, status, { retryAfter } = {}) {
      subscriberOf(endpoint).answers.push(retryAfter === undefined ? { status } : { status, retryAfter });
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
