// The edge functions as hosted Supabase runs them: the Deno entry points
// supabase/functions/<name>/index.ts (spec §7 Server functions), type-checked and served by Deno
// itself (the `deno` npm package) against the local stack. Offline: `npm:` imports resolve from
// node_modules (--node-modules-dir=manual); --no-remote and, for run, --cached-only forbid downloads.
// They are deployed with --no-verify-jwt (README "Deploy to hosted Supabase"), as served here:
// each function that needs a patient checks the token itself (functions/_shared/caller.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { signReminderToken } from '../../supabase/functions/_shared/web-push/reminder-token.ts';
import { dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { anonClient, serviceClient, stackUrl } from '../setup/clients.ts';
import { count, hinLink, must, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const FUNCTIONS = join(ROOT, 'supabase', 'functions');
const NAMES = ['webshopOrder', 'webshopGenericMeds', 'prescriptionLocationMail', 'doseReminders', 'doseReminderAction', 'ePrescription', 'caregiverInvite'] as const;
type Name = (typeof NAMES)[number];

const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
const denoEnv = { ...process.env, DENO_DIR: denoDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
const common = ['--node-modules-dir=manual', '--no-remote'];

interface Served {
  url: string;
  child: ChildProcess;
  /** what the function printed so far (Deno.serve's banner, logged mails) */
  output: () => string;
}
const served = new Map<Name, Served>();

/** A signing key of the project as hosted passes it in SUPABASE_JWKS (the stack itself signs HS256 only). */
const projectKey = await generateKeyPair('ES256');
const projectJwk: JWK = { ...(await exportJWK(projectKey.publicKey)), kid: 'project-es256', alg: 'ES256', use: 'sig' };
const es256 = (key: CryptoKey, sub: string) =>
  new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' }).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'project-es256' }).setIssuedAt().setExpirationTime('1h').sign(key);

/** `deno run` of one entry point on a free port (DENO_SERVE_ADDRESS) with the platform's variables. */
function serve(name: Name): Promise<Served> {
  const child = spawn(DENO, ['run', ...common, '--cached-only', '--config', join(FUNCTIONS, name, 'deno.json'), '--allow-net', '--allow-env', '--allow-read', join(FUNCTIONS, name, 'index.ts')], {
    cwd: ROOT,
    env: {
      ...denoEnv,
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      SUPABASE_URL: stackUrl(),
      SUPABASE_ANON_KEY: inject('anonKey'),
      SUPABASE_SERVICE_ROLE_KEY: inject('serviceRoleKey'),
      SUPABASE_JWKS: JSON.stringify({ keys: [projectJwk] }),
      // the dose reminders' secrets as `supabase secrets set` gives them (README.md, "Dose reminders")
      VAPID_PUBLIC_KEY: inject('reminderSecrets').vapidPublicKey,
      VAPID_PRIVATE_KEY: inject('reminderSecrets').vapidPrivateKey,
      VAPID_SUBJECT: inject('reminderSecrets').vapidSubject,
      REMINDER_TOKEN_SECRET: inject('reminderSecrets').tokenSecret,
      REMINDER_SCHEDULER_SECRET: inject('reminderSecrets').schedulerSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start under Deno:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        done({ url: m[1]!, child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited with ${code} under Deno:\n${output}`));
    });
  });
}

async function call(name: Name, init: { body?: unknown; token?: string | null; headers?: Record<string, string>; method?: string } = {}) {
  const token = init.token === undefined ? inject('anonKey') : init.token;
  const res = await fetch(served.get(name)!.url, {
    method: init.method ?? 'POST',
    headers: {
      apikey: inject('anonKey'),
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, headers: res.headers, body: isJson ? ((await res.json()) as Record<string, unknown>) : null };
}

beforeAll(async () => {
  for (const name of NAMES) served.set(name, await serve(name));
}, 90_000);

afterAll(() => {
  for (const s of served.values()) s.child.kill();
  rmSync(denoDir, { recursive: true, force: true });
});

describe('the Deno entry points of the edge functions', () => {
  it('type-check under Deno', () => {
    const result = spawnSync(DENO, ['check', ...common, '--config', join(FUNCTIONS, 'webshopOrder', 'deno.json'), ...NAMES.map((n) => join(FUNCTIONS, n, 'index.ts'))], {
      cwd: ROOT,
      env: denoEnv,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.stderr + result.stdout).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  }, 130_000);

  it('webshopGenericMeds answers as the local stack does: alternatives, is_generic, preflight', async () => {
    const originals = must(await anonClient().from('pharmindex').select('pharmacode').eq('gencd', 'O').eq('sloplus', 1).eq('nincd', 10).order('pharmacode').limit(20), 'originals');
    let compared = 0;
    for (const { pharmacode } of originals) {
      const viaDeno = await call('webshopGenericMeds', { body: { pharmacode } });
      const viaStack = await fetch(`${stackUrl()}/functions/v1/webshopGenericMeds`, {
        method: 'POST',
        headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
        body: JSON.stringify({ pharmacode }),
      });
      expect(viaDeno.status).toBe(viaStack.status);
      expect(viaDeno.body).toEqual(await viaStack.json());
      if (Array.isArray(viaDeno.body) && viaDeno.body.length > 0) compared++;
    }
    expect(compared).toBeGreaterThan(0);

    const generic = must(await anonClient().from('pharmindex').select('pharmacode').eq('gencd', 'G').limit(1).single(), 'a generic');
    const isGeneric = await call('webshopGenericMeds', { body: { pharmacode: generic.pharmacode } });
    expect(isGeneric.status).toBe(200);
    expect(isGeneric.body).toMatchObject({ error: 'is_generic' });

    const preflight = await call('webshopGenericMeds', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    // public: no token at all, or an API key that is no JWT (the app's publishable key), is fine
    const [{ pharmacode }] = originals as [{ pharmacode: number }];
    const expected = await call('webshopGenericMeds', { body: { pharmacode } });
    for (const token of [null, 'sb_publishable_not-a-jwt']) {
      expect(await call('webshopGenericMeds', { body: { pharmacode }, token })).toMatchObject({ status: 200, body: expected.body });
    }
  });

  describe('with a patient', () => {
    let P: Patient;
    let pharmacode: number;
    beforeAll(async () => {
      P = await patientWithProfile('Deno');
      [pharmacode] = (await pharmacodes(1)) as [number];
      await prescribe(P.userId, pharmacode);
    });

    it('webshopOrder places the order once per idempotency key and refuses a visitor', async () => {
      const key = newKey();
      const body = orderBody(P.userId, { [pharmacode]: 2 });
      const first = await call('webshopOrder', { body, token: P.accessToken, headers: { 'idempotency-key': key } });
      expect(first.status).toBe(200);
      const id = first.body!.id as number;
      expect(id).toBeGreaterThan(0);
      const replay = await call('webshopOrder', { body, token: P.accessToken, headers: { 'idempotency-key': key } });
      expect(replay).toMatchObject({ status: 200, body: { id } });
      expect(await count('webshop_order', ['customer_id', P.userId])).toBe(1);

      const visitor = await call('webshopOrder', { body });
      expect(visitor.status).toBe(401);
      expect(visitor.body).toMatchObject({ error: 'not_authenticated' });
      expect(await count('webshop_order', ['customer_id', P.userId])).toBe(1);
    });

    // spec §7: ordering and mailing are for the signed-in patient; the function decides that
    // itself, before it reads the body, so a refused token answers 401 even to a body that would
    // be refused too — and nothing is ordered or mailed
    it('webshopOrder and prescriptionLocationMail refuse every token that is not a live patient session: 401 not_authenticated', async () => {
      const secret = inject('jwtSecret');
      const claims = { sub: P.userId, role: 'authenticated', aud: 'authenticated' };
      const other = await generateKeyPair('ES256');
      const signedOut = await anonClient().auth.signInWithPassword({ email: P.email, password: P.password });
      const signedOutToken = signedOut.data.session!.access_token;
      const logout = await fetch(`${stackUrl()}/auth/v1/logout?scope=local`, { method: 'POST', headers: { apikey: inject('anonKey'), authorization: `Bearer ${signedOutToken}` } });
      expect(logout.status).toBe(204);
      const refused: [string, string | null][] = [
        ['no token', null],
        ['forged (another secret)', await signJwt(claims, 'not-the-project-secret-not-the-project-secret', 3600)],
        ['expired', await signJwt(claims, secret, -120)],
        ['of a signed-out session', signedOutToken],
        ['the anon key', inject('anonKey')],
        ['the service-role key', inject('serviceRoleKey')],
        ['an API key', 'sb_secret_not-a-jwt'],
        ['signed with a key the project does not publish', await es256(other.privateKey, P.userId)],
      ];
      for (const [what, token] of refused) {
        const order = await call('webshopOrder', { body: 'not json', token });
        expect([what, order.status, order.body?.error]).toEqual([what, 401, 'not_authenticated']);
        const mail = await call('prescriptionLocationMail', { body: { prescription_location: 'nowhere' }, token });
        expect([what, mail.status, mail.body?.error]).toEqual([what, 401, 'not_authenticated']);
      }
      const order = await call('webshopOrder', { body: orderBody(P.userId, { [pharmacode]: 1 }), token: await signJwt(claims, 'not-the-project-secret-not-the-project-secret', 3600) });
      expect(order.status).toBe(401);
      expect(await count('webshop_order', ['customer_id', P.userId])).toBe(1);

      // the patient's own tokens pass the check (then the body is judged): the stack's HS256
      // session token, and one signed with the project's published key (SUPABASE_JWKS)
      for (const token of [P.accessToken, await es256(projectKey.privateKey, P.userId)]) {
        expect(await call('webshopOrder', { body: 'not json', token })).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
        expect(await call('prescriptionLocationMail', { body: { prescription_location: 'nowhere' }, token })).toMatchObject({ status: 400, body: { error: 'unknown_location' } });
      }
    });

    it('prescriptionLocationMail mails the partner (logged without a mail API key)', async () => {
      const res = await call('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, token: P.accessToken });
      expect(res).toMatchObject({ status: 200, body: { sent: true } });
      expect(served.get('prescriptionLocationMail')!.output()).toMatch(/mail not sent: RESEND_API_KEY unset\] to=partner-gz-aarepark@rezeptpost\.ch/);

      const unknown = await call('prescriptionLocationMail', { body: { prescription_location: 'nowhere' }, token: P.accessToken });
      expect(unknown).toMatchObject({ status: 400, body: { error: 'unknown_location' } });
    });
  });
});

// issue 37 item 7: the function reads the code itself under Deno (DecompressionStream, crypto)
describe('ePrescription under Deno', () => {
  it('stores a HIN code under its own Id for the patient, refuses a plan (422) and a visitor (401)', async () => {
    const P = await patientWithProfile('Deno');
    const id = randomUUID();
    const headers = { 'idempotency-key': randomUUID() };
    const stored = await call('ePrescription', { body: { raw: await hinLink(P, { Id: id }), summary: {} }, token: P.accessToken, headers });
    expect(stored).toMatchObject({ status: 200, body: { rx_id: id, replay: false } });
    expect(await call('ePrescription', { body: { raw: await hinLink(P, { MedType: 1 }), summary: {} }, token: P.accessToken, headers: { 'idempotency-key': randomUUID() } })).toMatchObject({
      status: 422,
      body: { error: 'not_a_prescription' },
    });
    expect(await call('ePrescription', { body: { raw: await hinLink(P), summary: {} }, headers })).toMatchObject({ status: 401, body: { error: 'not_authenticated' } });
    expect(await count('webshop_customer_eprescription', ['customer_id', P.userId])).toBe(1);
  });
});

describe('the dose reminders under Deno (issue 28)', () => {
  it('doseReminders: the public key to anyone, a run only with the scheduler secret', async () => {
    const key = await call('doseReminders', { method: 'GET', token: null });
    expect(key).toMatchObject({ status: 200, body: { publicKey: inject('reminderSecrets').vapidPublicKey } });
    expect((await call('doseReminders', { token: inject('serviceRoleKey') })).status).toBe(401);
    expect((await call('doseReminders', { token: null })).status).toBe(401);
    const run = await call('doseReminders', { token: inject('reminderSecrets').schedulerSecret });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ sent: expect.any(Number), gone: expect.any(Number), retry: expect.any(Number), rejected: expect.any(Number) });
  });

  it('doseReminderAction: "taken" with a reminder token and no session marks the period; a forged one is refused', async () => {
    const P = await patientWithProfile('Deno');
    const [code] = (await pharmacodes(1)) as [number];
    const rx = (await prescribe(P.userId, code)) as unknown as { id: number };
    const day = dateInTimeZone(new Date());
    const token = await signReminderToken({ customerId: P.userId, day, period: 'morning' }, { secret: inject('reminderSecrets').tokenSecret });
    const taken = await call('doseReminderAction', { token: null, body: { token, action: 'taken' } });
    expect(taken).toMatchObject({ status: 200, body: { marked: 1 } });
    const rows = must(await serviceClient().from('webshop_customer_dose_mark').select('prescription_id, status').eq('customer_id', P.userId), 'marks');
    expect(rows).toEqual([{ prescription_id: rx.id, status: 'taken' }]);
    const forged = await signReminderToken({ customerId: P.userId, day, period: 'evening' }, { secret: 'another-secret-another-secret-another-secret' });
    expect(await call('doseReminderAction', { token: null, body: { token: forged, action: 'taken' } })).toMatchObject({ status: 403, body: { error: 'invalid_token' } });
  });
});
