import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { lazy } from '../lazy-view';
import { pwaStore, type PwaStore } from './pwa-store';
import './pwa.css';

const UpdateNotice = lazy(() => import('./update-notice'));

/**
 * "A new version is available — reload": persistent (it does not vanish like the bubbles)
 * until the user reloads or chooses "later". The live region is always in the page, so the
 * notice is announced when it appears; it never takes the focus. The notice's code comes when a
 * version waits (the service worker keeps it offline); a notice that cannot load is not shown.
 */
export function UpdateBanner({ store = pwaStore }: { store?: PwaStore }) {
  const { status } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [, noticeLoaded] = useReducer((n: number) => n + 1, 0);
  const shown = status === 'available' || status === 'updating' ? status : null;
  useEffect(() => {
    if (shown && !UpdateNotice.loaded()) UpdateNotice.preload().then(noticeLoaded, () => undefined);
  }, [shown]);
  return (
    <div className="pwa-update-slot" aria-live="polite">
      {shown && UpdateNotice.loaded() && <UpdateNotice status={shown} store={store} />}
    </div>
  );
}
