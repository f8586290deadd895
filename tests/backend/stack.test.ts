// The local stack's own parts: routing, CORS, health, 404s, the mailbox, migrations on a
// persisted PGlite folder, and the Db seam returning the same values from both databases.
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { KEEP_ALIVE_TIMEOUT_MS, startStack, type Stack } from '../../supabase/local/server.ts';
import type { Mail } from '../../supabase/local/mailbox.ts';
import { openPglite } from '../../supabase/local/db/pglite.ts';
import { openPostgres } from '../../supabase/local/db/postgres.ts';
import type { Db } from '../../supabase/local/db/db.ts';
import { testStackConfig } from '../setup/local-stack.ts';
import { anonClient, stackUrl } from '../setup/clients.ts';

const url = (path: string) => `${stackUrl()}${path}`;

describe('the shared stack', () => {
  it('answers /health with the database kind', async () => {
    const res = await fetch(url('/health'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { status: string; database: string };
    expect(body).toMatchObject({ status: 'ok', database: inject('dbKind') });
  });

  it('answers a CORS preflight for every service with the headers supabase-js sends', async () => {
    for (const path of ['/rest/v1/webshop_customers', '/auth/v1/token', '/functions/v1/webshopOrder', '/mailbox/api/messages']) {
      const res = await fetch(url(path), {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, apikey, content-type, x-client-info, prefer, x-custom',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
      for (const h of ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', 'prefer', 'accept-profile', 'content-profile', 'range', 'x-retry-count', 'x-custom']) {
        expect(allowed).toContain(h);
      }
    }
  });

  it('exposes the headers the client reads on every answer', async () => {
    const res = await fetch(url('/health'), { headers: { origin: 'http://127.0.0.1:5173' } });
    const exposed = res.headers.get('access-control-expose-headers')!.split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['content-range', 'x-supabase-api-version', 'x-sb-error-code']));
  });

  it('keeps an idle connection open for a minute, not the 5 s of Node, and says so', async () => {
    // a client reusing a connection in the moment the server closes it gets a reset: Node's fetch
    // keeps one for the server's hint less a second, a starved test process overslept that window
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = httpRequest(url('/health'), { agent: false, headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        resolve(res.headers);
        req.destroy();
      });
      req.on('error', reject).end();
    });
    expect(headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
  });

  it('answers unknown paths with 404 JSON', async () => {
    for (const path of ['/', '/nope', '/rest/v2/x', '/authx/v1/user']) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('rejects a websocket upgrade outside /realtime/v1/websocket', async () => {
    const ws = new WebSocket(`${stackUrl().replace(/^http/, 'ws')}/not-realtime`);
    const status = await new Promise<number>((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('upgrade accepted')));
      ws.on('error', () => {});
    });
    ws.terminate();
    expect(status).toBe(404);
  });

  it('routes supabase-js calls to their services and answers JSON', async () => {
    const health = (await (await fetch(url('/health'))).json()) as { services: Record<string, boolean> };
    expect(Object.values(health.services).every(Boolean)).toBe(true);
    const supabase = anonClient();
    const rpc = await supabase.rpc('no_such_function_for_the_stack_test');
    expect(rpc.status).toBe(404);
    expect(rpc.error?.message).toEqual(expect.any(String));

    const fn = await supabase.functions.invoke('no-such-function');
    expect(fn.error).toBeInstanceOf(FunctionsHttpError);
    const response = (fn.error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(404);

    const signIn = await supabase.auth.signInWithPassword({ email: 'nobody@example.test', password: 'not-the-password' });
    expect(signIn.data.session).toBeNull();
    expect(signIn.error?.status).toBe(400);
  });

  it('hands /realtime/v1/websocket to realtime: a supabase-js channel subscribes', async () => {
    const supabase = anonClient();
    const status = await new Promise<string>((resolve) => {
      supabase
        .channel('stack-test')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'webshop_order' }, () => {})
        .subscribe((s) => {
          if (s !== 'CLOSED') resolve(s);
        });
    });
    await supabase.removeAllChannels();
    expect(status).toBe('SUBSCRIBED');
  });

  it('serves the mailbox as JSON and as a page', async () => {
    const list = await fetch(url('/mailbox/api/messages?to=nobody-yet@example.test'));
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);

    const page = await fetch(url('/mailbox'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Mailbox of the local stack');

    const missing = await fetch(url('/mailbox/api/messages/no-such-id'));
    expect(missing.status).toBe(404);
  });
});

// Starts its own stacks (PGlite in a folder), so it runs once: in the PGlite project.
// (defined only there, so the other project reports nothing skipped)
if (inject('dbKind') === 'pglite') describe('a stack over a PGlite data folder', () => {
  let dir: string;
  let stack: Stack | null = null;
  let firstApplied: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stack-test-'));
    stack = await startStack(testStackConfig({ dataDir: join(dir, 'pglite') }), { seed: true, log: () => {} });
    firstApplied = stack.applied;
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies the platform SQL and every migration on the first start and records them', async () => {
    expect(firstApplied).toEqual(expect.arrayContaining(['local/00-supabase-roles.sql', 'local/10-auth-schema.sql']));
    const { rows } = await stack!.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
    expect(rows.map((r) => r.version).sort()).toEqual([...firstApplied].sort());
  });

  it('delivers mails to the JSON endpoint and the page, filtered, escaped, newest first, and clears them', async () => {
    const { mailbox, url: base } = stack!;
    await mailbox.send({ to: 'anna@example.test', subject: 'first', text: 'code 123456' });
    await mailbox.send({ to: 'Ben@Example.test', subject: '<script>alert(1)</script>', text: 'open http://127.0.0.1:5173/reset?token=a&b=c' });

    const all = (await (await fetch(`${base}/mailbox/api/messages`)).json()) as Mail[];
    expect(all.map((m) => m.subject)).toEqual(['<script>alert(1)</script>', 'first']);
    expect(all[0]).toMatchObject({ id: expect.any(String), to: 'Ben@Example.test', createdAt: expect.any(String) });

    const ben = (await (await fetch(`${base}/mailbox/api/messages?to=ben@example.test`)).json()) as Mail[];
    expect(ben).toHaveLength(1);
    const one = await fetch(`${base}/mailbox/api/messages/${ben[0]!.id}`);
    expect(((await one.json()) as Mail).subject).toBe('<script>alert(1)</script>');

    const page = await (await fetch(`${base}/mailbox`)).text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('<a href="http://127.0.0.1:5173/reset?token=a&amp;b=c"');
    expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf('code 123456'));
    expect(await (await fetch(`${base}/mailbox?refresh=5`)).text()).toContain('http-equiv="refresh"');

    const cleared = await fetch(`${base}/mailbox/api/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await (await fetch(`${base}/mailbox/api/messages`)).json()).toEqual([]);
  });

  it('does not apply anything again on a second start over the same folder', async () => {
    const { rows: before } = await stack!.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
    await stack!.stop();
    const logs: string[] = [];
    stack = await startStack(testStackConfig({ dataDir: join(dir, 'pglite') }), { seed: true, log: (l) => logs.push(l) });
    expect(stack.applied).toEqual([]);
    expect(logs.filter((l) => /^(applied|seeded) /.test(l))).toEqual([]);
    const { rows: after } = await stack.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });
});

// PGlite and PostgreSQL must hand the services the same JS values.
if (inject('databaseUrl') !== null) describe('the Db seam on PGlite and PostgreSQL', () => {
  let lite: Db;
  let pg: Db;

  beforeAll(async () => {
    [lite, pg] = await Promise.all([openPglite(null), openPostgres(inject('databaseUrl')!)]);
  });

  afterAll(async () => {
    await Promise.all([lite?.close(), pg?.close()]);
  });

  const sql = `select
    42::int8 as id, 9007199254740993::int8 as huge, 7::int4 as int, 1.50::numeric(10,2) as price, 2.5::float8 as float,
    '2024-02-29'::date as day, '2024-02-29 13:14:15.123+01'::timestamptz as at, 'infinity'::timestamptz as never,
    '{"a":[1,{"b":null}],"n":1.10}'::jsonb as doc, '[1,"x"]'::json as list,
    array[1,2,3]::int8[] as ids, array['a','b,c',null]::text[] as words, array[1.5,2]::numeric[] as prices,
    array['2024-01-01'::date] as days, array['{"x":1}'::jsonb] as docs, '{}'::int[] as empty,
    true as yes, null::text as nothing, '7a3c1c0e-1d2e-4f5a-8b9c-0d1e2f3a4b5c'::uuid as uuid,
    interval '1 day 02:03:04' as span, '12:30'::time as clock, '\\x0102'::bytea as bytes,
    to_json('2024-02-29 13:14:15.123+01'::timestamptz) as at_json,
    $1::jsonb as param_doc, $2::date as param_day, $3::text[] as param_words, $4::int8 as param_id`;
  const params = ['{"k":[1,2]}', new Date('2024-03-04T00:00:00Z'), ['x', 'y,z'], 12];

  it('returns the same values with the same JS types', async () => {
    const [a, b] = await Promise.all([lite.query(sql, params), pg.query(sql, params)]);
    const rowA = a.rows[0]!;
    const rowB = b.rows[0]!;
    expect(Object.keys(rowB)).toEqual(Object.keys(rowA));
    for (const key of Object.keys(rowA)) {
      expect(Object.prototype.toString.call(rowB[key]), key).toBe(Object.prototype.toString.call(rowA[key]));
      expect(rowB[key], key).toEqual(rowA[key]);
    }
    expect(rowA).toMatchObject({
      id: 42,
      huge: 9007199254740993n,
      price: '1.50',
      day: new Date('2024-02-29T00:00:00Z'),
      at: new Date('2024-02-29T12:14:15.123Z'),
      never: Infinity,
      doc: { a: [1, { b: null }], n: 1.1 },
      ids: [1, 2, 3],
      words: ['a', 'b,c', null],
      prices: ['1.5', '2'],
      empty: [],
      at_json: '2024-02-29T12:14:15.123+00:00',
      param_doc: { k: [1, 2] },
      param_words: ['x', 'y,z'],
      param_id: 12,
    });
    expect(b.fields).toEqual(a.fields);
  });

  it('counts affected rows and rolls back failed transactions alike', async () => {
    for (const db of [lite, pg]) {
      await db.exec(`drop table if exists seam_t; create table seam_t (id int8 primary key, tags text[])`);
      const inserted = await db.query('insert into seam_t values (1, $1), (2, $1)', [['a']]);
      expect(inserted.affectedRows, db.kind).toBe(2);
      expect((await db.query('select * from seam_t')).affectedRows, db.kind).toBe(0);
      await expect(
        db.transaction(async (tx) => {
          await tx.query('delete from seam_t');
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect((await db.query<{ n: number }>('select count(*)::int as n from seam_t')).rows[0]!.n, db.kind).toBe(2);
      await expect(db.query('select * from seam_missing')).rejects.toMatchObject({ code: '42P01' });
      await db.exec('drop table seam_t');
    }
  });

  it('delivers NOTIFY payloads to listeners alike', async () => {
    for (const db of [lite, pg]) {
      const got: string[] = [];
      const unlisten = await db.listen('seam_channel', (payload) => got.push(payload));
      await db.query(`select pg_notify('seam_channel', 'hello')`);
      await expect.poll(() => got, { timeout: 2000 }).toEqual(['hello']);
      await unlisten();
    }
  });
});
