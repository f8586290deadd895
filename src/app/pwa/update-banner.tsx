import { useId, useSyncExternalStore } from 'react';
import { Msg } from '../../i18n/msg';
import { pwaStore, type PwaStore } from './pwa-store';
import './pwa.css';

/**
 * "A new version is available — reload": persistent (it does not vanish like the bubbles)
 * until the user reloads or chooses "later". The live region is always in the page, so the
 * notice is announced when it appears; it never takes the focus.
 */
export function UpdateBanner({ store = pwaStore }: { store?: PwaStore }) {
  const { status } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const textId = useId();
  const shown = status === 'available' || status === 'updating';
  return (
    <div className="pwa-update-slot" aria-live="polite">
      {shown && (
        <section className="pwa-update" aria-labelledby={textId}>
          <p id={textId} className="pwa-update__text">
            <Msg id="pwa.update.text" />
          </p>
          <div className="pwa-update__actions">
            <button type="button" className="button button--primary" onClick={store.accept} disabled={status === 'updating'}>
              <Msg id={status === 'updating' ? 'pwa.update.reloading' : 'pwa.update.reload'} />
            </button>
            {status === 'available' && (
              <button type="button" className="button button--secondary" onClick={store.dismiss}>
                <Msg id="pwa.update.later" />
              </button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
