import { Msg } from '../../i18n/msg';

const reload = () => globalThis.location?.reload();

/**
 * Spec §8 "Lost realtime connection": ask the user to restore the connection and reload — as
 * one quiet line with a small action, like the pending-changes line under it (which says that
 * changes stay on this device and when they go), not a box above the page: on a phone it took
 * the first screen.
 */
export function ConnectionNotice() {
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
