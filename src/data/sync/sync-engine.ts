// Wires the sync of one signed-in patient: the replay of the outbox (outbox/replay.ts), the
// outbox figures and the connection into the sync state, and the return of the connection
// into a replay. The pull is part A's data session (pull/data-session.ts), which itself pulls
// on `online` and when realtime joins again; here a return of the connection sends the
// outbox at once, without waiting for the backoff.
import type { AppClient } from '../supabase-client';
import { liveQuery } from 'dexie';
import type { LocalDb } from '../local/local-db';
import { createReplayer, discardEntry, retryEntry, type ReplayDeps, type Replayer } from '../outbox/replay';
import type { RealtimeStatus, RealtimeStatusStore } from '../realtime/realtime-status';
import { outboxViewOf, type OutboxView, type OutboxViewStore } from './outbox-view';
import type { SyncStateStore } from './sync-state';

export interface SyncEngineDeps extends Pick<ReplayDeps, 'now' | 'random' | 'timers' | 'lock' | 'reloadCustomer' | 'reloadOrders' | 'events'> {
  client: AppClient;
  db: LocalDb;
  userId: string;
  state: SyncStateStore;
  view: OutboxViewStore;
  realtime?: RealtimeStatusStore;
}

export interface SyncEngine {
  userId: string;
  replayer: Replayer;
  /** drops a (rejected) entry; the mirror is reloaded from the server */
  discard(id: string): Promise<void>;
  /** sends a rejected entry again */
  retry(id: string): Promise<void>;
  stop(): void;
}

/** Follows the customer's outbox (all tabs) until the returned function is called. */
export function watchOutbox(db: LocalDb, customerId: string, onChange: (view: OutboxView) => void): () => void {
  const subscription = liveQuery(() => db.outbox.where('customer_id').equals(customerId).toArray()).subscribe({
    next: (entries) => onChange(outboxViewOf(entries)),
    error: (error: unknown) => console.error(error),
  });
  return () => subscription.unsubscribe();
}

const realtimeFlag = (s: RealtimeStatus): boolean | null => (s === 'connected' ? true : s === 'disconnected' ? false : null);

export function startSync(deps: SyncEngineDeps): SyncEngine {
  const { db, userId, state, view } = deps;
  const replayer = createReplayer(deps);
  const offs: (() => void)[] = [];

  offs.push(
    replayer.subscribe(() => {
      const { lastError, lastSyncAt, paused } = replayer.get();
      state.setReplay({ lastError, lastSyncAt, paused });
    }),
  );
  offs.push(
    watchOutbox(db, userId, (next) => {
      view.set(next);
      state.setOutboxCounts({ pendingCount: next.pendingCount, rejectedCount: next.rejected.length });
    }),
  );
  if (deps.realtime) {
    const realtime = deps.realtime;
    state.setRealtimeConnected(realtimeFlag(realtime.get()));
    offs.push(realtime.subscribe((s) => state.setRealtimeConnected(realtimeFlag(s))));
  }
  offs.push(state.onReconnect(() => replayer.trigger({ force: true })));
  replayer.start();

  return {
    userId,
    replayer,
    async discard(id) {
      const entry = await discardEntry(id, db);
      if (entry && entry.kind !== 'order.create') await deps.reloadCustomer?.(entry.customer_id);
    },
    async retry(id) {
      await retryEntry(id, db);
    },
    stop() {
      replayer.stop();
      offs.forEach((off) => off());
      view.set({ pendingCount: 0, rejected: [] });
      state.reset();
    },
  };
}
