// The capability a dose reminder carries: the service worker posts it back to record "taken"
// from the notification's action, without a session (the app may be closed, the session
// expired). It grants exactly one thing: marking one intake period of one day of one customer.
//
// Format: base64url(JSON claims) "." base64url(HMAC-SHA256(secret, first part)), about
// 200 characters, URL-safe. Claims: pur (purpose), sub (customer id = auth user id, spec §3
// Customer), day ('YYYY-MM-DD', Europe/Zurich), per (intake period, spec §4), exp (seconds).
import { fromBase64Url, toBase64Url, utf8 } from './bytes.ts';
import { isCalendarDate, startOfDay } from './zurich-day.ts';

/** = IntakePeriod / INTAKE_PERIODS of src/domain/intake-plan.ts (a test keeps them equal) */
export type IntakePeriod = 'morning' | 'noon' | 'evening' | 'night';
export const INTAKE_PERIODS: readonly IntakePeriod[] = ['morning', 'noon', 'evening', 'night'];

/** Keeps a token of another kind signed with the same secret from passing as this one. */
export const REMINDER_TOKEN_PURPOSE = 'intake-taken';

/** HMAC-SHA256 keys shorter than its output weaken it (RFC 2104 §3). */
export const MIN_SECRET_BYTES = 32;

export interface ReminderTokenClaims {
  purpose: typeof REMINDER_TOKEN_PURPOSE;
  customerId: string;
  day: string;
  period: IntakePeriod;
  expiresAt: Date;
}

export type ReminderTokenError = 'malformed' | 'bad_signature' | 'expired' | 'wrong_purpose';

export type ReminderTokenResult = { ok: true; value: ReminderTokenClaims } | { ok: false; error: ReminderTokenError };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// one base64url part, a dot, a 32-byte signature; anything longer is not ours
const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

async function hmacKey(secret: string): Promise<CryptoKey> {
  const bytes = utf8(secret);
  if (bytes.length < MIN_SECRET_BYTES) throw new RangeError(`the reminder token secret must have at least ${MIN_SECRET_BYTES} bytes`);
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/**
 * Signs the reminder of `period` on `day` for `customerId`. It expires at `expiresAt`, by
 * default at the end of the day after `day` in Zurich: a night reminder (22:00-04:59) still
 * works the next morning, and a forgotten notification stops working a day later.
 */
export async function signReminderToken(
  claims: { customerId: string; day: string; period: IntakePeriod },
  options: { secret: string; expiresAt?: Date },
): Promise<string> {
  if (!UUID.test(claims.customerId)) throw new TypeError('customerId must be a UUID');
  if (!isCalendarDate(claims.day)) throw new TypeError('day must be a calendar date YYYY-MM-DD');
  if (!INTAKE_PERIODS.includes(claims.period)) throw new TypeError('period must be an intake period');
  const expiresAt = options.expiresAt ?? startOfDay(claims.day, 2);
  const body = { pur: REMINDER_TOKEN_PURPOSE, sub: claims.customerId, day: claims.day, per: claims.period, exp: Math.floor(expiresAt.getTime() / 1000) };
  const payload = toBase64Url(utf8(JSON.stringify(body)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(options.secret), utf8(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * The claims of a token this server signed, or why it is refused. The signature is checked
 * before the claims are read (crypto.subtle.verify compares in constant time); a token signed
 * for another purpose is `wrong_purpose` whatever its other claims; `expired` from exp on.
 * A secret under 32 bytes throws a RangeError: that is the server's configuration, not the token.
 */
export async function verifyReminderToken(token: string, options: { secret: string; now: Date }): Promise<ReminderTokenResult> {
  const key = await hmacKey(options.secret);
  const parts = TOKEN.exec(token);
  if (!parts) return { ok: false, error: 'malformed' };
  const [, payload = '', signaturePart = ''] = parts;
  const signature = fromBase64Url(signaturePart);
  // 43 characters carry 258 bits: only the canonical spelling of the 256 is accepted
  if (toBase64Url(signature) !== signaturePart) return { ok: false, error: 'malformed' };
  if (!(await crypto.subtle.verify('HMAC', key, signature, utf8(payload)))) return { ok: false, error: 'bad_signature' };

  const body = parseJsonObject(payload);
  if (!body) return { ok: false, error: 'malformed' };
  if (body.pur !== REMINDER_TOKEN_PURPOSE) return { ok: false, error: 'wrong_purpose' };
  const { sub, day, per, exp } = body;
  if (typeof sub !== 'string' || !UUID.test(sub)) return { ok: false, error: 'malformed' };
  if (typeof day !== 'string' || !isCalendarDate(day)) return { ok: false, error: 'malformed' };
  if (typeof per !== 'string' || !isIntakePeriod(per)) return { ok: false, error: 'malformed' };
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp)) return { ok: false, error: 'malformed' };
  if (options.now.getTime() >= exp * 1000) return { ok: false, error: 'expired' };
  return { ok: true, value: { purpose: REMINDER_TOKEN_PURPOSE, customerId: sub, day, period: per, expiresAt: new Date(exp * 1000) } };
}

const isIntakePeriod = (value: string): value is IntakePeriod => (INTAKE_PERIODS as readonly string[]).includes(value);

function parseJsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(part)));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
