import { useSyncExternalStore } from 'react';
import { syncState, type SyncState } from '../../data/sync/sync-state';
import type { SessionBackend } from '../session-context';

/**
 * The sync state of the loaded data layer; before it has loaded (or when its files could not be
 * loaded), the app's sync state, which follows the browser's connection from the start
 * (main.tsx), so the lost-connection notice never waits for the data layer.
 */
export function useSyncState(backend: SessionBackend | null): SyncState {
  const store = backend?.appSession.syncState ?? syncState;
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
