import { connectionLost } from '../../data/sync/sync-state';
import { Msg } from '../../i18n/msg';
import { ConnectionNotice } from './connection-notice';
import { RejectedChanges } from './rejected-changes';
import type { SessionBackend } from '../session-context';
import { useOutboxView, useSyncState } from './use-sync-stores';

const resolved = () => Promise.resolve();

/**
 * Under the navigation, while signed in: the lost-connection notice (spec §8), the
 * pending-changes marker and the refused changes. Each sits in a live region that is always in
 * the page, so a change is announced without taking the focus.
 */
export function SyncStatus({ backend }: { backend: SessionBackend | null }) {
  const state = useSyncState(backend);
  const view = useOutboxView(backend);
  const waitingForSignIn = state.paused === 'sessionExpired' || state.paused === 'secondFactor';
  return (
    <div className="sync-status">
      <div aria-live="polite">{connectionLost(state) && <ConnectionNotice />}</div>
      <div aria-live="polite" aria-atomic="true">
        {state.pendingCount > 0 && (
          <p className="sync-pending">
            <span className="sync-pending__dot" aria-hidden="true" />
            <Msg id="sync.pending" values={{ count: state.pendingCount }} />
            {waitingForSignIn && (
              <span className="sync-pending__paused">
                <Msg id="sync.paused" />
              </span>
            )}
          </p>
        )}
      </div>
      <div aria-live="polite">
        <RejectedChanges rejected={view.rejected} onDiscard={backend?.appSession.discard ?? resolved} onRetry={backend?.appSession.retry ?? resolved} />
      </div>
    </div>
  );
}
