import { useEffect, useState, useSyncExternalStore } from 'react';
import { EMPTY_OUTBOX_VIEW, type OutboxView } from '../../data/sync/outbox-view';
import type { SyncState } from '../../data/sync/sync-state';

export type SyncBackend = Pick<typeof import('./sync-backend'), 'discardChange' | 'retryChange' | 'runAppSync' | 'syncState' | 'outboxView' | 'unsentChanges'>;

const loadBackend = (): Promise<SyncBackend> => import('./sync-backend');

/** Loads the sync backend once a patient is signed in, and starts it (once per page). */
export function useSyncBackend(active: boolean, given?: SyncBackend): SyncBackend | null {
  const [loaded, setLoaded] = useState<SyncBackend | null>(null);
  const backend = given ?? loaded;
  useEffect(() => {
    if (!active || backend) return;
    let live = true;
    loadBackend().then(
      (b) => live && setLoaded(b),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [active, backend]);
  useEffect(() => backend?.runAppSync(), [backend]);
  return backend;
}

const IDLE_STATE: SyncState = { online: true, realtimeConnected: null, pendingCount: 0, rejectedCount: 0, lastError: null, lastSyncAt: null, paused: null };
const noSubscription = () => () => {};
const idleState = () => IDLE_STATE;
const emptyView = () => EMPTY_OUTBOX_VIEW;

export function useSyncState(backend: SyncBackend | null): SyncState {
  const store = backend?.syncState;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? idleState, store?.get ?? idleState);
}

export function useOutboxView(backend: SyncBackend | null): OutboxView {
  const store = backend?.outboxView;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? emptyView, store?.get ?? emptyView);
}
