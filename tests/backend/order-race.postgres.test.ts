// Simultaneous webshopOrder calls with ONE idempotency key (spec §7 Server functions;
// docs/architecture.md, 3 Write: "the server deduplicates by the entry id"), on PostgreSQL 15
// only: PGlite answers one request at a time, so only a real server can run the calls'
// transactions side by side.
//
// To make the race certain rather than likely, a separate connection holds a SHARE lock on
// webshop_order (which every INSERT waits for) while the calls arrive: every call gets as far as
// it can (past the auth and setup checks, up to the insert or the key's lock) before any commits,
// and all are released at once. A function that only looked the key up before inserting would
// then insert N times (or fail N-1 times on the unique key); the answers must be one id, N times.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { count, functionError, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, sleep, type Patient } from './fixtures.ts';

const CALLS = 8;
const ROUNDS = 3;

let P: Patient;
let rx: number;
let single: number;
let db: pg.Client;

beforeAll(async () => {
  // a project that starts this file on PGlite (STACK_DB=pglite) would show no race: fail, do not pass
  expect(inject('dbKind')).toBe('postgres');
  P = await patientWithProfile('Rosa');
  [rx, single] = (await pharmacodes(2)) as [number, number];
  await prescribe(P.userId, rx);
  await prescribe(P.userId, single, { singleUse: true });
  db = new pg.Client({ connectionString: inject('databaseUrl')! });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

type Answer = { status: number; id?: number; code?: unknown };

async function placeOnce(body: unknown, key: string): Promise<Answer> {
  const res = await P.client.functions.invoke<{ id: number }>('webshopOrder', { body: body as never, headers: { 'Idempotency-Key': key } });
  if (!res.error) return { status: 200, id: res.data!.id };
  const { status, body: err } = await functionError(res.error);
  return { status, code: err.error };
}

/** Backends of the stack waiting for a lock (the calls held at the insert or at the key). */
async function waitingOnLocks(): Promise<number> {
  // pg_stat_activity is read once per transaction unless its snapshot is cleared
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return rows[0]!.n;
}

/** N calls, all held until every one is waiting inside the database, then released together. */
async function raceOnce(body: unknown, key: string): Promise<Answer[]> {
  await db.query('begin');
  await db.query('lock table public.webshop_order in share mode');
  const calls = Promise.all(Array.from({ length: CALLS }, () => placeOnce(body, key)));
  try {
    const until = Date.now() + 10_000;
    while ((await waitingOnLocks()) < CALLS) {
      if (Date.now() > until) throw new Error(`only ${await waitingOnLocks()} of ${CALLS} calls reached the database together`);
      await sleep(20);
    }
  } finally {
    await db.query('commit');
  }
  return calls;
}

describe('one idempotency key, 8 simultaneous webshopOrder calls (PostgreSQL 15)', () => {
  it('create exactly one order and answer its id to every call, round after round', async () => {
    const before = await count('webshop_order', ['customer_id', P.userId]);
    for (let round = 0; round < ROUNDS; round++) {
      const key = newKey();
      const answers = await raceOnce(orderBody(P.userId, { [rx]: round + 1 }, { p_comment: `race ${round}` }), key);
      expect(answers.map((a) => a.status)).toEqual(Array(CALLS).fill(200));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(await count('webshop_order', ['idempotency_key', key])).toBe(1);
      const { data } = await serviceClient().from('webshop_order').select('id, webshop_order_item(pharmacode, amount)').eq('idempotency_key', key).single();
      expect(data).toEqual({ id: answers[0]!.id, webshop_order_item: [{ pharmacode: rx, amount: round + 1 }] });
    }
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(before + ROUNDS);
  });

  it('a single-use prescription is consumed once: the calls that waited get the same order, not amount_out_of_range', async () => {
    const key = newKey();
    const answers = await raceOnce(orderBody(P.userId, { [single]: 1 }), key);
    expect(answers.map((a) => a.status)).toEqual(Array(CALLS).fill(200));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await count('webshop_order', ['idempotency_key', key])).toBe(1);
    const { data } = await serviceClient().from('webshop_customer_medication').select('used').eq('customer_id', P.userId).eq('medication_id', single).single();
    expect(data!.used).toBe(true);
  });
});

// 30 orders at once for ONE single-use prescription, each with its own key: the RPC locks the
// prescriptions it reads, so exactly one order gets it and every other call is told that nothing
// is prescribed any more (without the lock, every call that was inside the database together —
// as many as the stack's connections — passed the "not used" check and placed an order)
describe('30 simultaneous orders for one single-use prescription, each with its own key (PostgreSQL 15)', () => {
  it('place exactly one order; the other 29 answer 422 not_prescribed', async () => {
    const Q = await patientWithProfile('Sina');
    const [code] = (await pharmacodes(3)).slice(2) as [number];
    await prescribe(Q.userId, code, { singleUse: true });
    const racers = 30;
    const inside = Math.min(racers, Number(process.env.PG_POOL_MAX ?? 10));
    await db.query('begin');
    await db.query('lock table public.webshop_order in share mode');
    const calls = Promise.all(
      Array.from({ length: racers }, async (): Promise<Answer> => {
        const res = await Q.client.functions.invoke<{ id: number }>('webshopOrder', { body: orderBody(Q.userId, { [code]: 1 }) as never, headers: { 'Idempotency-Key': newKey() } });
        if (!res.error) return { status: 200, id: res.data!.id };
        const { status, body } = await functionError(res.error);
        return { status, code: body.error };
      }),
    );
    try {
      const until = Date.now() + 10_000;
      // every connection of the stack busy inside the database, held at a lock
      while ((await waitingOnLocks()) < inside) {
        if (Date.now() > until) throw new Error(`only ${await waitingOnLocks()} of ${inside} calls reached the database together`);
        await sleep(20);
      }
    } finally {
      await db.query('commit');
    }
    const answers = await calls;
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422 && a.code === 'not_prescribed')).toHaveLength(racers - 1);
    expect(await count('webshop_order', ['customer_id', Q.userId])).toBe(1);
  });
});
