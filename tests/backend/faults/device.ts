// One patient's device in a fault-injection run: a session storage shared by its tabs (as
// localStorage is), one IndexedDB mirror (fake-indexeddb, one Dexie connection per tab, as in
// a browser), one network with faults, and one or two tabs, each with its own supabase-js
// client made as the app makes it (src/data/supabase-client.ts: the fetch guard on top of the
// network, Retry-After noted for the replay) and its own patient runtime
// (src/data/session/patient-runtime.ts: claim, pull, replay). All tabs share the outbox lock
// (outboxLock(): one mutex per name in the process).
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { refreshIfStale } from '../../../src/data/auth/fresh-session.ts';
import { readStoredSession } from '../../../src/data/stored-session.ts';
import type { Database } from '../../../src/data/database.types.ts';
import { openLocalDb, type LocalDb } from '../../../src/data/local/local-db.ts';
import type { OutboxEntry } from '../../../src/data/local/mirror-schema.ts';
import type { OutboxContext } from '../../../src/data/outbox/commands.ts';
import { outboxLock } from '../../../src/data/outbox/lock.ts';
import { createRealtimeStatus } from '../../../src/data/realtime/realtime-status.ts';
import { startPatientRuntime, type PatientRuntime } from '../../../src/data/session/patient-runtime.ts';
import { guardFetch } from '../../../src/data/net/fetch-guard.ts';
import { createRetryAfterLog, type RetryAfterLog } from '../../../src/data/net/retry-after.ts';
import type { AppClient } from '../../../src/data/supabase-client.ts';
import { createOutboxViewStore } from '../../../src/data/sync/outbox-view.ts';
import { createSyncState } from '../../../src/data/sync/sync-state.ts';
import { sleep, type Patient } from '../fixtures.ts';
import type { FaultNetwork, TabLine } from './fault-network.ts';
import { createTabTimers, type Clock, type TabTimers } from './virtual-timers.ts';
import { memoryStorage } from '../../setup/memory-storage.ts';

const STORAGE_KEY = 'sb-faults-auth-token';

export interface Tab {
  line: TabLine;
  client: AppClient;
  timers: TabTimers;
  db: LocalDb;
  runtime: PatientRuntime;
  /** the context of the app's commands in this tab: its own replay follows its edits */
  ctx: OutboxContext;
}

export interface DeviceEvents {
  expired: number;
  closed: number;
  closedMidPass: number;
  /** the patient signed in again after supabase-js dropped the session */
  signIns: number;
}

export interface DeviceDeps {
  patient: Patient;
  network: FaultNetwork;
  clock: Clock;
  stack: { url: string; anonKey: string; jwtSecret: string };
}

export function createDevice({ patient, network, clock, stack }: DeviceDeps) {
  const storage = memoryStorage();
  const dbName = `faults-${randomUUID()}`;
  const tabs: Tab[] = [];
  const events: DeviceEvents = { expired: 0, closed: 0, closedMidPass: 0, signIns: 0 };

  const stored = () => readStoredSession(storage, STORAGE_KEY);

  function clientOf(line: TabLine, retryAfter: RetryAfterLog): AppClient {
    const fetch = guardFetch(line.fetch, { anonKey: stack.anonKey, storedAccessToken: () => stored()?.access_token ?? null, retryAfter });
    return createClient<Database>(stack.url, stack.anonKey, {
      auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage, storageKey: STORAGE_KEY },
      global: { fetch },
      realtime: { transport: WebSocket as never },
    });
  }

  async function open(): Promise<Tab> {
    const line = network.line();
    const retryAfter = createRetryAfterLog(clock.now);
    const client = clientOf(line, retryAfter);
    const timers = createTabTimers(clock);
    const db = openLocalDb(dbName);
    const runtime = startPatientRuntime({
      client,
      db,
      userId: patient.userId,
      syncState: createSyncState({ online: true, debounceMs: 0 }),
      outboxView: createOutboxViewStore(),
      realtimeStatus: createRealtimeStatus(),
      realtime: false,
      persist: async () => false,
      replay: { now: clock.now, random: () => 0.5, timers, retryAfter },
    });
    const ctx: OutboxContext = { db, newId: randomUUID, now: clock.now, appended: () => runtime.replayer.trigger() };
    // what the session does once the patient may read their rows; under faults it may fail
    await runtime.pullAll();
    return { line, client, timers, db, runtime, ctx };
  }

  const busy = (t: Tab) => t.timers.immediate > 0 || t.runtime.replayer.get().running || t.runtime.engine.status.get().running > 0;

  /** Waits until nothing runs: no request, no pass, no pull, no deferred callback, no refresh retry. */
  async function settle(): Promise<void> {
    const until = Date.now() + 60_000;
    for (let calm = 0; calm < 3; ) {
      await sleep(10);
      calm = network.inFlight > 0 || Date.now() < network.authRetriesUntil || tabs.some(busy) ? 0 : calm + 1;
      if (Date.now() > until) throw new Error('the device did not come to rest within 60 s');
    }
  }

  const hasSession = () => storage.getItem(STORAGE_KEY) !== null;

  /** The patient signs in (again) in the first tab, as often as the faults make it fail. */
  async function signIn(client: AppClient): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const { error } = await client.auth.signInWithPassword({ email: patient.email, password: patient.password });
      if (!error) return;
      if (attempt >= 10) throw new Error(`sign-in: ${error.message}`);
    }
  }

  return {
    tabs,
    events,
    settle,
    hasSession,
    async start(count: number): Promise<void> {
      await signIn(clientOf(network.line(), createRetryAfterLog()));
      for (let i = 0; i < count; i++) tabs.push(await open());
    },
    async signInAgain(): Promise<void> {
      events.signIns++;
      await signIn(tabs[0]!.client);
    },
    /** The stored access token expired an hour ago (the device slept); the refresh token stays good. */
    async expire(): Promise<void> {
      const session = stored();
      if (!session) return;
      const now = Math.floor(Date.now() / 1000);
      const access_token = await new SignJWT({ ...decodeJwt(session.access_token) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(new TextEncoder().encode(stack.jwtSecret));
      storage.setItem(STORAGE_KEY, JSON.stringify({ ...session, access_token, expires_at: now - 3600 }));
      events.expired++;
    },
    /** The connection is back, as the patient session handles it: a stale token refreshed first, then pull and send. */
    async reconnect(index: number): Promise<void> {
      const tab = tabs[index]!;
      await refreshIfStale(tab.client.auth, stored());
      tab.runtime.online();
    },
    /** Time passes up to the next retry a live tab scheduled; those timers run. */
    wait(): void {
      const due = tabs.map((t) => t.timers.nextDue()).filter((d): d is number => d !== null);
      if (!due.length) return;
      clock.advanceTo(Math.min(...due));
      tabs.forEach((t) => t.timers.fireDue());
    },
    /** Closes the tab (`midPass`: while the request of a pass is on the way) and opens it again. */
    async close(index: number, midPass: boolean): Promise<void> {
      const tab = tabs[index]!;
      let pass: Promise<unknown> = Promise.resolve();
      if (midPass) {
        const died = tab.line.dieOnNextRequest();
        pass = tab.runtime.replayer.replay({ force: true }).catch(() => undefined);
        await Promise.race([died, pass]);
        events.closedMidPass++;
      }
      await tab.runtime.stop();
      // a page that is gone sends nothing more; what it had started ends on a dead line
      tab.line.kill();
      await pass;
      await outboxLock()(async () => undefined); // passes it had asked for, queued behind others
      while (busy(tab)) await sleep(10);
      await tab.runtime.engine.idle();
      // stop means stop: a pass that ended after it leaves no timed retry behind
      expect(tab.timers.nextDue(), 'timer of a closed tab').toBeNull();
      tab.timers.clear();
      tab.db.close();
      events.closed++;
      tabs[index] = await open();
    },
    async pending(): Promise<OutboxEntry[]> {
      return (await tabs[0]!.db.outbox.toArray()).filter((e) => e.status === 'pending');
    },
    async closeAll(): Promise<void> {
      for (const tab of tabs.splice(0)) {
        await tab.runtime.stop();
        tab.timers.clear();
        tab.db.close();
      }
      const db = openLocalDb(dbName);
      await db.delete();
    },
  };
}

export type Device = ReturnType<typeof createDevice>;
