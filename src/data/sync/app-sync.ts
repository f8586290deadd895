// The app's sync, bound to the signed-in user: starts the engine (sync-engine.ts) for the user
// of the session store, stops it on sign-out or a change of user, and keeps the sync state's
// `online` in step with the browser. The shell loads this module lazily (src/app/sync).
import { sessionStore } from '../auth/session-store';
import { localDb } from '../local/local-db';
import { reloadCustomer, reloadOrders } from '../pull/data-session';
import { realtimeStatus } from '../realtime/realtime-status';
import { supabase } from '../supabase-client';
import { outboxView } from './outbox-view';
import { startSync, type SyncEngine } from './sync-engine';
import { syncState } from './sync-state';

export { outboxView } from './outbox-view';
export { syncState } from './sync-state';

let engine: SyncEngine | null = null;
let running = false;

function follow(): void {
  const auth = sessionStore.get();
  const userId = auth.status === 'signedIn' ? (auth.user?.id ?? null) : null;
  if (engine?.userId === userId) return;
  engine?.stop();
  engine = userId
    ? startSync({ client: supabase(), db: localDb(), userId, state: syncState, view: outboxView, realtime: realtimeStatus, reloadCustomer, reloadOrders })
    : null;
}

/** Starts following the session (once per page). */
export function runAppSync(): void {
  if (running) return;
  running = true;
  const win = globalThis.window;
  const onConnection = () => syncState.setOnline(globalThis.navigator?.onLine ?? true);
  win?.addEventListener('online', onConnection);
  win?.addEventListener('offline', onConnection);
  onConnection();
  sessionStore.subscribe(follow);
  follow();
}

/** The UI's discard of a rejected change. */
export const discardChange = (id: string): Promise<void> => engine?.discard(id) ?? Promise.resolve();

/** The UI's retry of a rejected change. */
export const retryChange = (id: string): Promise<void> => engine?.retry(id) ?? Promise.resolve();

/** Changes not on the server yet (pending and rejected), read now: the sign-out warning asks this. */
export const unsentChanges = (): Promise<number> => localDb().outbox.count();
