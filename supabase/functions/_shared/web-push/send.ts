// Sends one push message (RFC 8030 §5) and says what the caller has to do next. The payload is
// encrypted for the subscription (encrypt.ts) and signed for with VAPID (vapid.ts).
import { encryptPayload, type PushSubscriptionKeys } from './encrypt.ts';
import { vapidAuthorization, type VapidSender } from './vapid.ts';

/** A PushSubscription as `subscription.toJSON()` gives it in the browser. */
export interface PushSubscriptionData {
  endpoint: string;
  keys: PushSubscriptionKeys;
}

/** RFC 8030 §5.3 also knows very-low and low; a dose reminder is never less than normal. */
export type PushUrgency = 'normal' | 'high';

export interface SendPushOptions {
  vapid: VapidSender;
  /** seconds the push service keeps the message for an offline device (RFC 8030 §5.2) */
  ttl: number;
  urgency: PushUrgency;
  /** replaces an undelivered message with the same topic (RFC 8030 §5.4) */
  topic?: string;
  fetch: typeof fetch;
  /** the clock, for the VAPID expiry and an HTTP-date Retry-After; default: now */
  now?: Date;
  /** aborts the request (the sender's timeout per push and its run's end): no answer, `retry` */
  signal?: AbortSignal;
}

export type PushOutcome =
  /** accepted (201, or 202 from some services) */
  | { kind: 'sent'; status: number }
  /** 404/410: the subscription no longer exists; the caller deletes it */
  | { kind: 'gone'; status: 404 | 410 }
  /** 429, 5xx or no answer at all (status null): try again later, not before retryAfterSeconds when given */
  | { kind: 'retry'; status: number | null; retryAfterSeconds: number | null; reason: string }
  /** any other answer (400, 401, 403, 413, …): the request itself is wrong; retrying cannot help */
  | { kind: 'rejected'; status: number; body: string };

/** RFC 8030 §5.4: at most 32 characters of the base64url alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Encrypts `payload` for the subscription and posts it to its endpoint. Throws (TypeError,
 * RangeError) only for what the caller got wrong: a TTL that is not a whole number of seconds,
 * a bad topic, a payload over 3993 bytes, an endpoint that is not a URL, subscription keys that
 * are not keys, a VAPID subject push services refuse. Whatever the push service answers is an outcome;
 * a redirect, an abort (options.signal) and no answer at all are `retry`.
 */
export async function sendPush(subscription: PushSubscriptionData, payload: string | Uint8Array, options: SendPushOptions): Promise<PushOutcome> {
  if (!Number.isSafeInteger(options.ttl) || options.ttl < 0) throw new RangeError('ttl must be a whole number of seconds ≥ 0');
  if (options.topic !== undefined && !TOPIC.test(options.topic)) throw new TypeError('topic must be 1-32 characters of the base64url alphabet');
  const now = options.now ?? new Date();
  const body = await encryptPayload(payload, subscription.keys);
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(subscription.endpoint, options.vapid, now),
    ttl: String(options.ttl),
    urgency: options.urgency,
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
  };
  if (options.topic !== undefined) headers.topic = options.topic;

  let res: Response;
  try {
    // a push service answers itself: a redirect is refused, never followed to another host
    res = await options.fetch(subscription.endpoint, { method: 'POST', headers, body, redirect: 'error', ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    return { kind: 'retry', status: null, retryAfterSeconds: null, reason: error instanceof Error ? error.message : String(error) };
  }
  const { status } = res;
  if (status >= 200 && status < 300) {
    await res.body?.cancel();
    return { kind: 'sent', status };
  }
  if (status === 404 || status === 410) {
    await res.body?.cancel();
    return { kind: 'gone', status };
  }
  if (status === 429 || status >= 500) {
    await res.body?.cancel();
    return { kind: 'retry', status, retryAfterSeconds: retryAfterSeconds(res.headers.get('retry-after'), now), reason: `push service answered ${status}` };
  }
  return { kind: 'rejected', status, body: await res.text().catch(() => '') };
}

/** Retry-After as seconds from `now`: delta-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // all three HTTP-date forms begin with the day's name; Date.parse alone would take "-5" as a year
  if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
