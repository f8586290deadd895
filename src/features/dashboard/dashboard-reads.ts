// What the dashboard reads of the mirror, read ahead at a returning patient's start (src/app/routes.ts);
// the plan settings for the reminders' times (use-device-reminders.ts).
import { dashboardQueryAt } from '../../data/hooks/mark-queries';
import { planSettingsQuery, syncedAtQuery } from '../../data/local/mirror-query';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';

/** `now`: the clock, for tests. */
export const readDashboardAheadAt =
  (now: () => Date): ReadAhead =>
  async (reads) =>
    void (await Promise.all([readAhead(dashboardQueryAt(now()), reads), readAhead(syncedAtQuery, reads), readAhead(planSettingsQuery, reads)]));

export const readDashboardAhead: ReadAhead = readDashboardAheadAt(() => new Date());
