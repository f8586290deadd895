// The draft order in the mirror (spec §3 Draft order, §4 Order flow: it
// survives a reload and offline, is per patient, wiped on sign-out; a refused order is kept
// for editing), and what the finish step waits for (the server's order id).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../../domain/entities';
import { setDraftAmount, setDraftComment } from '../../domain/order-draft';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { META } from '../local/mirror-schema';
import { claimMirror } from '../local/mirror-owner';
import { wipeMirror } from '../local/wipe';
import { placeOrder, type OutboxContext } from '../outbox/commands';
import { acknowledgeInMirror, rejectInMirror } from '../outbox/reconcile';
import type { TypedOutboxEntry } from '../outbox/kinds';
import { serverOrderOf, waitForOrder } from '../outbox/order-delivery';
import { recordPullOutcome } from '../pull/pull';
import { changeDraft, readDraft, readOwnerDraft, readRefusedOrders, reopenRefusedOrder, resetDraft } from './draft-order';

const CID = '6d9a4a7e-1111-4c3b-9d7e-000000000001';
const OTHER = '6d9a4a7e-1111-4c3b-9d7e-000000000002';
const ADDRESS = { street: 'Bahnhofstrasse', street_nr: '12', address2: null, zip: '8500', city: 'Frauenfeld', phone: '0791234567' };
const RECORD: CustomerRecord = {
  id: CID,
  first_name: 'Anna',
  last_name: 'Muster',
  gender: 2,
  birthday: '1970-05-17',
  language: 'de',
  webshop_customer_address: [{ id: 7, customer_id: CID, ...ADDRESS }],
};

let db: LocalDb;
let ctx: OutboxContext;
let n = 0;

beforeEach(async () => {
  db = openLocalDb(`draft-${++n}-${Math.random()}`);
  ctx = { db, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, now: () => 1_700_000_000_000, appended: () => {} };
  await claimMirror(db, CID);
  await db.customers.put(RECORD);
});
afterEach(() => db.delete());

const entries = () => db.outbox.orderBy('seq').toArray() as Promise<TypedOutboxEntry[]>;

describe('the draft in the mirror', () => {
  it('starts empty, keeps each change, and belongs to one patient', async () => {
    expect(await readOwnerDraft(db)).toEqual({ medications: {}, address: null, comment: null });
    await changeDraft(db, CID, (d) => setDraftAmount(d, 1234567, 2));
    await changeDraft(db, CID, (d) => setDraftComment(setDraftAmount(d, 7654321, 1), 'Bitte klingeln'));
    // a new connection to the same database (a reload, another tab) reads the same draft
    const again = openLocalDb(db.name);
    expect(await readOwnerDraft(again)).toEqual({ medications: { '1234567': 2, '7654321': 1 }, address: null, comment: 'Bitte klingeln' });
    again.close();
    expect(await readDraft(db, OTHER)).toEqual({ medications: {}, address: null, comment: null });
    await resetDraft(db, CID);
    expect((await readOwnerDraft(db))?.medications).toEqual({});
  });

  it('two changes at once both land (each reads and writes in one transaction)', async () => {
    await Promise.all([changeDraft(db, CID, (d) => setDraftAmount(d, 1, 1)), changeDraft(db, CID, (d) => setDraftAmount(d, 2, 3))]);
    expect((await readDraft(db, CID)).medications).toEqual({ '1': 1, '2': 3 });
  });

  it('no owner: no draft; a sign-out wipes it; another patient\'s sign-in never sees it', async () => {
    await changeDraft(db, CID, (d) => setDraftAmount(d, 1, 1));
    await wipeMirror(db);
    expect(await readOwnerDraft(db)).toBeNull();
    await changeDraft(db, CID, (d) => setDraftAmount(d, 1, 1));
    await claimMirror(db, OTHER);
    expect(await readOwnerDraft(db)).toEqual({ medications: {}, address: null, comment: null });
  });

  it('placing the order resets the draft in the same transaction', async () => {
    const draft = await changeDraft(db, CID, (d) => setDraftAmount(d, 1234567, 2));
    expect((await placeOrder(ctx, CID, draft)).ok).toBe(true);
    expect((await readDraft(db, CID)).medications).toEqual({});
  });
});

describe('a refused order', () => {
  async function refused(code: string) {
    await changeDraft(db, CID, (d) => setDraftComment(setDraftAmount(setDraftAmount(d, 1234567, 2), 7654321, 1), 'Bitte klingeln'));
    const placed = await placeOrder(ctx, CID, await readDraft(db, CID));
    if (!placed.ok) throw new Error(placed.error);
    const [entry] = await entries();
    await rejectInMirror(db, entry!, { code, message: 'no', status: 422 });
    return placed.value;
  }

  it('is listed with its code and products until reopened', async () => {
    const placed = await refused('not_prescribed');
    expect(await readRefusedOrders(db)).toEqual([{ outboxId: placed.outboxId, code: 'not_prescribed', createdAt: 1_700_000_000_000, medications: { '1234567': 2, '7654321': 1 } }]);
    expect(await db.orders.count()).toBe(0);
  });

  it('reopening puts products, address and comment back into the draft and takes it out of the outbox', async () => {
    const placed = await refused('not_prescribed');
    // the patient started a new draft meanwhile: it is kept, the refused amounts laid over it
    await changeDraft(db, CID, (d) => setDraftAmount(setDraftAmount(d, 1111111, 3), 1234567, 5));
    const reopened = await reopenRefusedOrder(db, CID, placed.outboxId);
    expect(reopened).toEqual({
      ok: true,
      value: {
        medications: { '1111111': 3, '1234567': 2, '7654321': 1 },
        address: { street: 'Bahnhofstrasse', street_nr: '12', address2: null, zip: '8500', city: 'Frauenfeld' },
        comment: 'Bitte klingeln',
      },
    });
    expect(await readDraft(db, CID)).toEqual(reopened.ok && reopened.value);
    expect(await entries()).toEqual([]);
    expect(await readRefusedOrders(db)).toEqual([]);
    // once only, and only the patient's own refused order entries
    expect(await reopenRefusedOrder(db, CID, placed.outboxId)).toEqual({ ok: false, error: 'not_found' });
  });

  it('a pending order or another patient\'s entry is not reopened', async () => {
    const placed = await placeOrder(ctx, CID, { medications: { '5': 1 }, address: null, comment: null });
    if (!placed.ok) throw new Error(placed.error);
    expect(await reopenRefusedOrder(db, CID, placed.value.outboxId)).toEqual({ ok: false, error: 'not_found' });
    expect(await reopenRefusedOrder(db, OTHER, placed.value.outboxId)).toEqual({ ok: false, error: 'not_found' });
    expect(await entries()).toHaveLength(1);
  });
});

describe('waitForOrder', () => {
  async function placed() {
    const res = await placeOrder(ctx, CID, { medications: { '1234567': 2 }, address: null, comment: null });
    if (!res.ok) throw new Error(res.error);
    return { outboxId: res.value.outboxId, entry: (await entries()).find((e) => e.id === res.value.outboxId)! };
  }

  it('answers the server\'s order id once the entry is acknowledged', async () => {
    const { outboxId, entry } = await placed();
    const waiting = waitForOrder(db, outboxId, 2000);
    await acknowledgeInMirror(db, entry, 240123);
    expect(await waiting).toEqual({ state: 'sent', orderId: 240123 });
    expect((await serverOrderOf(db, outboxId))?.id).toBe(240123);
  });

  it('finds the order by its idempotency key when a pull brought it first', async () => {
    const { outboxId } = await placed();
    await db.orders.put({ id: 240200, created_at: '2026-01-01T00:00:00Z', customer_id: CID, parent: null, status: 0, delivery_nr: null, delivery_method: null, comment: null, idempotency_key: outboxId });
    expect((await serverOrderOf(db, outboxId))?.id).toBe(240200);
  });

  it('the time up before the first look at the entry: still waiting, never taken as sent', async () => {
    const { outboxId } = await placed();
    // 0 ms: the timer fires before the live query's first answer (as under a busy main thread)
    expect(await waitForOrder(db, outboxId, 0)).toEqual({ state: 'waiting', code: null, nextAttemptAt: null });
    const last = (await entries()).at(-1)!;
    await db.outbox.update(last.seq!, { lastError: { code: 'server', message: '503' }, nextAttemptAt: 1_700_000_002_000 });
    expect(await waitForOrder(db, outboxId, 0)).toEqual({ state: 'waiting', code: 'server', nextAttemptAt: 1_700_000_002_000 });
  });

  it('answers refused with the code, or waiting with the last failure after the time', async () => {
    const first = await placed();
    const refused = waitForOrder(db, first.outboxId, 2000);
    await rejectInMirror(db, first.entry, { code: 'not_prescribed', message: 'no', status: 422 });
    expect(await refused).toEqual({ state: 'refused', code: 'not_prescribed' });

    await placed();
    // the second order's entry (the refused one is still kept): the server failed for now
    const last = (await entries()).at(-1)!;
    await db.outbox.update(last.seq!, { lastError: { code: 'server', message: '503' }, nextAttemptAt: 1_700_000_002_000 });
    expect(await waitForOrder(db, last.id, 50)).toEqual({ state: 'waiting', code: 'server', nextAttemptAt: 1_700_000_002_000 });
  });
});

// spec §8 "Loading orders fails": the outcome of an area's last pull is kept in the mirror
describe('recordPullOutcome', () => {
  it('keeps the error of a failed pull until the next success, only for the mirror\'s owner', async () => {
    await recordPullOutcome(db, CID, 'orders', 'failed', 5);
    expect((await db.meta.get(META.pullError('orders')))?.value).toEqual({ error: 'failed', at: 5 });
    await recordPullOutcome(db, OTHER, 'orders', null, 6);
    expect(await db.meta.get(META.pullError('orders'))).toBeDefined();
    await recordPullOutcome(db, CID, 'orders', null, 7);
    expect(await db.meta.get(META.pullError('orders'))).toBeUndefined();
  });
});
