// The web-push modules under Deno, the runtime of the hosted edge functions: Deno's WebCrypto
// and Intl instead of Node's. Run by `deno test` (web-push-under-deno.test.ts starts it from
// vitest); the name keeps vitest from collecting it. No std library: it would be a download.
import { fromBase64Url, toBase64Url, utf8 } from './bytes.ts';
import { decryptPayload } from './decrypt.ts';
import { encryptPayload } from './encrypt.ts';
import { signReminderToken, verifyReminderToken } from './reminder-token.ts';
import { RFC8291, rfcReceiverKeys, rfcSenderKeys } from './rfc8291-example.ts';
import { generateVapidKeys, importVapidKeys, vapidAuthorization } from './vapid.ts';

// reached through globalThis so that the project's tsc (Node types) checks this file too
const { Deno: deno } = globalThis as unknown as { Deno: { test(name: string, fn: () => Promise<void>): void } };

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function same(actual: unknown, expected: unknown, what: string): void {
  check(JSON.stringify(actual) === JSON.stringify(expected), `${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}

deno.test('encryptPayload gives the ciphertext of RFC 8291 Appendix A, decryptPayload its plaintext', async () => {
  const body = await encryptPayload(RFC8291.plaintext, { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret }, { salt: fromBase64Url(RFC8291.salt), ephemeralKeys: await rfcSenderKeys() });
  same(toBase64Url(body), RFC8291.body, 'ciphertext');
  same(new TextDecoder().decode(await decryptPayload(body, await rfcReceiverKeys())), RFC8291.plaintext, 'plaintext');
});

deno.test('encrypt → decrypt with keys made as a browser makes them', async () => {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  const payload = JSON.stringify({ title: 'Einnahme am Abend 💊', period: 'evening' });
  const body = await encryptPayload(payload, { p256dh: toBase64Url(publicKey), auth: toBase64Url(authSecret) });
  same(new TextDecoder().decode(await decryptPayload(body, { privateKey: pair.privateKey, publicKey, authSecret })), payload, 'round trip');
});

deno.test('VAPID: the JWT verifies with the k= key (ES256, r||s) and names origin, exp, subject', async () => {
  const keys = await importVapidKeys(await generateVapidKeys());
  const now = new Date('2025-06-02T06:30:00Z');
  const header = await vapidAuthorization('https://web.push.apple.com/QGxvbmc', { keys, subject: 'mailto:rezepte@rezeptpost.ch' }, now);
  const m = /^vapid t=(([\w-]+)\.([\w-]+))\.([\w-]+), k=([\w-]+)$/.exec(header);
  check(m !== null, `header ${header}`);
  const [, signingInput = '', head = '', claims = '', signature = '', k = ''] = m;
  const verifyKey = await crypto.subtle.importKey('raw', fromBase64Url(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  check(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifyKey, fromBase64Url(signature), utf8(signingInput)), 'signature');
  const json = (part: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));
  same(json(head), { typ: 'JWT', alg: 'ES256' }, 'JOSE header');
  same(json(claims), { aud: 'https://web.push.apple.com', exp: now.getTime() / 1000 + 12 * 3600, sub: 'mailto:rezepte@rezeptpost.ch' }, 'claims');
});

deno.test('reminder token: sign → verify, and the end of the next Zurich day as expiry', async () => {
  const secret = 'reminder-secret-for-tests-0123456789abcdef';
  const token = await signReminderToken({ customerId: '6f1c2a34-5b6c-4d7e-8f90-a1b2c3d4e5f6', day: '2025-10-25', period: 'night' }, { secret });
  const result = await verifyReminderToken(token, { secret, now: new Date('2025-10-25T21:00:00Z') });
  check(result.ok, 'verified');
  // the 26th has 25 hours: the 27th begins at 23:00 UTC
  same(result.value.expiresAt.toISOString(), '2025-10-26T23:00:00.000Z', 'expiry');
  same((await verifyReminderToken(token, { secret: `${secret}!`, now: new Date('2025-10-25T21:00:00Z') })).ok, false, 'other secret');
});
