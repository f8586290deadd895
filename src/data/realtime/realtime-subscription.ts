// The realtime subscription while signed in (spec §4 Realtime, §7 "Realtime subscription to
// all public table changes"): one channel, postgres_changes on schema public. A change of a
// table starting with webshop_cust reloads the customer, webshop_order* the orders. RLS
// already keeps other patients' rows away; a row naming another customer is ignored anyway.
//
// The token: supabase-js calls realtime.setAuth(token) on SIGNED_IN and TOKEN_REFRESHED
// (SupabaseClient._handleTokenChanged), which sends the new access token to joined
// channels, so nothing is needed here. On a rejoin (the socket dropped and came back) the
// channel reports SUBSCRIBED again; changes missed meanwhile are caught by `onJoined`.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type { AppClient } from '../supabase-client';
import type { CustomerId } from '../../domain/entities';
import { realtimeStatus, type RealtimeStatusStore } from './realtime-status';

export type ChangeArea = 'customer' | 'orders';

/** Which part of the mirror a change of this table concerns (null: none). */
export function areaOfTable(table: string): ChangeArea | null {
  if (table.startsWith('webshop_cust')) return 'customer';
  if (table.startsWith('webshop_order')) return 'orders';
  return null;
}

type Row = Record<string, unknown>;

/** False when the changed row names another customer (customer_id, or the id of webshop_customers). */
export function concernsUser(table: string, row: Row | null | undefined, userId: CustomerId): boolean {
  if (!row) return true;
  const owner = table === 'webshop_customers' ? row.id : row.customer_id;
  return owner === undefined || owner === null || owner === userId;
}

export interface RealtimeOptions {
  client: AppClient;
  userId: CustomerId;
  /** a change that concerns this area of the mirror */
  onChange: (area: ChangeArea) => void;
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
  status.set('disconnected');
  const channel = client
    .channel(`mirror-${userId}-${++channelCount}`)
    .on('postgres_changes', { event: '*', schema: 'public' }, (payload: RealtimePostgresChangesPayload<Row>) => {
      if (stopped) return;
      const area = areaOfTable(payload.table);
      const row = payload.eventType === 'DELETE' ? payload.old : payload.new;
      if (area && concernsUser(payload.table, row, userId)) onChange(area);
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
