// The outbox against the real local stack (docs/architecture.md, 3 Write; spec §7 Data
// service writes and webshopOrder; §8 save errors). Dexie runs on fake-indexeddb; every server
// call goes through supabase-js clients of tests/setup/clients.ts, passed in as parameters.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import 'fake-indexeddb/auto';
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DraftOrder } from '../../src/domain/entities.ts';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { applyPendingToMirror, orderOfEntry } from '../../src/data/outbox/apply.ts';
import {
  placeOrder,
  saveAddress,
  saveBaseData,
  saveQuestionnaire,
  saveSendMethod,
  setSendAsap,
  type OutboxContext,
} from '../../src/data/outbox/commands.ts';
import { isTempId } from '../../src/data/local/temp-ids.ts';
import { BACKOFF_MAX_MS } from '../../src/data/outbox/backoff.ts';
import { guardFetch } from '../../src/data/net/fetch-guard.ts';
import { createRetryAfterLog } from '../../src/data/net/retry-after.ts';
import { memoryStorage } from '../setup/memory-storage.ts';
import { discardEntry } from '../../src/data/outbox/entry-commands.ts';
import { createReplayer, type Replayer, type Timers } from '../../src/data/outbox/replay.ts';
import { sendEntry } from '../../src/data/outbox/send.ts';
import { entryLabel, type TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { reasonText } from '../../src/domain/reason-text.ts';
import { createOutboxViewStore, outboxViewOf } from '../../src/data/sync/outbox-view.ts';
import { startPatientRuntime } from '../../src/data/session/patient-runtime.ts';
import { createSyncState } from '../../src/data/sync/sync-state.ts';
import { createRealtimeStatus } from '../../src/data/realtime/realtime-status.ts';
import { anonClient, serviceClient, signUpPatient } from '../setup/clients.ts';
import { ADDRESS, count, patientWithProfile, PHONE, QUESTIONNAIRE, sleep, pharmacodes, prescribe, type Patient, type SupabaseClient } from './fixtures.ts';


let clock = 1_000_000;
const dbs: LocalDb[] = [];
const replayers: Replayer[] = [];

/** timers that never fire: the tests drive every pass themselves */
const stillTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };

function freshDb(): LocalDb {
  const db = openLocalDb(`outbox-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  return db;
}

const contextOf = (db: LocalDb): OutboxContext => ({ db, newId: randomUUID, now: () => clock, appended: () => {} });

function replayerOf(db: LocalDb, client: SupabaseClient, extra: Partial<Parameters<typeof createReplayer>[0]> = {}): Replayer {
  const r = createReplayer({ db, client, now: () => clock, random: () => 1, timers: stillTimers, ...extra });
  replayers.push(r);
  return r;
}

const entries = (db: LocalDb) => db.outbox.orderBy('seq').toArray() as Promise<TypedOutboxEntry[]>;

const STORAGE_KEY = 'sb-outbox-test-auth-token';

async function signedIn(email: string, password: string, storage = memoryStorage()) {
  const client = anonClient({ auth: { persistSession: true, storage, storageKey: STORAGE_KEY } });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in: ${error.message}`);
  return { client, storage };
}

/** A port nothing listens on: the stack "is down". */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

let P: Patient; // complete profile, one active prescription
let rxCode: number;
let unprescribed: number;

beforeAll(async () => {
  P = await patientWithProfile('Olga');
  [rxCode, unprescribed] = (await pharmacodes(2)) as [number, number];
  await prescribe(P.userId, rxCode);
});

afterEach(async () => {
  replayers.splice(0).forEach((r) => r.stop());
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

const draftOf = (medications: Record<string, number>): DraftOrder => ({ medications, address: { ...ADDRESS }, comment: 'Outbox-Test' });

// docs/architecture.md, 3 Write: "in order, when online"
describe('order of the replay', () => {
  it('three edits of a new patient go out in order: base data, then the address, then its correction', async () => {
    const N = await signUpPatient();
    const db = freshDb();
    const ctx = contextOf(db);
    expect((await saveBaseData(ctx, N.userId, { first_name: 'Nina', last_name: 'Neu', gender: 2, birthday: '1980-02-03' })).ok).toBe(true);
    const first = await saveAddress(ctx, N.userId, { ...ADDRESS, phone: PHONE });
    const second = await saveAddress(ctx, N.userId, { ...ADDRESS, street_nr: '14', phone: PHONE });
    // the mirror shows the edits at once; the second edit names the same (temporary) row
    expect(first.ok && second.ok && first.value.recordId === second.value.recordId && isTempId(first.value.recordId)).toBe(true);
    const mirrored = await db.customers.get(N.userId);
    expect(mirrored).toMatchObject({ first_name: 'Nina', webshop_customer_address: [{ street_nr: '14' }] });
    expect((await entries(db)).map((e) => [e.kind, (e.payload as { table: string }).table])).toEqual([
      ['row.upsert', 'webshop_customers'],
      ['row.insert', 'webshop_customer_address'],
      ['row.update', 'webshop_customer_address'],
    ]);

    // an address before its customer row would fail (foreign key): order matters
    const report = await replayerOf(db, N.client).replay();
    expect(report).toEqual({ sent: 3, rejected: 0, failed: 0, paused: null });
    expect(await entries(db)).toEqual([]);

    const { data } = await serviceClient().from('webshop_customers').select('first_name, webshop_customer_address(*)').eq('id', N.userId).single();
    expect(data!.first_name).toBe('Nina');
    // the correction updated the row the first edit inserted: one row, the last content
    expect(data!.webshop_customer_address).toHaveLength(1);
    const row = data!.webshop_customer_address[0] as { id: number; street_nr: string };
    expect(row.street_nr).toBe('14');
    // and the mirror now names the server's row
    expect((await db.customers.get(N.userId))!.webshop_customer_address!.map((a) => a.id)).toEqual([row.id]);
  });

  it('a pull does not hide unsent edits: applyPendingToMirror puts them back on top', async () => {
    const db = freshDb();
    const pull = async () => {
      const { data } = await P.client.from('webshop_customers').select('*, webshop_customer_questionnaire(*)').eq('id', P.userId).single();
      await db.customers.put(data);
    };
    await pull();
    await saveQuestionnaire(contextOf(db), P.userId, { ...QUESTIONNAIRE, weight: 81 });
    // a later pull writes the server's record (without the edit), then re-applies what waits
    await pull();
    await applyPendingToMirror(db, P.userId);
    const q = (await db.customers.get(P.userId))!.webshop_customer_questionnaire!;
    // the edit updates the latest server row in place (by its id): a replay is idempotent
    expect(q.map((r) => [r.id, Number(r.weight)])).toEqual([[P.profile.questionnaire.id, 81]]);
    await applyPendingToMirror(db, P.userId);
    expect((await db.customers.get(P.userId))!.webshop_customer_questionnaire).toEqual(q);
    expect((await entries(db)).map((e) => e.payload)).toMatchObject([{ table: 'webshop_customer_questionnaire', id: P.profile.questionnaire.id, fields: { weight: 81 } }]);
  });
});

// docs/architecture.md, 3 Write: "with backoff"
describe('backoff while the stack is down', () => {
  it('attempts and nextAttemptAt grow (1 s, 2 s, 4 s); a pass before the time sends nothing; back up, it goes through', async () => {
    const { client: live, storage } = await signedIn(P.email, P.password);
    // the same session, but the API is unreachable
    const deadClient = createClient(await deadUrl(), inject('anonKey'), {
      auth: { persistSession: true, storage, storageKey: STORAGE_KEY, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const db = freshDb();
    await saveQuestionnaire(contextOf(db), P.userId, { ...QUESTIONNAIRE, weight: 73 });
    const replayer = replayerOf(db, deadClient);

    const seen: [number, number][] = [];
    for (const wait of [0, 1000, 2000]) {
      clock += wait;
      const report = await replayer.replay();
      expect(report.failed).toBe(1);
      const [e] = await entries(db);
      seen.push([e!.attempts, e!.nextAttemptAt - clock]);
      expect(e!.status).toBe('pending');
      expect(e!.lastError).toMatchObject({ code: 'network' });
    }
    expect(seen).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ]);
    expect(replayer.get()).toMatchObject({ lastError: { code: 'network' }, nextAttemptAt: clock + 4000 });

    // before nextAttemptAt: nothing is sent, nothing counted
    clock += 3999;
    expect(await replayer.replay()).toEqual({ sent: 0, rejected: 0, failed: 0, paused: null });
    expect((await entries(db))[0]!.attempts).toBe(3);

    // the stack is back: `online` forces a pass without waiting for the backoff
    clock -= 3999;
    const back = replayerOf(db, live);
    expect(await back.replay({ force: true })).toMatchObject({ sent: 1 });
    expect(await entries(db)).toEqual([]);
    // no row in the mirror: the edit was an insert; the latest row holds it
    const latest = await serviceClient().from('webshop_customer_questionnaire').select('weight').eq('customer_id', P.userId).order('id', { ascending: false }).limit(1).single();
    expect(Number(latest.data!.weight)).toBe(73);
  });
});

// the server says when to come back: 429/503 with Retry-After (seconds or an HTTP date)
describe('Retry-After', () => {
  it('a 429 with Retry-After: 30 is retried after 30 s, not after the 1 s backoff; a 503 asking an hour waits at most the 5 min cap', async () => {
    const { storage } = await signedIn(P.email, P.password);
    let answer: { status: number; retryAfter: string } | null = { status: 429, retryAfter: '30' };
    const retryAfter = createRetryAfterLog(() => clock);
    const busy: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (answer && url.includes('/rest/v1/')) return new Response('{"message":"busy"}', { status: answer.status, headers: { 'Retry-After': answer.retryAfter, 'Content-Type': 'application/json' } });
      return fetch(input, init);
    };
    const client = createClient(inject('stackUrl'), inject('anonKey'), {
      auth: { persistSession: true, storage, storageKey: STORAGE_KEY, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: guardFetch(busy, { anonKey: inject('anonKey'), storedAccessToken: () => null, retryAfter, now: () => clock }) },
      realtime: { transport: WebSocket as never },
    });
    const db = freshDb();
    await saveQuestionnaire(contextOf(db), P.userId, { ...QUESTIONNAIRE, weight: 78 });
    const replayer = replayerOf(db, client, { retryAfter });
    expect(await replayer.replay()).toMatchObject({ failed: 1 });
    expect((await entries(db))[0]).toMatchObject({ status: 'pending', lastError: { code: 'rate_limited', status: 429 } });
    expect((await entries(db))[0]!.nextAttemptAt - clock).toBe(30_000);
    expect(replayer.get().nextAttemptAt).toBe(clock + 30_000);

    answer = { status: 503, retryAfter: '3600' };
    clock += 30_000;
    expect(await replayer.replay()).toMatchObject({ failed: 1 });
    expect((await entries(db))[0]!.nextAttemptAt - clock).toBe(BACKOFF_MAX_MS);

    answer = null;
    clock += BACKOFF_MAX_MS;
    expect(await replayer.replay()).toMatchObject({ sent: 1 });
  });
});

// docs/architecture.md, 3 Write: "The server deduplicates by the entry id, so a replay never creates a second order"
describe('an order replayed after a crash between send and acknowledgement', () => {
  it('the server answers the first order\'s id; exactly one order exists; the mirror shows it under that id', async () => {
    const db = freshDb();
    const before = await count('webshop_order', ['customer_id', P.userId]);
    const placed = await placeOrder(contextOf(db), P.userId, draftOf({ [rxCode]: 2 }));
    expect(placed.ok).toBe(true);
    const { outboxId, recordId } = placed.ok ? placed.value : { outboxId: '', recordId: 0 };
    // at once in the mirror: temporary id, pending, with the outbox id
    expect(await db.orders.get(recordId!)).toMatchObject({ pending: true, outbox_id: outboxId, status: 0, webshop_order_item: [{ pharmacode: rxCode, amount: 2 }] });

    // the replay's send step runs (attempt counted first, as the replay does), then the tab dies
    const [entry] = await entries(db);
    await db.outbox.update(entry!.seq!, { attempts: 1 });
    const sent = await sendEntry(P.client, entry!, false);
    expect(sent.type).toBe('ok');
    const firstId = (sent as { serverId: number }).serverId;
    expect((await entries(db)).map((e) => e.id)).toEqual([outboxId]);

    // next start: the same entry goes again with the same Idempotency-Key
    expect(await replayerOf(db, P.client).replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await entries(db)).toEqual([]);
    expect(await count('webshop_order', ['idempotency_key', outboxId])).toBe(1);
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(before + 1);
    const { data } = await serviceClient().from('webshop_order').select('id').eq('idempotency_key', outboxId).single();
    expect(data!.id).toBe(firstId);
    // the temporary order became the server's
    expect(await db.orders.get(recordId!)).toBeUndefined();
    const mirrored = await orderOfEntry(db, outboxId);
    expect(mirrored).toMatchObject({ id: firstId, outbox_id: outboxId });
    expect(mirrored!.pending).toBeUndefined();
  });
});

// spec §8 save errors; docs/architecture.md, 3 Write: "A permanent refusal (validation, RLS) is shown to the patient with the entry kept"
describe('a refused write is kept and shown, and the rest goes on', () => {
  it('personal data already set (403 personal_data_locked) and an unprescribed order (422 not_prescribed) are rejected; a later edit of another kind is sent', async () => {
    const db = freshDb();
    const ctx = contextOf(db);
    const ordersBefore = await count('webshop_order', ['customer_id', P.userId]);
    // the mirror has not pulled the profile yet, so the command cannot know the name is set
    await saveBaseData(ctx, P.userId, { first_name: 'Olgaa', last_name: 'Anders', gender: 1, birthday: '1971-01-01' });
    const order = await placeOrder(ctx, P.userId, draftOf({ [unprescribed]: 1 }));
    await saveQuestionnaire(ctx, P.userId, { ...QUESTIONNAIRE, weight: 74 });

    const report = await replayerOf(db, P.client).replay();
    expect(report).toEqual({ sent: 1, rejected: 2, failed: 0, paused: null });
    const kept = await entries(db);
    expect(kept.map((e) => [e.kind, e.status, e.lastError?.code, e.lastError?.status])).toEqual([
      ['row.upsert', 'rejected', 'personal_data_locked', 403],
      ['call', 'rejected', 'not_prescribed', 422],
    ]);
    // what the shell lists
    expect(outboxViewOf(kept, (e, code) => ({ label: entryLabel(e as TypedOutboxEntry), reason: reasonText(code) }))).toEqual({
      pendingCount: 0,
      rejected: [
        expect.objectContaining({ label: 'sync.kind.customer', reason: 'sync.reason.personalDataLocked', code: 'personal_data_locked', status: 403 }),
        expect.objectContaining({ label: 'sync.kind.order', code: 'not_prescribed', status: 422 }),
      ],
    });
    // nothing of it on the server; the refused order left the mirror
    const { data: customer } = await serviceClient().from('webshop_customers').select('first_name').eq('id', P.userId).single();
    expect(customer!.first_name).toBe('Olga');
    expect(await count('webshop_order', ['customer_id', P.userId])).toBe(ordersBefore);
    expect(await db.orders.get(order.ok ? order.value.recordId! : 0)).toBeUndefined();
    // replaying again does not resend rejected entries
    expect(await replayerOf(db, P.client).replay()).toEqual({ sent: 0, rejected: 0, failed: 0, paused: null });

    // the user discards them
    for (const e of kept) await discardEntry(e.id, db);
    expect(await entries(db)).toEqual([]);
  });

  it('a rejected questionnaire (weight out of range, 400) is superseded by the corrected one', async () => {
    const db = freshDb();
    const ctx = contextOf(db);
    await saveQuestionnaire(ctx, P.userId, { ...QUESTIONNAIRE, weight: 900 });
    expect(await replayerOf(db, P.client).replay()).toMatchObject({ rejected: 1 });
    expect((await entries(db)).map((e) => [e.status, e.lastError?.code, e.lastError?.status])).toEqual([['rejected', 'webshop_customer_questionnaire_weight_range', 400]]);
    await saveQuestionnaire(ctx, P.userId, { ...QUESTIONNAIRE, weight: 90 });
    expect(await replayerOf(db, P.client).replay()).toMatchObject({ sent: 1 });
    expect(await entries(db)).toEqual([]);
  });

  it('a send_asap answer to a send method that was never stored is rejected in turn (dependency_rejected)', async () => {
    const N = await signUpPatient(); // no customer row: the send method insert fails (foreign key, 409)
    const db = freshDb();
    const ctx = contextOf(db);
    await saveSendMethod(ctx, N.userId, { prescription_send_method: 'post', prescription_location: null, send_all: true, description: null, doc_name: 'Dr. Roth', cpg_name: 'Praxis Roth' });
    expect((await setSendAsap(ctx, N.userId, true)).ok).toBe(true);
    expect(await replayerOf(db, N.client).replay()).toMatchObject({ rejected: 2 });
    expect((await entries(db)).map((e) => [e.kind, e.lastError?.code])).toEqual([
      ['row.insert', 'conflict'],
      ['row.update', 'dependency_rejected'],
    ]);
  });
});

// A 401 or no session is not the patient's mistake: the replay waits for a sign-in
describe('an expired session pauses the replay until sign-in', () => {
  it('401 JWT expired: the entry stays pending, the replay pauses; after the sign-in it is sent', async () => {
    const { client, storage } = await signedIn(P.email, P.password);
    // the stored access token has expired on the server's clock (and its refresh token is gone)
    const stored = JSON.parse(storage.getItem(STORAGE_KEY)!) as { access_token: string; refresh_token: string };
    const now = Math.floor(Date.now() / 1000);
    stored.access_token = await new SignJWT({ sub: P.userId, role: 'authenticated', aud: 'authenticated', aal: 'aal1', email: P.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(inject('jwtSecret')));
    stored.refresh_token = 'gone';
    storage.setItem(STORAGE_KEY, JSON.stringify(stored));

    const db = freshDb();
    await saveQuestionnaire(contextOf(db), P.userId, { ...QUESTIONNAIRE, weight: 75 });
    const replayer = replayerOf(db, client, { timers: globalThis as unknown as Timers });
    replayer.start();
    await expect.poll(() => replayer.get().paused, { timeout: 5000 }).toBe('sessionExpired');
    const [waiting] = await entries(db);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: null });
    // one refresh was tried, with a refresh token the server does not know: still paused, nothing rejected
    await sleep(300);
    expect(await replayer.replay()).toEqual({ sent: 0, rejected: 0, failed: 0, paused: 'sessionExpired' });
    expect(await entries(db)).toMatchObject([{ status: 'pending', attempts: 1 }]);

    const { error } = await client.auth.signInWithPassword({ email: P.email, password: P.password });
    expect(error).toBeNull();
    await expect.poll(async () => (await entries(db)).length, { timeout: 5000 }).toBe(0);
    expect(replayer.get().paused).toBeNull();
    const latest = await serviceClient().from('webshop_customer_questionnaire').select('weight').eq('customer_id', P.userId).order('id', { ascending: false }).limit(1).single();
    expect(Number(latest.data!.weight)).toBe(75);
  });

  it('no session at all: paused as signed out, nothing sent or rejected', async () => {
    const db = freshDb();
    await saveQuestionnaire(contextOf(db), P.userId, { ...QUESTIONNAIRE, weight: 76 });
    const replayer = replayerOf(db, anonClient());
    expect(await replayer.replay()).toEqual({ sent: 0, rejected: 0, failed: 0, paused: 'signedOut' });
    expect(await entries(db)).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });
});

// docs/architecture.md, 4 Sync state: one observable sync state, fed by the outbox and realtime
describe('the patient runtime feeds the sync state', () => {
  it('feeds the sync state: pending and rejected counts, then nothing left; realtime status; stop resets it', async () => {
    // Dexie's liveQuery needs a global indexedDB (fake-indexeddb/auto, imported above)
    const db = openLocalDb(`outbox-${randomUUID()}`);
    dbs.push(db);
    const ctx = contextOf(db);
    const state = createSyncState({ online: true, debounceMs: 0 });
    const view = createOutboxViewStore();
    const realtime = createRealtimeStatus('connected');
    // the mirror belongs to this patient (the runtime claims it, wiping anybody else's data)
    await claimMirror(db, P.userId);
    await saveBaseData(ctx, P.userId, { first_name: 'X', last_name: 'Y', gender: 1, birthday: '1970-01-01' }); // refused: name already set
    await saveQuestionnaire(ctx, P.userId, { ...QUESTIONNAIRE, weight: 77 });
    const runtime = startPatientRuntime({
      client: P.client,
      db,
      userId: P.userId,
      syncState: state,
      outboxView: view,
      realtimeStatus: realtime,
      replay: { now: () => clock, random: () => 1, timers: stillTimers },
    });
    try {
      await expect.poll(() => state.get().realtimeConnected).toBe(true);
      await expect.poll(() => [state.get().pendingCount, state.get().rejectedCount], { timeout: 5000 }).toEqual([0, 1]);
      expect(view.get().rejected).toEqual([expect.objectContaining({ label: 'sync.kind.customer', code: 'personal_data_locked' })]);
      expect(state.get()).toMatchObject({ lastError: null, lastSyncAt: clock, paused: null });
      realtime.set('disconnected');
      await expect.poll(() => state.get().realtimeConnected).toBe(false);
      await runtime.discard(view.get().rejected[0]!.id);
      await expect.poll(() => state.get().rejectedCount).toBe(0);
    } finally {
      await runtime.stop();
    }
    expect(state.get()).toMatchObject({ realtimeConnected: null, pendingCount: 0, rejectedCount: 0 });
  });
});
