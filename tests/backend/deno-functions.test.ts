// The edge functions as hosted Supabase runs them: the Deno entry points
// supabase/functions/<name>/index.ts (spec §7 Server functions), type-checked and served by Deno
// itself (the `deno` npm package) against the local stack. Offline: `npm:` imports resolve from
// node_modules (--node-modules-dir=manual); --no-remote and, for run, --cached-only forbid downloads.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, stackUrl } from '../setup/clients.ts';
import { count, must, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const FUNCTIONS = join(ROOT, 'supabase', 'functions');
const NAMES = ['webshopOrder', 'webshopGenericMeds', 'prescriptionLocationMail'] as const;
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

async function call(name: Name, init: { body?: unknown; token?: string; headers?: Record<string, string>; method?: string } = {}) {
  const res = await fetch(served.get(name)!.url, {
    method: init.method ?? 'POST',
    headers: {
      apikey: inject('anonKey'),
      authorization: `Bearer ${init.token ?? inject('anonKey')}`,
      'content-type': 'application/json',
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
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
    expect(isGeneric.status).toBe(422);
    expect(isGeneric.body).toMatchObject({ error: 'is_generic' });

    const preflight = await call('webshopGenericMeds', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
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

    it('prescriptionLocationMail mails the partner (logged without a mail API key)', async () => {
      const res = await call('prescriptionLocationMail', { body: { prescription_location: 'gz-aarepark' }, token: P.accessToken });
      expect(res).toMatchObject({ status: 200, body: { sent: true } });
      expect(served.get('prescriptionLocationMail')!.output()).toMatch(/mail not sent: RESEND_API_KEY unset\] to=partner-gz-aarepark@rezeptpost\.ch/);

      const unknown = await call('prescriptionLocationMail', { body: { prescription_location: 'nowhere' }, token: P.accessToken });
      expect(unknown).toMatchObject({ status: 400, body: { error: 'unknown_location' } });
    });
  });
});
