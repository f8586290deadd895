import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type LocalDb } from '../local/local-db';
import { dashboardAhead, forgetReadAhead } from '../local/read-ahead';
import { readDashboardMirror, type DashboardMirror } from './mirror-queries';

export type { DashboardMirror } from './mirror-queries';

/**
 * Everything the dashboard shows — the customer record, the orders, the prescribed
 * medications' details and how fresh they are — as one live answer of the mirror, so the
 * screen leaves its spinner as soon as IndexedDB answers (offline alike) and never shows a
 * half-read state; `undefined` while the first read runs, unless the app's start read it
 * ahead (local/read-ahead.ts): the first render shows that.
 */
export function useDashboardMirror(db: LocalDb = localDb()): DashboardMirror | undefined {
  const ahead = dashboardAhead();
  useEffect(forgetReadAhead, []);
  return useLiveQuery(() => readDashboardMirror(db), [db], ahead);
}
