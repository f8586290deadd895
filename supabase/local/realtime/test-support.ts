// Test fixtures for the realtime tests: an in-memory PGlite with the platform SQL
// (roles, auth helpers, publication) and a small schema of our own with RLS, so the tests
// do not depend on the project's migrations (which evolve separately).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { configFromEnv, type StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { openPglite } from '../db/pglite.ts';

export const CUSTOMER_A = '0000000a-0000-4000-8000-00000000000a';
export const CUSTOMER_B = '0000000b-0000-4000-8000-00000000000b';

export const TEST_SCHEMA = `
create table public.rt_customer (id uuid primary key, name text not null, note text, internal text);
create table public.rt_order (
  id bigint generated always as identity primary key,
  customer_id uuid not null references public.rt_customer(id) on delete cascade,
  status int not null default 0,
  comment text,
  label text generated always as ('order ' || status) stored
);
create table public.rt_full (id int primary key, customer_id uuid not null, v text);
alter table public.rt_full replica identity full;
create table public.rt_unpublished (id int primary key, customer_id uuid not null);
-- public reference data: no row-level security, the whole old row travels
create table public.rt_open (id int primary key, v text);
alter table public.rt_open replica identity full;
grant select on public.rt_open to anon, authenticated;

alter table public.rt_customer enable row level security;
alter table public.rt_order enable row level security;
alter table public.rt_full enable row level security;
alter table public.rt_unpublished enable row level security;
create policy own on public.rt_customer for all to authenticated using (id = auth.uid()) with check (id = auth.uid());
create policy own on public.rt_order for all to authenticated using (customer_id = auth.uid()) with check (customer_id = auth.uid());
create policy own on public.rt_full for all to authenticated using (customer_id = auth.uid());
create policy own on public.rt_unpublished for all to authenticated using (customer_id = auth.uid());
-- column privileges: subscribers never see rt_customer.internal
revoke select on public.rt_customer from anon, authenticated;
grant select (id, name, note) on public.rt_customer to anon, authenticated;

alter publication supabase_realtime add table public.rt_customer, public.rt_order, public.rt_full, public.rt_open;
`;

/**
 * In-memory PGlite by default; REALTIME_TEST_DB=postgres runs the same tests on a throwaway
 * PostgreSQL 15 server (tests/setup/postgres-server.ts). The returned stop() closes both.
 */
export async function openTestDb(): Promise<{ db: Db; stop: () => Promise<void> }> {
  let db: Db;
  let stopServer = async () => {};
  if (process.env.REALTIME_TEST_DB === 'postgres') {
    const { startPostgresServer } = await import('../../../tests/setup/postgres-server.ts');
    const { openPostgres } = await import('../db/postgres.ts');
    const server = await startPostgresServer();
    stopServer = () => server.stop();
    db = await openPostgres(server.databaseUrl);
  } else {
    db = await openPglite(null);
  }
  const rolesSql = await readFile(fileURLToPath(new URL('../sql/00-supabase-roles.sql', import.meta.url)), 'utf8');
  await db.exec(rolesSql);
  await db.exec(TEST_SCHEMA);
  return {
    db,
    stop: async () => {
      await db.close();
      await stopServer();
    },
  };
}

export function testConfig(port = 0): StackConfig {
  return { ...configFromEnv({}), port, apiUrl: `http://127.0.0.1:${port}`, dataDir: null };
}

/** An HTTP server that hands websocket upgrades to `onUpgrade`; resolves with its base URL. */
export async function listen(onUpgrade: Parameters<Server['on']>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  server.on('upgrade', onUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() is truthy, failing after `ms`. */
export async function waitFor<T>(check: () => T, ms = 5000, what = 'condition'): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
