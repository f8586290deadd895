// Sync state (docs/architecture.md, 4 Sync state): one observable source for the lost-connection
// notice (spec §8) and the pending-changes marker. No React: get/subscribe for
// useSyncExternalStore.
//
// A loss (offline, realtime down) shows only once it has lasted `debounceMs` (1.5 s), so a
// flicker — a dropped socket that rejoins at once, a train tunnel — shows nothing; a return
// shows at once. Every return (raw offline → online, realtime down → up, even inside the
// debounce) calls the onReconnect listeners: changes may have been missed, and the outbox can
// go now.
import { createSignal, createStore, shallowEqual } from '../../lib/store';
import type { EntryError } from '../outbox/classify';
import type { PauseReason } from '../outbox/session-pause';

export interface SyncState {
  /** the browser has a connection (debounced) */
  online: boolean;
  /** realtime subscription up (debounced); null: none wanted (signed out, not started) */
  realtimeConnected: boolean | null;
  /** outbox entries waiting to be sent */
  pendingCount: number;
  /** outbox entries the server refused, kept for the user */
  rejectedCount: number;
  /** the last transient failure of the replay (network, server); null after a success */
  lastError: EntryError | null;
  /** epoch ms when the outbox was last sent completely */
  lastSyncAt: number | null;
  /** epoch ms of the replay's next timed try after a failure (null: none scheduled) */
  nextAttemptAt: number | null;
  /** why the replay waits (signed out, token expired, second factor); null: not paused */
  paused: PauseReason | null;
}

export const SYNC_DEBOUNCE_MS = 1500;

/**
 * The last send could not reach the server at all (no answer): the connection is gone whatever
 * the browser says — navigator.onLine is a guess (a network without internet, a page reloaded
 * offline) and stays true (issue 38).
 */
export const serverUnreachable = (s: Pick<SyncState, 'lastError'>): boolean => s.lastError?.code === 'network';

/** What the lost-connection notice of spec §8 is shown for. */
export const connectionLost = (s: Pick<SyncState, 'online' | 'realtimeConnected' | 'lastError'>): boolean =>
  !s.online || s.realtimeConnected === false || serverUnreachable(s);

export const unsentCount = (s: Pick<SyncState, 'pendingCount' | 'rejectedCount'>): number => s.pendingCount + s.rejectedCount;

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

export interface SyncStateOptions {
  online?: boolean;
  debounceMs?: number;
  timers?: Timers;
}

type Flag = 'online' | 'realtimeConnected';

export function createSyncState(options: SyncStateOptions = {}) {
  const debounceMs = options.debounceMs ?? SYNC_DEBOUNCE_MS;
  const timers: Timers = options.timers ?? (globalThis as unknown as Timers);
  const initialOnline = options.online ?? true;
  const initial: SyncState = {
    online: initialOnline,
    realtimeConnected: null,
    pendingCount: 0,
    rejectedCount: 0,
    lastError: null,
    lastSyncAt: null,
    nextAttemptAt: null,
    paused: null,
  };
  const store = createStore(initial, { equals: shallowEqual });
  const raw: Record<Flag, boolean | null> = { online: initialOnline, realtimeConnected: null };
  const pendingLoss: Record<Flag, unknown> = { online: null, realtimeConnected: null };
  const reconnected = createSignal();
  const set = (patch: Partial<SyncState>) => store.set((state) => ({ ...state, ...patch }));

  const cancelLoss = (flag: Flag) => {
    if (pendingLoss[flag] !== null) timers.clearTimeout(pendingLoss[flag] as never);
    pendingLoss[flag] = null;
  };

  function setFlag(flag: Flag, value: boolean | null): void {
    const before = raw[flag];
    raw[flag] = value;
    // A loss is said after the debounce, for realtime from its first join on: a join under way
    // is null, no loss (seconds on a slow phone, and a notice that came and went moved the page),
    // but a failed one is the notice a page started offline needs — the browser may still say
    // it is online there.
    if (value === false) {
      if (before === false) return;
      cancelLoss(flag);
      pendingLoss[flag] = timers.setTimeout(
        () => {
          pendingLoss[flag] = null;
          set({ [flag]: false });
        },
        debounceMs,
      );
      return;
    }
    cancelLoss(flag);
    set({ [flag]: value });
    if (value === true && before === false) reconnected.emit();
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    /** navigator.onLine and the online/offline events */
    setOnline: (online: boolean) => setFlag('online', online),
    /** the realtime subscription (realtime-status.ts): true joined, false lost, null none */
    setRealtimeConnected: (connected: boolean | null) => setFlag('realtimeConnected', connected),
    setOutboxCounts: (counts: { pendingCount: number; rejectedCount: number }) => set(counts),
    setReplay: (replay: Pick<SyncState, 'lastError' | 'lastSyncAt' | 'paused' | 'nextAttemptAt'>) => set(replay),
    /** Called on every return of the connection or the realtime subscription. */
    onReconnect: (listener: () => void): (() => void) => reconnected.on(listener),
    /** Signed out: no realtime, no outbox figures (the connection is kept). */
    reset(): void {
      cancelLoss('realtimeConnected');
      raw.realtimeConnected = null;
      set({ realtimeConnected: null, pendingCount: 0, rejectedCount: 0, lastError: null, lastSyncAt: null, nextAttemptAt: null, paused: null });
    },
  };
}

export type SyncStateStore = ReturnType<typeof createSyncState>;

/** The app's sync state. */
export const syncState: SyncStateStore = createSyncState({ online: globalThis.navigator?.onLine ?? true });

/**
 * The browser's own online/offline events into `state`, from the page's first moment: the
 * lost-connection notice must not wait for the data layer (supabase-js, Dexie, the patient
 * session) — whose files may still be loading, or may fail to load because the connection went.
 * The patient session feeds the same state once it runs; the two agree. Returns a stop.
 */
export function followBrowserConnection(state: Pick<SyncStateStore, 'setOnline'>, target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = globalThis): () => void {
  const online = () => state.setOnline(true);
  const offline = () => state.setOnline(false);
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}
