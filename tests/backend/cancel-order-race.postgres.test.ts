// The patient cancels while the pharmacy starts the same order (spec §4 Order
// status codes): never both. On PostgreSQL 15 only: PGlite answers one request at a time.
//
// The pharmacy starts an order with a compare-and-set, `update … set status = 1 where id = … and
// status = 0` (supabase/migrations/20261125000700_cancel_order.sql). To make the race certain, a
// third connection holds the order's row lock while both arrive — one after the other, each
// waiting inside the database — and then lets them go together. Whoever waited first wins; the
// other must see it: the pharmacy's update finds 99 and changes nothing, or the cancel finds 1 and
// answers 409 order_started. A cancel that read the status without locking the row would set 99
// over the pharmacy's 1 (both "succeeded").
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { insertOrder, must, patientWithProfile, pharmacodes, sleep, type Patient } from './fixtures.ts';

let P: Patient;
let code: number;
let holder: pg.Client;
let pharmacy: pg.Client;

beforeAll(async () => {
  // a project that starts this file on PGlite would show no race: fail, do not pass
  expect(inject('dbKind')).toBe('postgres');
  P = await patientWithProfile('Rena');
  [code] = (await pharmacodes(1)) as [number];
  holder = new pg.Client({ connectionString: inject('databaseUrl')! });
  pharmacy = new pg.Client({ connectionString: inject('databaseUrl')! });
  await Promise.all([holder.connect(), pharmacy.connect()]);
});

afterAll(async () => {
  await Promise.all([holder?.end(), pharmacy?.end()]);
});

/** Backends waiting for a lock, other than this test's own connections' reads. */
async function waitingOnLocks(): Promise<number> {
  await holder.query('select pg_stat_clear_snapshot()');
  const { rows } = await holder.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
  return rows[0]!.n;
}

async function untilWaiting(n: number): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await waitingOnLocks()) < n) {
    if (Date.now() > until) throw new Error(`only ${await waitingOnLocks()} of ${n} waiting at the order's lock`);
    await sleep(20);
  }
}

type Outcome = { started: boolean; canceled: boolean; status: number; cancelAnswer: { status: number; message: string | null } };

/** The two racers, `first` arriving first; both held at the order's row lock, then released. */
async function race(first: 'pharmacy' | 'patient'): Promise<Outcome> {
  const { order } = await insertOrder(P.userId, code);
  const start = () => pharmacy.query('update public.webshop_order set status = 1 where id = $1 and status = 0', [order.id]);
  const cancel = async () => {
    const { error, status } = await P.client.rpc('cancel_order', { p_order_id: order.id });
    return { status, message: error?.message ?? null };
  };
  await holder.query('begin');
  let started: Promise<pg.QueryResult>;
  let canceled: Promise<{ status: number; message: string | null }>;
  try {
    await holder.query('select id from public.webshop_order where id = $1 for update', [order.id]);
    if (first === 'pharmacy') {
      started = start();
      await untilWaiting(1);
      canceled = cancel();
    } else {
      canceled = cancel();
      await untilWaiting(1);
      started = start();
    }
    await untilWaiting(2);
  } finally {
    await holder.query('commit');
  }
  const [update, cancelAnswer] = await Promise.all([started!, canceled!]);
  const status = Number(must(await serviceClient().from('webshop_order').select('status').eq('id', order.id).single(), 'status').status);
  return { started: update.rowCount === 1, canceled: cancelAnswer.message === null, status, cancelAnswer };
}

describe('cancel_order against the pharmacy starting the order (PostgreSQL 15)', () => {
  it('the pharmacy first: it starts the order, the cancel answers order_started', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await race('pharmacy')).toEqual({ started: true, canceled: false, status: 1, cancelAnswer: { status: 409, message: 'order_started' } });
    }
  });

  it('the patient first: the order is canceled, the pharmacy\'s start changes nothing', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await race('patient')).toEqual({ started: false, canceled: true, status: 99, cancelAnswer: { status: 204, message: null } });
    }
  });
});
