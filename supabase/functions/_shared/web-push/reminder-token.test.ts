import { describe, expect, it } from 'vitest';
import { INTAKE_PERIODS as DOMAIN_INTAKE_PERIODS } from '../../../../src/domain/intake-plan.ts';
import { fromBase64Url, toBase64Url } from './bytes.ts';
import { INTAKE_PERIODS, REMINDER_TOKEN_PURPOSE, signReminderToken, verifyReminderToken, type IntakePeriod, type ReminderTokenError } from './reminder-token.ts';

const SECRET = 'reminder-secret-for-tests-0123456789abcdef';
const OTHER_SECRET = 'another-secret-of-another-deployment-0123456789';
const CUSTOMER = '6f1c2a34-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const DAY = '2025-06-02';
// the end of the next day in Zurich (summer time, UTC+2)
const DEFAULT_EXPIRY = new Date('2025-06-03T22:00:00Z');
const MORNING = new Date('2025-06-02T06:00:00Z');

const claims = (period: IntakePeriod = 'morning') => ({ customerId: CUSTOMER, day: DAY, period });

/** A token signed by hand with WebCrypto, with whatever claims the test needs. */
async function handSigned(body: unknown, secret = SECRET): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${payload}.${toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload))))}`;
}

async function errorOf(token: string, options: { secret?: string; now?: Date } = {}): Promise<ReminderTokenError | 'ok'> {
  const result = await verifyReminderToken(token, { secret: options.secret ?? SECRET, now: options.now ?? MORNING });
  return result.ok ? 'ok' : result.error;
}

describe('reminder tokens', () => {
  it('use the intake periods of the app (spec §4 Intake period of the day)', () => {
    expect(INTAKE_PERIODS).toEqual(DOMAIN_INTAKE_PERIODS);
  });

  it.each(INTAKE_PERIODS)('carry customer, day and period %s back to the server', async (period) => {
    const token = await signReminderToken(claims(period), { secret: SECRET });
    expect(await verifyReminderToken(token, { secret: SECRET, now: MORNING })).toEqual({
      ok: true,
      value: { purpose: REMINDER_TOKEN_PURPOSE, customerId: CUSTOMER, day: DAY, period, expiresAt: DEFAULT_EXPIRY },
    });
  });

  it('are compact and URL-safe: base64url claims, a dot, a base64url HMAC-SHA256 of the first part', async () => {
    const token = await signReminderToken(claims('night'), { secret: SECRET });
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    for (const period of INTAKE_PERIODS) expect((await signReminderToken(claims(period), { secret: SECRET })).length).toBeLessThanOrEqual(210);
    const [payload = '', signature = ''] = token.split('.');
    expect(JSON.parse(new TextDecoder().decode(fromBase64Url(payload)))).toEqual({ pur: 'intake-taken', sub: CUSTOMER, day: DAY, per: 'night', exp: DEFAULT_EXPIRY.getTime() / 1000 });
    expect(`${payload}.${signature}`).toBe(await handSigned(new TextDecoder().decode(fromBase64Url(payload))));
  });

  it('expire at the end of the next Zurich day by default, or when told', async () => {
    const token = await signReminderToken(claims(), { secret: SECRET });
    expect(await errorOf(token, { now: new Date(DEFAULT_EXPIRY.getTime() - 1000) })).toBe('ok');
    expect(await errorOf(token, { now: DEFAULT_EXPIRY })).toBe('expired');
    // winter time: the 16th of January ends at 23:00 UTC
    const winter = await verifyReminderToken(await signReminderToken({ ...claims(), day: '2025-01-15' }, { secret: SECRET }), { secret: SECRET, now: new Date('2025-01-15T06:00:00Z') });
    expect(winter.ok && winter.value.expiresAt.toISOString()).toBe('2025-01-16T23:00:00.000Z');

    const expiresAt = new Date('2025-06-02T10:00:00Z');
    const short = await signReminderToken(claims(), { secret: SECRET, expiresAt });
    expect(await errorOf(short, { now: new Date('2025-06-02T09:59:59Z') })).toBe('ok');
    expect(await errorOf(short, { now: expiresAt })).toBe('expired');
  });

  it('refuse tampered tokens, other secrets, other purposes and malformed input', async () => {
    const token = await signReminderToken(claims(), { secret: SECRET });
    const [payload = '', signature = ''] = token.split('.');
    const otherCustomer = toBase64Url(new TextEncoder().encode(new TextDecoder().decode(fromBase64Url(payload)).replace(CUSTOMER, '00000000-0000-4000-8000-000000000000')));
    const flippedSignature = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    // the last of 43 characters holds 4 bits of the signature and 2 spare ones, which must be 0
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const nonCanonical = `${signature.slice(0, 42)}${ALPHABET[ALPHABET.indexOf(signature.at(-1)!) | 1]}`;
    const valid = { pur: REMINDER_TOKEN_PURPOSE, sub: CUSTOMER, day: DAY, per: 'noon', exp: DEFAULT_EXPIRY.getTime() / 1000 };

    const cases: [string, string | Promise<string>, ReminderTokenError | 'ok', string?][] = [
      ['the token as signed', token, 'ok'],
      ['hand-signed valid claims', handSigned(valid), 'ok'],
      ['claims changed (other customer)', `${otherCustomer}.${signature}`, 'bad_signature'],
      ['signature changed', `${payload}.${flippedSignature}`, 'bad_signature'],
      ['verified with another secret', token, 'bad_signature', OTHER_SECRET],
      ['signed with another secret', handSigned(valid, OTHER_SECRET), 'bad_signature'],
      ['another purpose', handSigned({ ...valid, pur: 'session' }), 'wrong_purpose'],
      ['no purpose', handSigned({ sub: CUSTOMER, day: DAY, per: 'noon', exp: valid.exp }), 'wrong_purpose'],
      ['empty', '', 'malformed'],
      ['no signature', payload, 'malformed'],
      ['three parts', `${token}.${signature}`, 'malformed'],
      ['padded', `${token}=`, 'malformed'],
      ['signature cut short', token.slice(0, -1), 'malformed'],
      ['non-canonical signature spelling', `${payload}.${nonCanonical}`, 'malformed'],
      ['signed, but not JSON', handSigned('not json'), 'malformed'],
      ['signed, but an array', handSigned([valid]), 'malformed'],
      ['signed, customer not a UUID', handSigned({ ...valid, sub: 'admin' }), 'malformed'],
      ['signed, no such day', handSigned({ ...valid, day: '2025-02-30' }), 'malformed'],
      ['signed, no such period', handSigned({ ...valid, per: 'afternoon' }), 'malformed'],
      ['signed, expiry a string', handSigned({ ...valid, exp: String(valid.exp) }), 'malformed'],
      ['signed, expiry a fraction', handSigned({ ...valid, exp: valid.exp + 0.5 }), 'malformed'],
      ['signed, expired', handSigned({ ...valid, exp: MORNING.getTime() / 1000 }), 'expired'],
    ];
    for (const [name, candidate, expected, secret] of cases) {
      expect(await errorOf(await candidate, secret ? { secret } : {}), name).toBe(expected);
    }
  });

  it('refuse to be signed for claims the server never means, or with a weak secret', async () => {
    const bad: [string, Parameters<typeof signReminderToken>[0]][] = [
      ['customer not a UUID', { ...claims(), customerId: '42' }],
      ['day not a date', { ...claims(), day: '02.06.2025' }],
      ['period unknown', { ...claims(), period: 'afternoon' as IntakePeriod }],
    ];
    for (const [name, input] of bad) await expect(signReminderToken(input, { secret: SECRET }), name).rejects.toThrow(TypeError);
    await expect(signReminderToken(claims(), { secret: 'short' })).rejects.toThrow(RangeError);
    await expect(verifyReminderToken('x.y', { secret: 'short', now: MORNING })).rejects.toThrow(RangeError);
  });
});
