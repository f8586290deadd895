import { useEffect, useRef, useState } from 'react';
import { serverUnreachable, type SyncState } from '../../data/sync/sync-state';
import { Msg } from '../../i18n/msg';
import type { SessionBackend } from '../session-context';
import { RejectedChanges } from './rejected-changes';
import { useOutboxView } from './use-sync-stores';
import { useSyncState } from './use-sync-state';

const resolved = () => Promise.resolve();

/** How long the quiet "everything arrived" line stays. */
export const DELIVERED_SHOWN_MS = 5000;

/** Why changes wait, as a message (null: they are being sent now). */
function waitingReason(state: SyncState): { id: string; values?: Record<string, number> } | null {
  if (state.paused === 'sessionExpired' || state.paused === 'secondFactor') return { id: 'sync.paused' };
  // no answer at all is no connection, not a server that refuses (issue 38)
  if (!state.online || serverUnreachable(state)) return { id: 'sync.pending.offline' };
  if (state.lastError && state.nextAttemptAt) return { id: 'sync.pending.retry', values: { time: state.nextAttemptAt } };
  return null;
}

/**
 * How long a change may be on its way before the marker says it waits. A change sent at once
 * (online, the server answering) is saved quietly: a marker that came and went with every tap
 * would be announced twice per tap ("1 change waits", "all arrived"), noise to a screen reader
 * and a flicker to the eye (issue 40). Offline, refused for now or paused, it is said at once.
 */
export const PENDING_QUIET_MS = 2000;

/** True once `on` has held for `ms` without a break; false as soon as it does not. */
function useHeldFor(on: boolean, ms: number): boolean {
  const [heldSince, setHeldSince] = useState<number | null>(null);
  useEffect(() => {
    if (!on) return;
    const start = Date.now();
    const timer = setTimeout(() => setHeldSince(start), ms);
    return () => {
      clearTimeout(timer);
      setHeldSince(null);
    };
  }, [on, ms]);
  return on && heldSince !== null;
}

type Reason = NonNullable<ReturnType<typeof waitingReason>>;

/**
 * Why changes wait, as last said while they still wait: kept while the app tries again, so
 * "waits until the connection is back" is not taken away for the moment of a send and then said
 * anew when that send finds no server either (a screen reader would hear it again each time).
 */
function useLastReason(reason: Reason | null, waiting: boolean): Reason | null {
  const last = useRef<Reason | null>(null);
  if (!waiting) last.current = null;
  else if (reason) last.current = reason;
  return last.current;
}

/**
 * True for a moment after every waiting change reached the server (the quiet confirmation),
 * and only when the patient had been told that changes wait: what was never said to wait is
 * not said to have arrived.
 */
function useDelivered(state: SyncState, pendingShown: boolean): boolean {
  const [shown, setShown] = useState(false);
  const told = useRef(false);
  if (pendingShown) told.current = true;
  useEffect(() => {
    if (!(told.current && state.pendingCount === 0 && state.lastError === null)) return;
    told.current = false;
    setShown(true);
    const timer = setTimeout(() => setShown(false), DELIVERED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state.pendingCount, state.lastError]);
  return shown && state.pendingCount === 0;
}

/**
 * Under the navigation and the lost-connection notice, while signed in: the pending-changes
 * marker with why they wait and when the next try is due (a change sent at once is not marked:
 * PENDING_QUIET_MS), a quiet line once they have all arrived, and the refused changes. Each sits
 * in a live region that is always in the page, so a change is announced without taking the focus.
 */
export function SyncStatus({ backend }: { backend: SessionBackend | null }) {
  const state = useSyncState(backend);
  const view = useOutboxView(backend);
  const reason = useLastReason(waitingReason(state), state.pendingCount > 0);
  const longOnItsWay = useHeldFor(state.pendingCount > 0, PENDING_QUIET_MS);
  const pendingShown = state.pendingCount > 0 && (reason !== null || longOnItsWay);
  const delivered = useDelivered(state, pendingShown);
  return (
    <>
      <div aria-live="polite" aria-atomic="true">
        {pendingShown && (
          <p className="sync-pending">
            <span className="sync-pending__dot" aria-hidden="true" />
            <Msg id="sync.pending" values={{ count: state.pendingCount }} />
            {reason && (
              <span className="sync-pending__reason">
                <Msg id={reason.id} values={reason.values} />
              </span>
            )}
          </p>
        )}
        {delivered && (
          <p className="sync-delivered">
            <Msg id="sync.delivered" />
          </p>
        )}
      </div>
      <div aria-live="polite">
        <RejectedChanges rejected={view.rejected} onDiscard={backend?.appSession.discard ?? resolved} onRetry={backend?.appSession.retry ?? resolved} />
      </div>
    </>
  );
}
