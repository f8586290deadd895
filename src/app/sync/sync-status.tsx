import { useEffect, useRef, useState } from 'react';
import { connectionLost, serverUnreachable, type SyncState } from '../../data/sync/sync-state';
import { Msg } from '../../i18n/msg';
import type { SessionBackend } from '../session-context';
import { ConnectionNotice } from './connection-notice';
import { RejectedChanges } from './rejected-changes';
import { useOutboxView, useSyncState } from './use-sync-stores';

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

/** True for a moment after every waiting change reached the server (the quiet confirmation). */
function useDelivered(state: SyncState): boolean {
  const [shown, setShown] = useState(false);
  const before = useRef(state.pendingCount);
  useEffect(() => {
    const had = before.current;
    before.current = state.pendingCount;
    if (!(had > 0 && state.pendingCount === 0 && state.lastError === null)) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), DELIVERED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state.pendingCount, state.lastError]);
  return shown && state.pendingCount === 0;
}

/**
 * Under the navigation, while signed in: the lost-connection notice (spec §8), the
 * pending-changes marker with why they wait and when the next try is due, a quiet line once
 * they have all arrived, and the refused changes. Each sits in a live region that is always in
 * the page, so a change is announced without taking the focus.
 */
export function SyncStatus({ backend }: { backend: SessionBackend | null }) {
  const state = useSyncState(backend);
  const view = useOutboxView(backend);
  const reason = waitingReason(state);
  const delivered = useDelivered(state);
  return (
    <div className="sync-status">
      <div aria-live="polite">{connectionLost(state) && <ConnectionNotice />}</div>
      <div aria-live="polite" aria-atomic="true">
        {state.pendingCount > 0 && (
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
    </div>
  );
}
