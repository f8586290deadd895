import { useState } from 'react';
import type { RejectedEntry } from '../../data/sync/outbox-view';
import { Msg, useMsg } from '../../i18n/msg';

interface Props {
  rejected: readonly RejectedEntry[];
  onDiscard: (id: string) => Promise<void>;
  onRetry: (id: string) => Promise<void>;
}

/** The changes the server refused (docs/architecture.md, 3 Write): what each was, what to correct, discard or send again. */
export function RejectedChanges({ rejected, onDiscard, onRetry }: Props) {
  const t = useMsg();
  const [busy, setBusy] = useState<string | null>(null);
  if (rejected.length === 0) return null;
  const act = (id: string, run: (id: string) => Promise<void>) => {
    setBusy(id);
    run(id).finally(() => setBusy(null));
  };
  return (
    <section className="sync-notice sync-notice--rejected" aria-labelledby="sync-rejected-title">
      <h2 id="sync-rejected-title" className="sync-notice__title">
        <Msg id="sync.rejected.title" values={{ count: rejected.length }} />
      </h2>
      <ul className="sync-rejected">
        {rejected.map((entry) => {
          const what = t(entry.label);
          return (
            <li key={entry.id} className="sync-rejected__item">
              <p className="sync-rejected__text">
                <strong>{what}</strong>
                <span className="sync-rejected__reason">
                  <Msg id={entry.reason} />
                </span>
              </p>
              <div className="sync-rejected__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('sync.rejected.retryLabel', { what })}
                  disabled={busy === entry.id}
                  onClick={() => act(entry.id, onRetry)}
                >
                  <Msg id="sync.rejected.retry" />
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('sync.rejected.discardLabel', { what })}
                  disabled={busy === entry.id}
                  onClick={() => act(entry.id, onDiscard)}
                >
                  <Msg id="sync.rejected.discard" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
