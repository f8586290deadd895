// Whether the realtime subscription is up, for the sync state and the lost-connection notice
// of spec §8. 'off': nothing subscribed (signed out, not started); 'joining': subscribed, the
// first join not answered yet (no loss: on a slow phone it takes seconds); 'connected': the
// channel is joined; 'disconnected': the join or the socket failed (offline, the socket dropped,
// the join timed out; supabase-js rejoins by itself and the status returns to 'connected').
import { createStore, type Store } from '../../lib/store';

export type RealtimeStatus = 'off' | 'joining' | 'connected' | 'disconnected';

export type RealtimeStatusStore = Store<RealtimeStatus>;

export const createRealtimeStatus = (initial: RealtimeStatus = 'off'): RealtimeStatusStore => createStore<RealtimeStatus>(initial);

/** The app's realtime status (one subscription at a time). */
export const realtimeStatus: RealtimeStatusStore = createRealtimeStatus();

/** The sync state's flag: joined (true), failed (false); joining or off is no loss (null). */
export const realtimeConnectedFlag = (s: RealtimeStatus): boolean | null => (s === 'connected' ? true : s === 'disconnected' ? false : null);
