import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/after-paint';
import type { LocalDb } from '../local/local-db';
import { dashboardAhead, forgetReadAhead } from '../local/read-ahead';
import type { DashboardMirror } from './mirror-queries';

export type { DashboardMirror } from './mirror-queries';

/**
 * Everything the dashboard shows — the customer record, the orders, the prescribed
 * medications' details and how fresh they are — as one live answer of the mirror, so the
 * screen leaves its spinner as soon as IndexedDB answers (offline alike) and never shows a
 * half-read state; `undefined` while the first read runs, unless the app's start read it
 * ahead (local/read-ahead.ts): the first render shows that. The live query (Dexie) loads
 * after the first render, so the installed app's first paint does not wait for Dexie.
 */
export function useDashboardMirror(db?: LocalDb): DashboardMirror | undefined {
  const [mirror, setMirror] = useState<DashboardMirror | undefined>(dashboardAhead);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [readAhead] = useState(() => mirror !== undefined);
  useEffect(() => {
    forgetReadAhead();
    let stop: (() => void) | null = null;
    let live = true;
    const watch = () =>
      void import('./dashboard-live').then(
        ({ watchDashboardMirror }) => {
          if (live) stop = watchDashboardMirror(db, { next: setMirror, error: (error) => setFailure({ error }) });
        },
        (error: unknown) => live && setFailure({ error }),
      );
    // with the data read ahead on screen, the live query's files wait until it is painted
    const cancel = readAhead ? afterNextPaint(watch) : (watch(), undefined);
    return () => {
      live = false;
      cancel?.();
      stop?.();
    };
  }, [db, readAhead]);
  // as useLiveQuery does: a failed read goes to the view's error boundary
  if (failure) throw failure.error;
  return mirror;
}
