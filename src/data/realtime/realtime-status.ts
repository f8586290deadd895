// Whether the realtime subscription is up, for the sync state and the lost-connection notice
// of spec §8. 'off': nothing subscribed (signed out, not started); 'connected': the channel is
// joined; 'disconnected': wanted but not joined (joining, offline, the socket dropped;
// supabase-js rejoins by itself and the status returns to 'connected').
import { createStore, type Store } from '../../lib/store';

export type RealtimeStatus = 'off' | 'connected' | 'disconnected';

export type RealtimeStatusStore = Store<RealtimeStatus>;

export const createRealtimeStatus = (initial: RealtimeStatus = 'off'): RealtimeStatusStore => createStore<RealtimeStatus>(initial);

/** The app's realtime status (one subscription at a time). */
export const realtimeStatus: RealtimeStatusStore = createRealtimeStatus();
