// A patient cancels an order the pharmacy has not started (spec §4 Order status
// codes 0 open → 99 canceled, §6 a patient reaches only their own data, second factor): the RPC
// cancel_order through supabase-js and the local stack, on PGlite and on PostgreSQL 15; then the
// app's command through the outbox and the patient runtime (Dexie on fake-indexeddb). What
// landed is read with the service key. The race with the pharmacy: cancel-order-race.postgres.test.ts.
import { randomUUID } from 'node:crypto';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { cancelOrder, type OutboxContext } from '../../src/data/outbox/commands.ts';
import type { TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { createReplayer, type Timers } from '../../src/data/outbox/replay.ts';
import { pullOrders } from '../../src/data/pull/pull.ts';
import { createRealtimeStatus } from '../../src/data/realtime/realtime-status.ts';
import { startPatientRuntime } from '../../src/data/session/patient-runtime.ts';
import { createOutboxViewStore } from '../../src/data/sync/outbox-view.ts';
import { createSyncState } from '../../src/data/sync/sync-state.ts';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { ADDRESS, insertOrder, must, patientWithProfile, pharmacodes, totpCode, type Patient, type SupabaseClient } from './fixtures.ts';

let A: Patient;
let B: Patient;
let code: number;

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Cora'), patientWithProfile('Bea')]);
  [code] = (await pharmacodes(1)) as [number];
});

const statusOf = async (id: number) => Number(must(await serviceClient().from('webshop_order').select('status').eq('id', id).single(), 'status').status);
const setStatus = async (id: number, status: number) => must(await serviceClient().from('webshop_order').update({ status }).eq('id', id).select('id'), 'set status');

/** An order of `customerId` by the pharmacy (status 0), with partial deliveries of the given statuses. */
async function orderWith(customerId: string, children: number[] = []): Promise<{ id: number; children: number[] }> {
  const { order } = await insertOrder(customerId, code);
  const ids: number[] = [];
  for (const status of children) {
    const child = must(await serviceClient().from('webshop_order').insert({ customer_id: customerId, parent: order.id, status, ...ADDRESS }).select('id').single(), 'child');
    ids.push(Number(child.id));
  }
  return { id: order.id, children: ids };
}

/** The answer of the RPC as the client sees it: HTTP status and PostgREST's error body. */
async function cancel(client: SupabaseClient, id: number) {
  const { error, status } = await client.rpc('cancel_order', { p_order_id: id });
  return { status, error: error ? { code: error.code, message: error.message, details: error.details, hint: error.hint } : null };
}

describe('cancel_order (RPC)', () => {
  it('cancels the caller\'s open order: status 99, its partial deliveries too', async () => {
    const plain = await orderWith(A.userId);
    expect(await cancel(A.client, plain.id)).toEqual({ status: 204, error: null });
    expect(await statusOf(plain.id)).toBe(99);

    const split = await orderWith(A.userId, [0, 0]);
    expect((await cancel(A.client, split.id)).error).toBeNull();
    expect(await Promise.all([split.id, ...split.children].map(statusOf))).toEqual([99, 99, 99]);
  });

  it('a canceled order cancelled again answers as the first time (a replay after a lost answer)', async () => {
    const { id } = await orderWith(A.userId);
    expect((await cancel(A.client, id)).error).toBeNull();
    expect(await cancel(A.client, id)).toEqual({ status: 204, error: null });
    expect(await statusOf(id)).toBe(99);
  });

  it.each([1, 2, 3, 4, 10, 90, 98, 100])('an order the pharmacy moved to %i: 409 order_started, nothing written', async (status) => {
    const { id } = await orderWith(A.userId);
    await setStatus(id, status);
    const answer = await cancel(A.client, id);
    expect(answer.status).toBe(409);
    expect(answer.error).toMatchObject({ code: 'PT409', message: 'order_started' });
    expect(await statusOf(id)).toBe(status);
  });

  it('an open order one of whose partial deliveries is started: order_started, no row changed', async () => {
    const split = await orderWith(A.userId, [0, 1]);
    const answer = await cancel(A.client, split.id);
    expect(answer).toMatchObject({ status: 409, error: { message: 'order_started' } });
    expect(await Promise.all([split.id, ...split.children].map(statusOf))).toEqual([0, 0, 1]);
  });

  it('another patient\'s order, an unknown id and a partial delivery\'s id get the same 404 order_not_found', async () => {
    const foreign = await orderWith(B.userId);
    const split = await orderWith(A.userId, [0]);
    const unknown = 2 ** 40;
    const answers = [await cancel(A.client, foreign.id), await cancel(A.client, unknown), await cancel(A.client, split.children[0]!)];
    expect(answers[0]).toEqual({ status: 404, error: { code: 'PT404', message: 'order_not_found', details: expect.any(String), hint: null } });
    // indistinguishable: the answer says nothing of whose the order is, or that it exists
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await statusOf(foreign.id)).toBe(0);
    expect(await Promise.all([split.id, ...split.children].map(statusOf))).toEqual([0, 0]);
  });

  it('without a session: refused before the function runs (execute is not granted to anon)', async () => {
    const { id } = await orderWith(A.userId);
    const answer = await cancel(anonClient(), id);
    expect(answer.status).toBe(401);
    expect(answer.error?.code).toBe('42501');
    expect(await statusOf(id)).toBe(0);
  });

  it('a patient with a verified second factor needs aal2: the password session gets 403 insufficient_aal', async () => {
    const M = await patientWithProfile('Mira');
    const { id } = await orderWith(M.userId);
    const enrolled = await M.client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.totp.secret;
    expect((await M.client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) })).error).toBeNull();

    const password = anonClient();
    expect((await password.auth.signInWithPassword({ email: M.email, password: M.password })).error).toBeNull();
    expect(await cancel(password, id)).toMatchObject({ status: 403, error: { code: 'PT403', message: 'insufficient_aal' } });
    expect(await statusOf(id)).toBe(0);
    // the aal2 session may
    expect((await cancel(M.client, id)).error).toBeNull();
    expect(await statusOf(id)).toBe(99);
  });
});

// the app's side: src/data/outbox/commands.ts cancelOrder, the replay, the runtime's reload
describe('cancelOrder through the outbox', () => {
  const dbs: LocalDb[] = [];
  const stillTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };
  const contextOf = (db: LocalDb): OutboxContext => ({ db, newId: randomUUID, now: () => 1_000_000, appended: () => {} });
  const entries = (db: LocalDb) => db.outbox.orderBy('seq').toArray() as Promise<TypedOutboxEntry[]>;

  /** The patient's orders pulled into a new mirror (`global`: in the global indexedDB, which Dexie's liveQuery needs). */
  async function mirrorOf(p: Patient, { global = false } = {}): Promise<LocalDb> {
    const name = `cancel-${randomUUID()}`;
    const db = global ? openLocalDb(name) : openLocalDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
    dbs.push(db);
    await claimMirror(db, p.userId);
    expect((await pullOrders(p.client, db, p.userId)).ok).toBe(true);
    return db;
  }

  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((d) => d.delete()));
  });

  it('queued, the mirror shows it canceled at once; replayed, the server has 99; a second replay of the same entry changes nothing', async () => {
    const { id } = await orderWith(A.userId);
    const db = await mirrorOf(A);
    const queued = await cancelOrder(contextOf(db), A.userId, id);
    expect(queued.ok).toBe(true);
    expect((await db.orders.get(id))?.status).toBe(99);
    const [entry] = await entries(db);
    expect(entry).toMatchObject({ kind: 'call', payload: { name: 'cancel_order', id, body: { p_order_id: id } } });

    const replayer = createReplayer({ db, client: A.client, now: () => 1_000_000, random: () => 1, timers: stillTimers });
    expect(await replayer.replay()).toEqual({ sent: 1, rejected: 0, failed: 0, paused: null });
    replayer.stop();
    expect(await statusOf(id)).toBe(99);
    expect(await entries(db)).toEqual([]);
    // the same entry once more (its answer lost): accepted, still one cancel
    await db.outbox.add({ ...entry!, seq: undefined } as TypedOutboxEntry);
    const again = createReplayer({ db, client: A.client, now: () => 1_000_000, random: () => 1, timers: stillTimers });
    expect(await again.replay()).toEqual({ sent: 1, rejected: 0, failed: 0, paused: null });
    again.stop();
    expect(await statusOf(id)).toBe(99);
  });

  it('refused on this device: an order started by the pharmacy, one canceled already, another patient\'s, an unknown one', async () => {
    const started = await orderWith(A.userId);
    const canceled = await orderWith(A.userId);
    await setStatus(started.id, 1);
    await setStatus(canceled.id, 99);
    const foreign = await orderWith(B.userId);
    const db = await mirrorOf(A);
    const ctx = contextOf(db);
    expect(await cancelOrder(ctx, A.userId, started.id)).toEqual({ ok: false, error: 'order_started' });
    expect(await cancelOrder(ctx, A.userId, canceled.id)).toEqual({ ok: false, error: 'unchanged' });
    expect(await cancelOrder(ctx, A.userId, foreign.id)).toEqual({ ok: false, error: 'order_not_found' });
    expect(await entries(db)).toEqual([]);
  });

  it('queued while the pharmacy starts the order: refused (order_started), kept with its code, and the runtime reloads the orders — the order shows its real status', async () => {
    const { id } = await orderWith(A.userId);
    // the runtime watches the outbox with a liveQuery
    const db = await mirrorOf(A, { global: true });
    expect((await cancelOrder(contextOf(db), A.userId, id)).ok).toBe(true);
    expect((await db.orders.get(id))?.status).toBe(99);
    await setStatus(id, 1); // the pharmacy, while the cancel waited

    const view = createOutboxViewStore();
    const runtime = startPatientRuntime({
      client: A.client,
      db,
      userId: A.userId,
      syncState: createSyncState({ online: true, debounceMs: 0 }),
      outboxView: view,
      realtimeStatus: createRealtimeStatus('off'),
      realtime: false,
      replay: { now: () => 1_000_000, random: () => 1, timers: stillTimers },
    });
    try {
      await expect.poll(() => view.get().rejected, { timeout: 5000 }).toEqual([expect.objectContaining({ label: 'sync.kind.cancelOrder', code: 'order_started', status: 409 })]);
      await expect.poll(async () => (await db.orders.get(id))?.status, { timeout: 5000 }).toBe(1);
      expect(await statusOf(id)).toBe(1);
      // discarded, the order stays as the server has it
      await runtime.discard(view.get().rejected[0]!.id);
      expect((await db.orders.get(id))?.status).toBe(1);
      expect(await entries(db)).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });
});
