// The data of one signed-in patient: claims the mirror for them (wiping another user's
// data), pulls everything, keeps it fresh through realtime and on reconnection, and asks
// once for persistent storage. stop() ends all of it; the sign-out wipe is wipeLocalData().
import type { AppClient } from '../supabase-client';
import type { CustomerId } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { requestPersistentStorage } from '../local/persist-storage';
import { startRealtime, type RealtimeHandle } from '../realtime/realtime-subscription';
import type { RealtimeStatusStore } from '../realtime/realtime-status';
import type { PullArea, PullReport, PullResult } from './pull';
import { createPullEngine, type PullEngine } from './pull-engine';

export interface DataSessionDeps {
  client: AppClient;
  db: LocalDb;
  /** subscribe to the browser coming back online (default: the window's 'online' event) */
  onOnline?: (listener: () => void) => () => void;
  /** default: navigator.storage.persist(), once */
  persist?: () => Promise<boolean>;
  /** false: no realtime (tests of the pull alone) */
  realtime?: boolean;
  realtimeStatus?: RealtimeStatusStore;
  debounceMs?: number;
  onResult?: (area: PullArea, result: PullResult) => void;
}

export interface DataSession {
  userId: CustomerId;
  engine: PullEngine;
  /** the first full pull (after the mirror was claimed) */
  ready: Promise<PullReport>;
  stop(): Promise<void>;
}

function windowOnline(listener: () => void): () => void {
  const target = globalThis.window;
  if (!target?.addEventListener) return () => {};
  target.addEventListener('online', listener);
  return () => target.removeEventListener('online', listener);
}

let active: DataSession | null = null;

/** The data session running in this tab (null: signed out or not started). */
export const activeDataSession = (): DataSession | null => active;

/**
 * SEAMS for the outbox replayer (part B, ReplayDeps.reloadCustomer / reloadOrders): pull an
 * area again (after a rejected write, after an order went through). Does nothing when no
 * session of this customer runs.
 */
export async function reloadCustomer(customerId: CustomerId): Promise<void> {
  if (active?.userId === customerId) await active.engine.pull(['customer', 'medications']);
}

export async function reloadOrders(customerId: CustomerId): Promise<void> {
  if (active?.userId === customerId) await active.engine.pull(['orders', 'medications']);
}

export function startDataSession(userId: CustomerId, deps: DataSessionDeps): DataSession {
  const { client, db } = deps;
  const engine = createPullEngine({
    client,
    db,
    userId,
    ...(deps.debounceMs !== undefined && { debounceMs: deps.debounceMs }),
    ...(deps.onResult && { onResult: deps.onResult }),
  });
  let stopped = false;
  let realtime: RealtimeHandle | null = null;
  let offOnline: () => void = () => {};

  const claimed = claimMirror(db, userId);
  const ready = claimed.then(() => {
    if (stopped) return engine.pull([]);
    void (deps.persist ?? requestPersistentStorage)();
    if (deps.realtime !== false) {
      realtime = startRealtime({
        client,
        userId,
        onChange: (area) => engine.request(area),
        onJoined: () => {
          engine.request('customer');
          engine.request('orders');
        },
        ...(deps.realtimeStatus && { status: deps.realtimeStatus }),
      });
    }
    offOnline = (deps.onOnline ?? windowOnline)(() => void engine.pull());
    return engine.pull();
  });

  const session: DataSession = {
    userId,
    engine,
    ready,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (active === session) active = null;
      engine.stop();
      offOnline();
      await claimed.catch(() => false);
      await realtime?.stop();
    },
  };
  active = session;
  return session;
}
