// Lock-gated races for the PostgreSQL 15 suites (*.postgres.test.ts; not a test file): a connection
// of the test's own holds a lock or an open transaction while requests reach the database, and
// the test lets them go once they wait — so transactions run side by side in an order the test
// decides, which PGlite (one request at a time) cannot do.
import pg from 'pg';
import { inject } from 'vitest';
import { sleep } from './fixtures.ts';

/** A connection of the test's own to the stack's PostgreSQL server (as its superuser). */
export async function connectDb(): Promise<pg.Client> {
  const url = inject('databaseUrl');
  if (!url) throw new Error('this suite runs on PostgreSQL only (project backend-postgres)');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return db;
}

/** How many other backends wait for a lock now. */
export async function waitingOnLocks(db: pg.Client): Promise<number> {
  // pg_stat_activity is read once per transaction unless its snapshot is cleared
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
  return rows[0]!.n;
}

/**
 * Resolves once `n` other backends wait for a lock, or once `settled` (the requests) settled
 * without waiting — what a fixed server does where the defect made them wait. Throws after 10 s.
 */
export async function untilWaiting(db: pg.Client, n: number, settled?: Promise<unknown>): Promise<'waiting' | 'settled'> {
  let done = false;
  void settled?.then(
    () => (done = true),
    () => (done = true),
  );
  const until = Date.now() + 10_000;
  for (;;) {
    if ((await waitingOnLocks(db)) >= n) return 'waiting';
    if (done) return 'settled';
    if (Date.now() > until) throw new Error(`only ${await waitingOnLocks(db)} of ${n} requests waited in the database`);
    await sleep(20);
  }
}
