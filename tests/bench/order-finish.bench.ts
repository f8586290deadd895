// Finishing an order (spec §4 Order flow, §7 webshopOrder) against the local
// stack on in-memory PGlite, through supabase-js: `npm run bench` (vitest bench --run), or alone
// `npx vitest bench --run tests/bench/order-finish.bench.ts`.
//
// Loading this file does the measurement, as the finish step does it: `placeOrder` (the outbox
// command; its commit starts a replay, as the app's signal does) and
//   1. "visible in /orders (local)": from pressing finish until a live query over the order list
//      (what useOrders runs) shows the order, waiting to be sent;
//   2. "server acknowledgement": until `waitForOrder` answers the server's order id;
// BENCH_ORDER_ROUNDS (40) times, p50/p95/max. Then 3. the outbox replay of BENCH_ORDER_QUEUE (50)
// orders queued offline, sent in one go: orders/second, and duplicates counted with the service
// key (must be 0). Nothing here asserts a timing.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { liveQuery } from 'dexie';
import { bench, describe } from 'vitest';
import { readOrders } from '../../src/data/hooks/mirror-queries.ts';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { placeOrder, type OutboxContext } from '../../src/data/outbox/commands.ts';
import { waitForOrder } from '../../src/data/outbox/order-delivery.ts';
import { createReplayer, type Replayer } from '../../src/data/outbox/replay.ts';
import type { CustomerRecord, DraftOrder } from '../../src/domain/entities.ts';
import { benchPatient, CUSTOMER_SELECT, must, startBenchStack } from './bench-patient.ts';

const ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 40);
const QUEUED = Number(process.env.BENCH_ORDER_QUEUE ?? 50);

const { stack, service, patient } = await startBenchStack();
const { userId, codes } = await benchPatient(service, patient, 2);

interface Device {
  db: LocalDb;
  ctx: OutboxContext;
  replayer: Replayer;
}

/** A signed-in device: the mirror claimed and holding the customer; `online` starts a replay after each command. */
async function device(online: boolean): Promise<Device> {
  const db = openLocalDb(`bench-order-${randomUUID()}`);
  await claimMirror(db, userId);
  await db.customers.put((await must(patient.from('webshop_customers').select(CUSTOMER_SELECT).eq('id', userId).single(), 'pull')) as CustomerRecord);
  const replayer = createReplayer({ db, client: patient, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
  const ctx: OutboxContext = { db, newId: randomUUID, now: Date.now, appended: () => (online ? void replayer.replay() : undefined) };
  return { db, ctx, replayer };
}

const draft = (i: number): DraftOrder => ({ medications: { [String(codes[i % codes.length])]: 1 + (i % 3) }, address: null, comment: `bench ${i}` });

/** Resolves (ms after `t0`) when the order list, read live as useOrders does, shows the entry's order. */
function listed(db: LocalDb, outboxId: () => string | null, t0: number): Promise<number> {
  return new Promise((resolve) => {
    const subscription = liveQuery(() => readOrders(db)).subscribe((orders) => {
      const id = outboxId();
      if (id && orders.some((o) => o.outbox_id === id)) {
        subscription.unsubscribe();
        resolve(performance.now() - t0);
      }
    });
  });
}

const ordersOnServer = async () => {
  const { count, error } = await service.from('webshop_order').select('*', { count: 'exact', head: true }).eq('customer_id', userId);
  if (error || count === null) throw new Error(`count: ${error?.message}`);
  return count;
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const figures = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${quantile(s, 0.5).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};

/** One finish as the finish step does it: the command, then the list and the server's answer. */
async function finishOne(d: Device, i: number): Promise<{ local: number; ack: number }> {
  let outboxId: string | null = null;
  const t0 = performance.now();
  const seen = listed(d.db, () => outboxId, t0);
  const placed = await placeOrder(d.ctx, userId, draft(i));
  if (!placed.ok) throw new Error(placed.error);
  outboxId = placed.value.outboxId;
  const [local, delivery] = await Promise.all([seen, waitForOrder(d.db, outboxId, 30_000)]);
  if (delivery.state !== 'sent') throw new Error(`not sent: ${JSON.stringify(delivery)}`);
  return { local, ack: performance.now() - t0 };
}

const lines: string[] = [];
{
  const d = await device(true);
  const before = await ordersOnServer();
  await finishOne(d, 0); // warm-up (statements prepared, JWT cached)
  const local: number[] = [];
  const ack: number[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const r = await finishOne(d, i);
    local.push(r.local);
    ack.push(r.ack);
  }
  lines.push(
    `order finish on PGlite, ${ROUNDS} orders one after another (after one warm-up):`,
    `  finish -> visible in /orders (local, live query over the mirror): ${figures(local)}`,
    `  finish -> server acknowledgement (the order's id): ${figures(ack)}`,
    `  orders on the server: ${(await ordersOnServer()) - before} (expected ${ROUNDS + 1})`,
  );
  d.replayer.stop();
  await d.db.delete();
}
{
  const d = await device(false);
  const before = await ordersOnServer();
  const t0 = performance.now();
  for (let i = 0; i < QUEUED; i++) {
    const placed = await placeOrder(d.ctx, userId, draft(i));
    if (!placed.ok) throw new Error(placed.error);
  }
  const t1 = performance.now();
  let sent = 0;
  while ((await d.db.outbox.where('status').equals('pending').count()) > 0) sent += (await d.replayer.replay({ force: true })).sent;
  const t2 = performance.now();
  // the connection "drops" after the acknowledgements: a second pass sends nothing again
  await d.replayer.replay({ force: true });
  const created = (await ordersOnServer()) - before;
  lines.push(
    `outbox replay of ${QUEUED} orders queued offline:`,
    `  queue: ${(t1 - t0).toFixed(0)} ms (${((QUEUED / (t1 - t0)) * 1000).toFixed(0)} orders/s on this device)`,
    `  replay: ${(t2 - t1).toFixed(0)} ms, ${((sent / (t2 - t1)) * 1000).toFixed(1)} orders/s; sent ${sent}; duplicates = ${created - QUEUED} (orders counted with the service key)`,
  );
  d.replayer.stop();
  await d.db.delete();
}
console.log(lines.join('\n'));

let round = 1000;
describe('order finish on PGlite through supabase-js', () => {
  let d: Device | null = null;
  bench(
    'finish one order: visible locally, then acknowledged',
    async () => {
      d ??= await device(true);
      await finishOne(d, round++);
    },
    {
      time: 2000,
      iterations: 20,
      warmupIterations: 1,
      teardown: (_task, mode) => {
        if (mode === 'run') {
          d?.replayer.stop();
          void stack.stop().catch(() => {});
        }
      },
    },
  );
});
