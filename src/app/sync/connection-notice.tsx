import { connectionLost } from '../../data/sync/sync-state';
import { Msg } from '../../i18n/msg';
import type { SessionBackend } from '../session-context';
import { useSyncState } from './use-sync-state';

const reload = () => globalThis.location?.reload();

/**
 * Spec §8 "Lost realtime connection": ask the user to restore the connection and reload — as
 * one quiet line with a small action, like the pending-changes line under it (which says that
 * changes stay on this device and when they go), not a box above the page: on a phone it took
 * the first screen.
 */
function ConnectionNotice() {
  return (
    <section className="sync-notice sync-notice--lost" aria-labelledby="sync-connection-lost">
      <span className="sync-notice__dot" aria-hidden="true" />
      <p id="sync-connection-lost" className="sync-notice__text">
        <Msg id="sync.connection.lost" />
      </p>
      <button type="button" className="button button--secondary sync-notice__action" onClick={reload}>
        <Msg id="sync.connection.reload" />
      </button>
    </section>
  );
}

/**
 * The notice in a live region that is always in the page (announced without taking the focus).
 * It is part of the shell's first code, not of the lazily loaded status: the connection may go
 * before any further file has arrived, and then no further file can arrive (issue 36's CI run: the
 * status's chunk was on its way when the connection went, and the notice never showed).
 */
export function LostConnection({ backend }: { backend: SessionBackend | null }) {
  const state = useSyncState(backend);
  return <div aria-live="polite">{connectionLost(state) && <ConnectionNotice />}</div>;
}
