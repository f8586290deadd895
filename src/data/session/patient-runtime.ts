// Everything that runs for one signed-in patient, started and stopped as one: the mirror
// claimed for them (another user's data wiped first), the outbox replay with its figures in
// the sync state, and — once the session may read the patient's rows (not at aal1 of a
// two-factor patient) — the pull, kept fresh by realtime. The replay's outcomes bring the
// mirror back to the server's state through the pull engine: a refused edit reloads the
// customer, a placed order the orders, a cancel (sent or refused) the orders.
import { liveQuery } from 'dexie';
import type { CustomerId } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { nextTask } from '../../lib/next-task';
import { claimMirror } from '../local/mirror-owner';
import { requestPersistentStorage } from '../local/persist-storage';
import { discardEntry, retryEntry } from '../outbox/entry-commands';
import { callOf, entryLabel, isKnownEntry, isRowWrite, type TypedOutboxEntry } from '../outbox/kinds';
import { isSyncedTable, syncedTable } from '../tables/synced-tables';
import { reasonText } from '../../domain/reason-text';
import { createReplayer, type ReplayDeps, type Replayer } from '../outbox/replay';
import type { PullArea, PullReport, PullResult } from '../pull/pull';
import { createPullEngine, type PullEngine } from '../pull/pull-engine';
import { realtimeConnectedFlag, type RealtimeStatusStore } from '../realtime/realtime-status';
import { routeChange } from '../realtime/change-router';
import { startRealtime, type RealtimeHandle, type RowChange } from '../realtime/realtime-subscription';
import { applyRowChange } from '../pull/mirror-writes';
import { EMPTY_OUTBOX_VIEW, outboxViewOf, type OutboxViewStore } from '../sync/outbox-view';
import type { SyncStateStore } from '../sync/sync-state';
import type { AppClient } from '../supabase-client';

export interface RuntimeOptions {
  /** false: no realtime subscription (tests of the pull and the replay alone) */
  realtime?: boolean;
  /** default: navigator.storage.persist(), once */
  persist?: () => Promise<boolean>;
  /** realtime bursts within this time become one pull */
  debounceMs?: number;
  replay?: Omit<ReplayDeps, 'db' | 'client' | 'owner'>;
}

export interface RuntimeDeps extends RuntimeOptions {
  client: AppClient;
  db: LocalDb;
  /** whose data: the signed-in patient, or the person a helper acts for (the server checks the helper's rights) */
  userId: CustomerId;
  syncState: SyncStateStore;
  outboxView: OutboxViewStore;
  realtimeStatus: RealtimeStatusStore;
  /** every finished pull of an area */
  onPullResult?: (area: PullArea, result: PullResult) => void;
}

export interface PatientRuntime {
  userId: CustomerId;
  engine: PullEngine;
  replayer: Replayer;
  /**
   * The data part: the first call starts realtime and pulls everything (the first full pull);
   * a later call pulls everything again (another assurance level sees other rows).
   */
  pullAll(): Promise<PullReport>;
  /** the connection is back: pull (when the data part runs) and send at once */
  online(): void;
  /** the page became visible: send what waits */
  visible(): void;
  /** drops a refused change for good; the mirror is reloaded from the server */
  discard(id: string): Promise<void>;
  /** sends a refused change again */
  retry(id: string): Promise<void>;
  stop(): Promise<void>;
}

/** An entry that writes a table mirrored apart (the `rows` store). */
const mirroredApart = (entry: TypedOutboxEntry): boolean => isRowWrite(entry) && isSyncedTable(entry.payload.table) && syncedTable(entry.payload.table).mirror === 'rows';

export function startPatientRuntime(deps: RuntimeDeps): PatientRuntime {
  const { client, db, userId, syncState, outboxView, realtimeStatus } = deps;
  const engine = createPullEngine({
    client,
    db,
    userId,
    ...(deps.debounceMs !== undefined && { debounceMs: deps.debounceMs }),
    ...(deps.onPullResult && { onResult: deps.onPullResult }),
  });
  const replayer = createReplayer({ db, client, owner: userId, ...deps.replay });
  let stopped = false;
  let stopping: Promise<void> | null = null;
  let data: Promise<PullReport> | null = null;
  let realtime: RealtimeHandle | null = null;
  const offs: (() => void)[] = [];
  const quietly = (p: Promise<unknown>) => void p.catch((e: unknown) => console.error(e));

  const claimed = claimMirror(db, userId);
  const synced = claimed.then(() => {
    if (stopped) return;
    offs.push(
      replayer.subscribe(() => {
        const { lastError, lastSyncAt, paused, nextAttemptAt } = replayer.get();
        syncState.setReplay({ lastError, lastSyncAt, paused, nextAttemptAt });
      }),
      replayer.onSettled(({ entry, outcome }) => {
        if (callOf(entry, 'webshopOrder')) {
          if (outcome === 'acknowledged') quietly(engine.pull(['orders', 'medications']));
        } else if (callOf(entry, 'cancel_order')) {
          // the mirror shows the order canceled; refused (the pharmacy started it meanwhile), it
          // must show its real status again — and sent, the server's state of the order is pulled
          quietly(engine.pull(['orders']));
        } else if (outcome === 'acknowledged' && isRowWrite(entry)) {
          // a pull that read the server before this write must not leave the mirror without it
          const again = engine.afterWrite(mirroredApart(entry) ? 'rows' : 'customer');
          if (again) quietly(again);
        } else if (outcome === 'rejected') {
          // the mirror still shows the change the server refused (a row mirrored apart: the rows
          // too, e.g. the e-prescription another device sent first, with its date)
          quietly(engine.pull(mirroredApart(entry) ? ['customer', 'medications', 'rows'] : ['customer', 'medications']));
        }
      }),
      watchOutbox(db, userId, outboxView, syncState),
      realtimeStatus.subscribe(() => syncState.setRealtimeConnected(realtimeConnectedFlag(realtimeStatus.get()))),
      syncState.onReconnect(() => replayer.trigger({ force: true })),
    );
    syncState.setRealtimeConnected(realtimeConnectedFlag(realtimeStatus.get()));
    replayer.start();
  });

  function startData(): Promise<PullReport> {
    return claimed.then(() => {
      if (stopped) return engine.pull([]);
      void (deps.persist ?? requestPersistentStorage)();
      // realtime's socket and channel are made in a task after the pull's first requests (one
      // long task less after a returning patient's first paint); the pull its join asks for
      // covers whatever changed meanwhile
      if (deps.realtime !== false) void nextTask().then(subscribe);
      return engine.pull();
    });
  }

  function subscribe(): void {
    if (stopped) return;
    realtime = startRealtime({
      client,
      userId,
      status: realtimeStatus,
      onChange: (change) => quietly(followChange(db, userId, engine, change)),
      onJoined: () => {
        engine.request('customer');
        engine.request('orders');
        engine.request('rows');
      },
    });
  }

  return {
    userId,
    engine,
    replayer,
    pullAll() {
      if (data) return claimed.then(() => engine.pull());
      data = startData();
      return data;
    },
    online() {
      if (data) quietly(engine.pull());
      replayer.trigger({ force: true });
    },
    visible() {
      replayer.trigger({ force: true });
    },
    async discard(id) {
      const entry = await discardEntry(id, db);
      if (entry && callOf(entry, 'cancel_order')) await engine.pull(['orders']);
      else if (entry && !callOf(entry, 'webshopOrder')) await engine.pull(mirroredApart(entry) ? ['customer', 'medications', 'rows'] : ['customer', 'medications']);
    },
    async retry(id) {
      await retryEntry(id, db);
    },
    stop() {
      // one stop: a second call waits for the same (issue 41: the mirror is deleted only after it)
      stopping ??= (async () => {
        stopped = true;
        engine.stop();
        replayer.stop();
        await synced.catch(() => undefined);
        offs.splice(0).forEach((off) => off());
        outboxView.set(EMPTY_OUTBOX_VIEW);
        syncState.reset();
        await realtime?.stop();
      })();
      return stopping;
    },
  };
}

/** Follows the patient's outbox (all tabs write it) into the shell's view and the sync state's counts. */
function watchOutbox(db: LocalDb, customerId: CustomerId, view: OutboxViewStore, state: SyncStateStore): () => void {
  const subscription = liveQuery(() => db.outbox.where('customer_id').equals(customerId).toArray()).subscribe({
    next: (entries) => {
      const next = outboxViewOf(entries, (e, code) => ({ label: isKnownEntry(e) ? entryLabel(e) : 'sync.kind.unknown', reason: reasonText(code) }));
      view.set(next);
      state.setOutboxCounts({ pendingCount: next.pendingCount, rejectedCount: next.rejected.length });
    },
    error: (error: unknown) => console.error(error),
  });
  return () => subscription.unsubscribe();
}

/** A realtime change into the mirror: a row put as it came, a part reloaded, or nothing (change-router.ts). */
async function followChange(db: LocalDb, userId: CustomerId, engine: PullEngine, change: RowChange): Promise<void> {
  const action = await routeChange(db, userId, change);
  if (action.kind === 'reload') engine.request(action.area);
  else if (action.kind === 'row') await applyRowChange(db, userId, change);
}
