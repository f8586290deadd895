// The patient's data session end to end against the real local stack: the session store
// follows a real supabase-js client's auth events, the lifecycle claims the mirror, pulls,
// replays the outbox and, on sign-out, wipes the mirror and leaves (README "Architecture").
// Dexie runs on fake-indexeddb; realtime stays off (tests/backend/local-realtime.test.ts).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../src/data/auth/session-store';
import { signOutOfAuth } from '../../src/data/auth/sign-out';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { saveQuestionnaire } from '../../src/data/outbox/commands';
import { outboxAppended } from '../../src/data/outbox/signal';
import { createRealtimeStatus } from '../../src/data/realtime/realtime-status';
import { createPatientSession, type PatientSession } from '../../src/data/session/patient-session';
import { createOutboxViewStore } from '../../src/data/sync/outbox-view';
import { createSyncState } from '../../src/data/sync/sync-state';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

let P: Patient;
const running: { session: PatientSession; db: LocalDb }[] = [];

beforeAll(async () => {
  P = await patientWithProfile('Lena');
  await prescribe(P.userId, (await pharmacodes(1))[0]!);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map(({ db }) => db.delete()));
});

function start() {
  const storage = new Map<string, string>();
  const storageApi = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
  const authed = anonClient({ auth: { persistSession: true, storage: storageApi, storageKey: 'sb-session-test' } });
  const db = openLocalDb(`patient-session-${randomUUID()}`);
  const leave = vi.fn();
  const syncState = createSyncState({ online: true, debounceMs: 0 });
  const session = createPatientSession({
    auth: createSessionStore({ auth: () => authed.auth }),
    client: () => authed,
    db: () => db,
    syncState,
    outboxView: createOutboxViewStore(),
    realtimeStatus: createRealtimeStatus(),
    signOutOfAuth: () => signOutOfAuth({ client: authed, storage: storageApi }),
    leave,
    connection: {},
    online: () => true,
    runtime: { realtime: false, persist: async () => false },
  });
  running.push({ session, db });
  session.start();
  return { session, db, leave, authed, syncState };
}

describe('patient session against the local stack', () => {
  it('a sign-in pulls the patient into the mirror and reports their flags; an edit reaches the server', async () => {
    const { session, db, authed, syncState } = start();
    expect((await authed.auth.signInWithPassword({ email: P.email, password: P.password })).error).toBeNull();
    await expect.poll(() => session.summary.get().status, { timeout: 10_000 }).toBe('ready');
    expect(session.summary.get()).toMatchObject({ key: `${P.userId}:aal1`, flags: { hasProfile: true, hasSetup: true, hasPrescriptions: true } });
    expect((await db.customers.get(P.userId))?.first_name).toBe('Lena');

    const q = (await db.customers.get(P.userId))!.webshop_customer_questionnaire![0]!;
    const { id: _id, customer_id: _c, bmi: _b, ...fields } = q as typeof q & { bmi?: unknown };
    // appended: what the app's commands signal, the session's replay listens to it
    await saveQuestionnaire({ db, newId: randomUUID, now: Date.now, appended: outboxAppended }, P.userId, { ...fields, weight: 66 });
    await expect.poll(async () => db.outbox.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => syncState.get().pendingCount).toBe(0);
    const { data } = await serviceClient().from('webshop_customer_questionnaire').select('weight').eq('id', q.id).single();
    expect(Number(data!.weight)).toBe(66);
  });

  it('the patient\'s sign-out wipes the mirror and leaves', async () => {
    const { session, db, authed, leave } = start();
    expect((await authed.auth.signInWithPassword({ email: P.email, password: P.password })).error).toBeNull();
    await expect.poll(() => session.summary.get().status, { timeout: 10_000 }).toBe('ready');
    expect(await session.signOut()).toEqual({ ok: true, value: 'server' });
    await expect.poll(() => leave.mock.calls.length, { timeout: 5000 }).toBe(1);
    expect(await Promise.all(db.tables.map((t) => t.count()))).toEqual(db.tables.map(() => 0));
    expect(session.summary.get().status).toBe('idle');
  });
});
