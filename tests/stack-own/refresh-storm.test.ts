// No refresh storm: with a token lifetime of 30 s (JWT_EXPIRY=30) an idle, signed-in app
// refreshes each token once, a quarter of its lifetime before it expires (token-refresher.ts),
// so every 22.5 s here, never in a loop. Every getSession() of
// supabase-js refreshes a token within 90 s of its expiry, so with short lifetimes anything
// that reads the session on each new token (the auth listener, a replay pass per refresh,
// realtime's heartbeat) turned into a storm of refreshes. Runs the app's own client
// configuration and patient session against a stack of its own, for two idle minutes.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSessionStore } from '../../src/data/auth/session-store';
import { readStoredSession } from '../../src/data/stored-session';
import { signOutOfAuth } from '../../src/data/auth/sign-out';
import { refreshAt } from '../../src/data/auth/token-refresher';
import { openLocalDb } from '../../src/data/local/local-db';
import { createRealtimeStatus } from '../../src/data/realtime/realtime-status';
import { createPatientSession } from '../../src/data/session/patient-session';
import { createAppClient } from '../../src/data/supabase-client';
import { createOutboxViewStore } from '../../src/data/sync/outbox-view';
import { createSyncState } from '../../src/data/sync/sync-state';
import { startStack, type Stack } from '../../supabase/local/server';
import { testStackConfig } from '../setup/local-stack';
import { memoryStorage } from '../setup/memory-storage';

const LIFETIME_S = 30;
const IDLE_MS = Number(process.env.STORM_IDLE_MS ?? 120_000);
/** How long a token is used before the next: the refresher's own time for a token issued at 0. */
const TOKEN_USE_MS = refreshAt({ expires_at: LIFETIME_S, expires_in: LIFETIME_S })!;

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(testStackConfig({ jwtExpiry: LIFETIME_S }), { seed: false, log: () => {} });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe(`an idle signed-in app with ${LIFETIME_S} s tokens`, () => {
  it(`refreshes once per token over ${IDLE_MS / 1000} s`, async () => {
    const refreshes: number[] = [];
    const counting: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/auth/v1/token') && url.includes('grant_type=refresh_token')) refreshes.push(Date.now());
      return fetch(input, init);
    };
    const storage = memoryStorage();
    const client = createAppClient({ url: stack.url, anonKey: stack.config.anonKey, storage, fetch: counting, realtimeTransport: WebSocket });
    const email = `storm-${randomUUID().slice(0, 8)}@example.test`;
    const signedUp = await client.auth.signUp({ email, password: 'Rezept-Test-2024!' });
    expect(signedUp.error).toBeNull();
    const userId = signedUp.data.user!.id;
    expect((await client.from('webshop_customers').upsert({ id: userId, first_name: 'Ida', last_name: 'Idle', gender: 2, birthday: '1950-01-01' }, { onConflict: 'id' })).error).toBeNull();

    const db = openLocalDb(`storm-${randomUUID()}`);
    const realtimeStatus = createRealtimeStatus();
    const session = createPatientSession({
      auth: createSessionStore({ auth: () => client.auth, storedSession: () => readStoredSession(storage) }),
      client: () => client,
      db: () => db,
      syncState: createSyncState({ online: true }),
      outboxView: createOutboxViewStore(),
      realtimeStatus,
      signOutOfAuth: () => signOutOfAuth({ client, storage }),
      storedSession: () => readStoredSession(storage),
      leave: () => {},
      connection: {},
      online: () => true,
      runtime: { persist: async () => false },
    });
    session.start();
    await expect.poll(() => session.summary.get().status, { timeout: 15_000 }).toBe('ready');
    await expect.poll(() => realtimeStatus.get(), { timeout: 15_000 }).toBe('connected');
    // the pull that follows the channel's join belongs to the start, not to the idle time
    await new Promise((r) => setTimeout(r, 2000));

    const from = Date.now();
    refreshes.length = 0;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = refreshes.filter((t) => t >= from);
    // refreshes TOKEN_USE_MS apart: a window of IDLE_MS holds at most this many, whatever the
    // phase (counted against the lifetime, 5 in 120 s, it would fail whenever the first came
    // within 10 s of the window's start: six refreshes 22 s apart); a storm is dozens
    const allowed = Math.floor(IDLE_MS / TOKEN_USE_MS) + 1;
    console.log(`refresh storm check: ${idle.length} refreshes in ${IDLE_MS / 1000} s with ${LIFETIME_S} s tokens (allowed ${allowed})`);
    expect(idle.length).toBeGreaterThan(0);
    expect(idle.length).toBeLessThanOrEqual(allowed);
    // the session stayed usable throughout
    expect((await client.from('webshop_customers').select('first_name').eq('id', userId).single()).data?.first_name).toBe('Ida');
    await client.removeAllChannels();
  }, IDLE_MS + 60_000);
});
