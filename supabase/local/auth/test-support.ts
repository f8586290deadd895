// Test harness of the auth service: an in-memory PGlite with the platform SQL, the handler
// with a movable clock, and the real supabase-js client whose fetch is routed to the handler.
import { readFile } from 'node:fs/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { configFromEnv, type StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { openPglite } from '../db/pglite.ts';
import { createMailbox, type Mail, type Mailbox } from '../mailbox.ts';
import { withHarness } from '../test-harness.ts';
import { createAuthHandler, type AuthDeps } from './handler.ts';

export const BASE = 'http://local.test';

export interface Harness {
  db: Db;
  config: StackConfig;
  mailbox: Mailbox;
  handler: (req: Request, path: string) => Promise<Response>;
  clock: { offsetMs: number };
  fetch: typeof fetch;
  client(options?: { flowType?: 'implicit' | 'pkce' }): SupabaseClient;
  /** a raw request to /auth/v1<path> */
  call(method: string, path: string, init?: { body?: unknown; token?: string; versioned?: boolean; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

let seq = 0;
/** a fresh address per test, so that rate limits of one test never meet another */
export const freshEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${++seq}@example.ch`;

export async function createHarness(overrides: Partial<StackConfig> = {}, deps: Partial<AuthDeps> = {}, db?: Db): Promise<Harness> {
  const ownDb = !db;
  if (!db) {
    db = await openPglite(null);
    for (const file of ['00-supabase-roles.sql', '10-auth-schema.sql']) {
      await db.exec(await readFile(new URL(`../sql/${file}`, import.meta.url), 'utf8'));
    }
  }
  const config: StackConfig = { ...configFromEnv({}), apiUrl: BASE, minimumPasswordLength: 8, ...overrides };
  const mailbox = createMailbox();
  const clock = { offsetMs: 0 };
  // bcrypt cost 4 keeps the suites fast; production uses GoTrue's 10
  const handler = createAuthHandler({ db, config, mailbox, now: () => Date.now() + clock.offsetMs, bcryptCost: 4, ...deps });

  const routed: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (url.origin === BASE && url.pathname.startsWith('/auth/v1')) return handler(req, url.pathname.slice('/auth/v1'.length));
    return new Response(JSON.stringify({ message: 'not routed in tests' }), { status: 404 });
  };

  const theDb = db;
  return {
    db: theDb,
    config,
    mailbox,
    handler,
    clock,
    fetch: routed,
    client: (options = {}) =>
      createClient(BASE, config.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: options.flowType ?? 'implicit' },
        global: { fetch: routed },
        // Node 20 has no WebSocket; the client builds its realtime part even when unused
        realtime: { transport: WebSocket as never },
      }),
    call(method, path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('apikey', config.anonKey);
      if (init.versioned !== false) headers.set('X-Supabase-Api-Version', '2024-01-01');
      if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers.set('content-type', 'application/json');
      }
      return routed(`${BASE}/auth/v1${path}`, { method, headers, body });
    },
    close: async () => {
      if (ownDb) await theDb.close();
    },
  };
}

/**
 * The auth harness of a test file: opened before its tests, closed after them, its clock put
 * back after each test. `db` shares another harness's database (read when opening).
 */
export function withAuthHarness(overrides: Partial<StackConfig> = {}, deps: Partial<AuthDeps> = {}, db?: () => Db): Harness {
  return withHarness(
    () => createHarness(overrides, deps, db?.()),
    (h) => h.close(),
    {
      afterEach: (h) => {
        h.clock.offsetMs = 0;
      },
    },
  );
}

/** The newest mail to `to`. */
export function lastMail(mailbox: Mailbox, to: string): Mail | undefined {
  return mailbox.list(to)[0];
}

/** The 6-digit code of a mail (the line "…: 123456"). */
export function codeOf(mail: Mail | undefined): string {
  const m = /^[^\n]*: (\d{6})$/m.exec(mail?.text ?? '');
  if (!m) throw new Error(`no code in mail: ${mail?.text}`);
  return m[1]!;
}

/** The /auth/v1/verify link of a mail. */
export function linkOf(mail: Mail | undefined): string {
  const m = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail?.text ?? '');
  if (!m) throw new Error(`no link in mail: ${mail?.text}`);
  return m[1]!;
}

export function decodeClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
