// The realtime subscription while signed in (spec §4 Realtime, §7 "Realtime subscription to
// all public table changes"): one channel, postgres_changes on schema public. Each change is
// handed on as it came (its table, kind and row — the old row's key for a DELETE); what it
// means for the mirror is decided by change-router.ts (which part to reload, or a row to put).
//
// The token: supabase-js calls realtime.setAuth(token) on SIGNED_IN and TOKEN_REFRESHED
// (SupabaseClient._handleTokenChanged), which sends the new access token to joined
// channels, so nothing is needed here. On a rejoin (the socket dropped and came back) the
// channel reports SUBSCRIBED again; changes missed meanwhile are caught by `onJoined`.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type { AppClient } from '../supabase-client';
import type { CustomerId } from '../../domain/entities';
import type { Row } from '../tables/synced-tables';
import { realtimeStatus, type RealtimeStatusStore } from './realtime-status';

/** One change as realtime sent it: the new row, or for a DELETE the old row (its key only, with RLS on). */
export interface RowChange {
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  row: Row;
}

export interface RealtimeOptions {
  client: AppClient;
  userId: CustomerId;
  onChange: (change: RowChange) => void;
  /** the channel (re)joined: changes may have been missed before */
  onJoined?: () => void;
  status?: RealtimeStatusStore;
}

export interface RealtimeHandle {
  stop(): Promise<void>;
}

let channelCount = 0;

export function startRealtime({ client, userId, onChange, onJoined, status = realtimeStatus }: RealtimeOptions): RealtimeHandle {
  let stopped = false;
  status.set('joining');
  const channel = client
    .channel(`mirror-${userId}-${++channelCount}`)
    .on('postgres_changes', { event: '*', schema: 'public' }, (payload: RealtimePostgresChangesPayload<Row>) => {
      if (stopped) return;
      const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as Row;
      onChange({ table: payload.table, type: payload.eventType, row: row ?? {} });
    })
    .subscribe((state) => {
      if (stopped) return;
      if (state === 'SUBSCRIBED') {
        status.set('connected');
        onJoined?.();
      } else {
        // CHANNEL_ERROR, TIMED_OUT, CLOSED: supabase-js retries the join by itself
        status.set('disconnected');
      }
    });
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      status.set('off');
      await client.removeChannel(channel);
    },
  };
}
