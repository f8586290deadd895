import { Msg } from '../../i18n/msg';

const reload = () => globalThis.location?.reload();

/** Spec §8 "Lost realtime connection": ask the user to restore the connection and reload. */
export function ConnectionNotice() {
  return (
    <section className="sync-notice sync-notice--lost" aria-labelledby="sync-connection-lost">
      <div className="sync-notice__text">
        <p id="sync-connection-lost" className="sync-notice__title">
          <Msg id="sync.connection.lost" />
        </p>
        <p className="sync-notice__hint">
          <Msg id="sync.connection.kept" />
        </p>
      </div>
      <button type="button" className="button button--secondary" onClick={reload}>
        <Msg id="sync.connection.reload" />
      </button>
    </section>
  );
}
