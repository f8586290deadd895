import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n/i18n-provider';
import { useMsg } from '../../i18n/msg';
import { workerExpected } from '../register-sw';
import { disruptionMayLoad, fetchDisruption, isDismissed, rememberDismissed } from './disruption';

/**
 * spec §2: the pharmacy's disruption notice, shown only when its post answers 200, and
 * dismissable. Offline or failing, it stays away and never blocks the page. The post is asked
 * for after the first paint, through the service worker where one is taking over the page
 * (disruptionMayLoad).
 */
export function DisruptionBanner({ url }: { url: string }) {
  const lang = useLanguage();
  const msg = useMsg();
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setText(null);
    void disruptionMayLoad({ workerExpected: workerExpected() })
      .then(() => (controller.signal.aborted ? null : fetchDisruption(url, lang, controller.signal)))
      .then((found) => {
        if (found && !isDismissed(found)) setText(found);
      });
    return () => controller.abort();
  }, [url, lang]);

  if (!text) return null;
  return (
    <aside className="disruption" aria-label={msg('disruption.label')}>
      <p className="disruption__text">{text}</p>
      <button
        type="button"
        className="disruption__close"
        aria-label={msg('disruption.dismiss')}
        onClick={() => {
          rememberDismissed(text);
          setText(null);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
