// Whether the realtime subscription is up, for the sync state (issue 5 part B) and the
// lost-connection notice of spec §8. 'off': nothing subscribed (signed out, not started);
// 'connected': the channel is joined; 'disconnected': wanted but not joined (joining, offline,
// the socket dropped; supabase-js rejoins by itself and the status returns to 'connected').
export type RealtimeStatus = 'off' | 'connected' | 'disconnected';

export function createRealtimeStatus(initial: RealtimeStatus = 'off') {
  let status = initial;
  const listeners = new Set<(status: RealtimeStatus) => void>();
  return {
    get: (): RealtimeStatus => status,
    /** Called with the new status on every change (not at subscription: read get()). */
    subscribe(listener: (status: RealtimeStatus) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: RealtimeStatus): void {
      if (next === status) return;
      status = next;
      listeners.forEach((l) => l(status));
    },
  };
}

export type RealtimeStatusStore = ReturnType<typeof createRealtimeStatus>;

/** The app's realtime status (one subscription at a time). */
export const realtimeStatus: RealtimeStatusStore = createRealtimeStatus();
