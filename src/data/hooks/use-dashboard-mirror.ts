import { useMemo } from 'react';
import type { LocalDb } from '../local/local-db';
import type { DashboardMirror } from '../local/mirror-reads';
import { dashboardMarksDays } from '../local/mirror-query';
import { dashboardQueryFor } from './mark-queries';
import type { CalendarDate } from '../../domain/zoned-time';
import { useMirrorQuery } from './use-mirror-query';

/**
 * Everything the dashboard shows — the customer record, the orders, the prescribed medications'
 * details, how fresh they are and the dose marks of the plan's day — as one answer of the mirror,
 * so the screen never shows a half-read state; the first render shows what the app's start read
 * ahead (the marks of today and yesterday: the plan's day is one of them).
 */
export function useDashboardMirror(marksDay: CalendarDate, db?: LocalDb): DashboardMirror | undefined {
  const days = dashboardMarksDays(new Date());
  // the plan's day is today or yesterday by the device's clock: the very query read ahead; else (a
  // clock set for a test, a day that moved on) a query of that day alone
  const key = days.includes(marksDay) ? days.join(',') : marksDay;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => dashboardQueryFor(days.includes(marksDay) ? days : [marksDay]), [key]);
  return useMirrorQuery(query, db);
}
