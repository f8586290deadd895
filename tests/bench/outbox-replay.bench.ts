// Outbox replay (docs/architecture.md, 3 Write) against the local stack on in-memory
// PGlite, through supabase-js: `npm run bench` (vitest bench --run).
//
// Loading this file does the measurement: start a stack, sign up a patient with a complete
// profile and prescriptions, pull the record into a Dexie mirror (fake-indexeddb), then
//   1. queue BENCH_OUTBOX_EDITS (500) edits of every kind — address, insurance, questionnaire,
//      send_asap (updates in place), order defaults (new rows) and every 25th an order — and
//      replay them in one go: edits/second;
//   2. 100 more, each sent once with the tab "dying" before the acknowledgement, then replayed
//      (the crash recovery path: at most one entry is ever in flight).
// After each, the rows on the server are counted with the service key: duplicates must be 0.
// The bench() entry gives vitest's figure for "queue 10 edits and replay them". Nothing here
// asserts a timing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { bench, describe } from 'vitest';
import type { CustomerRecord } from '../../src/domain/entities.ts';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import {
  placeOrder,
  saveAddress,
  saveInsurance,
  saveOrderDefaults,
  saveQuestionnaire,
  setSendAsap,
  type OutboxContext,
} from '../../src/data/outbox/commands.ts';
import type { TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { createReplayer, type Replayer } from '../../src/data/outbox/replay.ts';
import { sendEntry } from '../../src/data/outbox/send.ts';
import { ADDRESS, benchPatient, CUSTOMER_SELECT, INSURANCE, must, QUESTIONNAIRE, startBenchStack } from './bench-patient.ts';

const EDITS = Number(process.env.BENCH_OUTBOX_EDITS ?? 500);
const CRASHED = 100;
const ORDER_EVERY = 25;

// a patient with a complete profile (the onboarding writes of spec §7) and two prescriptions
const { stack, service, patient } = await startBenchStack();
const { userId, codes } = await benchPatient(service, patient, 2);

// ------------------------------------------------------------------------------------------
// the mirror, the commands, the replay

async function freshMirror(): Promise<{ db: LocalDb; ctx: OutboxContext; replayer: Replayer }> {
  const db = openLocalDb(`bench-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const record = await must(patient.from('webshop_customers').select(CUSTOMER_SELECT).eq('id', userId).single(), 'pull');
  await db.customers.put(record as CustomerRecord);
  const ctx: OutboxContext = { db, newId: randomUUID, now: Date.now, appended: () => {} };
  const replayer = createReplayer({ db, client: patient, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
  return { db, ctx, replayer };
}

interface Queued {
  orders: number;
  defaults: number;
}

/** `n` edits of every kind, in a fixed rotation; every ORDER_EVERY-th an order. */
async function queueEdits(ctx: OutboxContext, n: number, offset = 0): Promise<Queued> {
  const q: Queued = { orders: 0, defaults: 0 };
  for (let i = offset; i < offset + n; i++) {
    if (i % ORDER_EVERY === ORDER_EVERY - 1) {
      const res = await placeOrder(ctx, userId, { medications: { [String(codes[i % codes.length])]: 1 + (i % 5) }, address: null, comment: `bench ${i}` });
      if (!res.ok) throw new Error(res.error);
      q.orders++;
      continue;
    }
    switch (i % 5) {
      case 0:
        await saveAddress(ctx, userId, { ...ADDRESS, street_nr: String(i) });
        break;
      case 1:
        await saveInsurance(ctx, userId, { ...INSURANCE, police_nr: String(i) });
        break;
      case 2:
        await saveQuestionnaire(ctx, userId, { ...QUESTIONNAIRE, weight: 50 + (i % 100) });
        break;
      case 3:
        await setSendAsap(ctx, userId, i % 2 === 0);
        break;
      default:
        await saveOrderDefaults(ctx, userId, { generic: i % 2 === 0, substitute: true, probon: true, get_invoice: false });
        q.defaults++;
    }
  }
  return q;
}

const rows = async (table: string, column = 'customer_id') => {
  const { count, error } = await service.from(table).select('*', { count: 'exact', head: true }).eq(column, userId);
  if (error || count === null) throw new Error(`count ${table}: ${error?.message}`);
  return count;
};
const snapshot = async () => ({
  address: await rows('webshop_customer_address'),
  insurance: await rows('webshop_customer_insurance'),
  questionnaire: await rows('webshop_customer_questionnaire'),
  info: await rows('webshop_customer_additional_info'),
  defaults: await rows('webshop_customer_order_defaults'),
  orders: await rows('webshop_order'),
});

/** Rows beyond what the queued edits may create: upserts by id create none, each defaults save and each order one. */
async function duplicates(before: Awaited<ReturnType<typeof snapshot>>, queued: Queued): Promise<number> {
  const after = await snapshot();
  return (
    after.address - before.address +
    (after.insurance - before.insurance) +
    (after.questionnaire - before.questionnaire) +
    (after.info - before.info) +
    (after.defaults - before.defaults - queued.defaults) +
    (after.orders - before.orders - queued.orders)
  );
}

/** Replays until the outbox is empty (a reset keep-alive connection is a transient failure: retried). */
async function drain(db: LocalDb, replayer: Replayer): Promise<{ sent: number; rejected: number; transient: number }> {
  const total = { sent: 0, rejected: 0, transient: 0 };
  while ((await db.outbox.where('status').equals('pending').count()) > 0) {
    const r = await replayer.replay({ force: true });
    total.sent += r.sent;
    total.rejected += r.rejected;
    total.transient += r.failed;
    if (r.paused) throw new Error(`replay paused: ${r.paused}`);
  }
  return total;
}

const lines: string[] = [];
{
  const { db, ctx, replayer } = await freshMirror();
  const before = await snapshot();
  const t0 = performance.now();
  const queued = await queueEdits(ctx, EDITS);
  const t1 = performance.now();
  const result = await drain(db, replayer);
  const t2 = performance.now();
  lines.push(
    `outbox replay on PGlite: ${EDITS} queued edits (${queued.orders} orders, ${queued.defaults} order-defaults inserts, the rest upserts by id)`,
    `  queue (local Dexie transactions): ${(t1 - t0).toFixed(0)} ms, ${((EDITS / (t1 - t0)) * 1000).toFixed(0)} edits/s`,
    `  replay: ${(t2 - t1).toFixed(0)} ms, ${((result.sent / (t2 - t1)) * 1000).toFixed(1)} edits/s; sent ${result.sent}, rejected ${result.rejected}, transient failures retried ${result.transient}`,
    `  duplicates = ${await duplicates(before, queued)} (rows counted with the service key)`,
  );
  await db.delete();
}
{
  const { db, ctx, replayer } = await freshMirror();
  const before = await snapshot();
  const queued: Queued = { orders: 0, defaults: 0 };
  let ms = 0;
  let resent = 0;
  for (let i = 0; i < CRASHED; i++) {
    const q = await queueEdits(ctx, 1, 3 * i + 1);
    queued.orders += q.orders;
    queued.defaults += q.defaults;
    // the replay sends the entry (attempt counted first) and the tab "dies" before removing it
    const [entry] = (await db.outbox.orderBy('seq').toArray()) as TypedOutboxEntry[];
    await db.outbox.update(entry!.seq!, { attempts: 1 });
    const outcome = await sendEntry(patient as SupabaseClient, entry!, false);
    if (outcome.type !== 'ok') throw new Error(`first send: ${outcome.type}`);
    // the next start replays it
    const t0 = performance.now();
    resent += (await drain(db, replayer)).sent;
    ms += performance.now() - t0;
  }
  lines.push(
    `crash recovery: ${CRASHED} edits (${queued.orders} orders, ${queued.defaults} order-defaults inserts), each sent, the tab gone before the acknowledgement, then replayed`,
    `  replays: ${ms.toFixed(0)} ms, ${((resent / ms) * 1000).toFixed(1)} edits/s; resent ${resent}`,
    `  duplicates = ${await duplicates(before, queued)} (orders by Idempotency-Key, upserts by id, inserts checked against the latest row)`,
  );
  await db.delete();
}
console.log(lines.join('\n'));

let round = 0;
describe('outbox replay on PGlite through supabase-js', () => {
  bench(
    'queue 10 edits (one order) and replay them',
    async () => {
      const { db, ctx, replayer } = await freshMirror();
      await queueEdits(ctx, 10, 15 + 10 * round++);
      await drain(db, replayer);
      await db.delete();
    },
    {
      time: 2000,
      iterations: 10,
      warmupIterations: 1,
      teardown: (_task, mode) => {
        if (mode === 'run') void stack.stop().catch(() => {});
      },
    },
  );
});
