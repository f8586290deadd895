import { useId } from 'react';
import { Msg } from '../../i18n/msg';
import type { PwaStore } from './pwa-store';
import './update-notice.css';

/** The notice itself (update-banner.tsx), a chunk of its own: it is shown only once a new version waits. */
export default function UpdateNotice({ status, store }: { status: 'available' | 'updating'; store: PwaStore }) {
  const textId = useId();
  return (
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
  );
}
