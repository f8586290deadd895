import { useSyncExternalStore } from 'react';
import { EMPTY_OUTBOX_VIEW, type OutboxView } from '../../data/sync/outbox-view';
import { syncState, type SyncState } from '../../data/sync/sync-state';
import type { SessionBackend } from '../session-context';

const noSubscription = () => () => {};
const emptyView = () => EMPTY_OUTBOX_VIEW;

/**
 * The sync state of the loaded data layer; before it has loaded (or when its files could not be
 * loaded), the app's sync state, which follows the browser's connection from the start
 * (main.tsx), so the lost-connection notice never waits for the data layer.
 */
export function useSyncState(backend: SessionBackend | null): SyncState {
  const store = backend?.appSession.syncState ?? syncState;
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useOutboxView(backend: SessionBackend | null): OutboxView {
  const store = backend?.appSession.outboxView;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? emptyView, store?.get ?? emptyView);
}
