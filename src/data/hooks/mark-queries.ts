// The mirror's queries that read the dose marks, with the reads their table's module declares
// (tables/dose-marks.ts): apart from local/mirror-query.ts so that the screens which show no dose
// (orders, profile) load no rule of the marks; the dashboard, the doses' screens and the supply
// forecast load them anyway.
import { dashboardMarksDays, mirrorQuery, tableQuery, type MirrorQuery } from '../local/mirror-query';
import { dashboardIn, type DashboardMirror } from '../local/mirror-reads';
import { dayMarkRows, doseMarkRows } from '../tables/dose-marks';
import type { CalendarDate } from '../../domain/zoned-time';
import { caregiverGrantsRead } from '../tables/caregiver-grants';

/** Every dose mark row of the owner (history, report; the supply forecast counts taken doses), as stored. */
export const doseMarkRowsQuery = tableQuery(doseMarkRows);

/** What the dashboard shows, read in one go (nothing on it shows half-read), with the dose marks of these days. */
export const dashboardQueryFor = (marksDays: readonly CalendarDate[]): MirrorQuery<DashboardMirror> =>
  mirrorQuery(`dashboard:${marksDays.join(',')}`, ['customers', 'orders', 'outbox', 'meta', 'medications', 'rows'], (reads) => dashboardIn(reads, marksDays, dayMarkRows, caregiverGrantsRead));

/** The dashboard's query at `now` (what the app's start reads ahead). */
export const dashboardQueryAt = (now: Date): MirrorQuery<DashboardMirror> => dashboardQueryFor(dashboardMarksDays(now));
