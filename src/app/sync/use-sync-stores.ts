import { useSyncExternalStore } from 'react';
import { EMPTY_OUTBOX_VIEW, type OutboxView } from '../../data/sync/outbox-view';
import type { SyncState } from '../../data/sync/sync-state';
import type { SessionBackend } from '../session-context';

const IDLE_STATE: SyncState = { online: true, realtimeConnected: null, pendingCount: 0, rejectedCount: 0, lastError: null, lastSyncAt: null, nextAttemptAt: null, paused: null };
const noSubscription = () => () => {};
const idleState = () => IDLE_STATE;
const emptyView = () => EMPTY_OUTBOX_VIEW;

/** The sync state of the loaded data layer (an idle one before it has loaded). */
export function useSyncState(backend: SessionBackend | null): SyncState {
  const store = backend?.appSession.syncState;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? idleState, store?.get ?? idleState);
}

export function useOutboxView(backend: SessionBackend | null): OutboxView {
  const store = backend?.appSession.outboxView;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? emptyView, store?.get ?? emptyView);
}
