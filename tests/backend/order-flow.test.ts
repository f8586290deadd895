// The order flow's data path against the real local stack (spec §3 Draft order,
// §4 Order flow, §7 webshopOrder, §8 "Loading orders fails"): the draft in Dexie (fake-indexeddb),
// placeOrder through the outbox, the replay with supabase-js, what the finish step waits for,
// a refusal put back into the draft, the pull's last outcome kept in the mirror.
import { randomUUID } from 'node:crypto';
import 'fake-indexeddb/auto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeDraft, readDraft, readRefusedOrders, reopenRefusedOrder } from '../../src/data/draft/draft-order.ts';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { META } from '../../src/data/local/mirror-schema.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { placeOrder, type OutboxContext } from '../../src/data/outbox/commands.ts';
import { waitForOrder } from '../../src/data/outbox/order-delivery.ts';
import { createReplayer, type Replayer } from '../../src/data/outbox/replay.ts';
import { createPullEngine } from '../../src/data/pull/pull-engine.ts';
import { pullAll } from '../../src/data/pull/pull.ts';
import { readOrders } from '../../src/data/hooks/mirror-queries.ts';
import type { DraftOrder } from '../../src/domain/entities.ts';
import { setDraftAddress, setDraftAmount, setDraftComment } from '../../src/domain/order-draft.ts';
import { orderableDraft } from '../../src/features/order-flow/select-rows.ts';
import { serviceClient } from '../setup/clients.ts';
import { count, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

const dbs: LocalDb[] = [];
const replayers: Replayer[] = [];
const stillTimers = { setTimeout: () => 0, clearTimeout: () => {} };

let P: Patient;
let codes: number[];
let rxIds: number[];

beforeAll(async () => {
  P = await patientWithProfile('Flora');
  codes = await pharmacodes(3);
  rxIds = [];
  for (const [i, code] of codes.entries()) rxIds.push(Number((await prescribe(P.userId, code, { singleUse: i === 2 })).id));
});

afterEach(async () => {
  replayers.splice(0).forEach((r) => r.stop());
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

/** A signed-in device: its mirror claimed and pulled, its outbox and replay. */
async function device() {
  const db = openLocalDb(`order-flow-${randomUUID()}`);
  dbs.push(db);
  await claimMirror(db, P.userId);
  const report = await pullAll(P.client, db, P.userId);
  expect(report.ok).toBe(true);
  const ctx: OutboxContext = { db, newId: randomUUID, now: Date.now, appended: () => {} };
  const replayer = createReplayer({ db, client: P.client, timers: stillTimers });
  replayers.push(replayer);
  return { db, ctx, replayer };
}

const serverOrder = async (id: number) =>
  (await serviceClient().from('webshop_order').select('*, webshop_order_item(pharmacode, amount)').eq('id', id).single()).data as Record<string, unknown> & {
    webshop_order_item: { pharmacode: number; amount: number }[];
  };

describe('finishing an order', () => {
  it('the draft goes to the server once: the finish step gets the server\'s id, the list shows the server\'s order, the draft is empty', async () => {
    const { db, ctx, replayer } = await device();
    const before = await count('webshop_order', ['customer_id', P.userId]);
    await changeDraft(db, P.userId, (d) => setDraftAmount(setDraftAmount(d, codes[0]!, 3), codes[2]!, 4));
    const draft: DraftOrder = await changeDraft(db, P.userId, (d) => setDraftComment(setDraftAddress(d, { street: 'Marktgasse', street_nr: '5', address2: null, zip: '3011', city: 'Bern' }), 'Bitte klingeln'));
    // what the finish step sends: the orderable draft (single-use clamped to 1)
    const customer = (await db.customers.get(P.userId))!;
    const sendable = orderableDraft(draft, customer.webshop_customer_medication ?? [], new Date());
    expect(sendable.medications).toEqual({ [codes[0]!]: 3, [codes[2]!]: 1 });

    const placed = await placeOrder(ctx, P.userId, sendable);
    if (!placed.ok) throw new Error(placed.error);
    expect((await readDraft(db, P.userId)).medications).toEqual({});
    expect((await readOrders(db))[0]).toMatchObject({ pending: true, outbox_id: placed.value.outboxId });

    const waiting = waitForOrder(db, placed.value.outboxId, 10_000);
    expect(await replayer.replay()).toMatchObject({ sent: 1, rejected: 0 });
    const delivery = await waiting;
    expect(delivery.state).toBe('sent');
    const id = delivery.state === 'sent' ? delivery.orderId : 0;

    const order = await serverOrder(id);
    expect(order).toMatchObject({ customer_id: P.userId, idempotency_key: placed.value.outboxId, street: 'Marktgasse', zip: '3011', comment: 'Bitte klingeln', status: 0 });
    expect(order.webshop_order_item.map((i) => [Number(i.pharmacode), i.amount]).sort()).toEqual([[codes[0]!, 3], [codes[2]!, 1]].sort());
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(before + 1);

    // a pull afterwards: the server's order, once, not pending
    await pullAll(P.client, db, P.userId);
    const listed = (await readOrders(db)).filter((o) => o.id === id || o.outbox_id === placed.value.outboxId);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id, pending: false });
    // sending again changes nothing (the key answers the first order)
    expect(await replayer.replay({ force: true })).toMatchObject({ sent: 0 });
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(before + 1);
  });

  it('a prescription that ended while the order waited: refused, listed, put back into the draft, ordered again without it', async () => {
    const { db, ctx, replayer } = await device();
    const ended = await prescribe(P.userId, (await pharmacodes(5))[4]!);
    await pullAll(P.client, db, P.userId);
    const endedCode = Number(ended.medication_id);
    const draft = await changeDraft(db, P.userId, (d) => setDraftAmount(setDraftAmount(d, codes[1]!, 2), endedCode, 1));
    const placed = await placeOrder(ctx, P.userId, draft);
    if (!placed.ok) throw new Error(placed.error);
    await serviceClient().from('webshop_customer_medication').update({ expires_at: '2020-01-01' }).eq('id', ended.id);
    const before = await count('webshop_order', ['customer_id', P.userId]);

    const waiting = waitForOrder(db, placed.value.outboxId, 10_000);
    expect(await replayer.replay()).toMatchObject({ sent: 0, rejected: 1 });
    expect(await waiting).toEqual({ state: 'refused', code: 'not_prescribed' });
    expect(await readRefusedOrders(db)).toEqual([expect.objectContaining({ outboxId: placed.value.outboxId, code: 'not_prescribed', medications: { [codes[1]!]: 2, [endedCode]: 1 } })]);
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(before);

    const reopened = await reopenRefusedOrder(db, P.userId, placed.value.outboxId);
    expect(reopened.ok).toBe(true);
    await pullAll(P.client, db, P.userId);
    const customer = (await db.customers.get(P.userId))!;
    const again = orderableDraft(await readDraft(db, P.userId), customer.webshop_customer_medication ?? [], new Date());
    expect(again.medications).toEqual({ [codes[1]!]: 2 });
    const second = await placeOrder(ctx, P.userId, again);
    if (!second.ok) throw new Error(second.error);
    expect(second.value.outboxId).not.toBe(placed.value.outboxId);
    expect(await replayer.replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(before + 1);
    expect(await readRefusedOrders(db)).toEqual([]);
  });
});

// spec §8 "Loading orders fails": the last outcome of the orders' pull is kept in the mirror
describe('the orders\' load outcome', () => {
  it('a failed pull of the orders is recorded; the next successful one clears it', async () => {
    const { db } = await device();
    const broken = createClient('http://127.0.0.1:9', 'anon', {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      // a refusal, not a 5xx (supabase-js retries those for a while)
      global: { fetch: async () => new Response('{"code":"PGRST000","message":"down"}', { status: 400, headers: { 'Content-Type': 'application/json' } }) },
    });
    const failing = createPullEngine({ client: broken as never, db, userId: P.userId });
    await failing.pull(['orders']);
    expect((await db.meta.get(META.pullError('orders')))?.value).toMatchObject({ error: expect.any(String) });
    failing.stop();
    const working = createPullEngine({ client: P.client, db, userId: P.userId });
    await working.pull(['orders']);
    expect(await db.meta.get(META.pullError('orders'))).toBeUndefined();
    working.stop();
  });
});
