// THE place of the dose reminders' times in the app (issue 28): the wall-clock time (Europe/
// Zurich, 'HH:MM') at which each intake period is reminded — the patient's plan settings
// (the plan settings, src/domain/plan-settings.ts periodTimesOf), else the eMediplan's 08:00,
// 12:00, 18:00, 22:00. The server's twin is the SQL function public.dose_reminder_times
// (migration 20261125001300_dose_reminders.sql), which reads the same row.
import type { PlanSettings } from '../entities.ts';
import { INTAKE_PERIODS } from '../intake-plan.ts';
import { periodTimesOf, type PeriodTimeColumn, type PeriodTimes } from '../plan-settings.ts';

export type ReminderTimes = PeriodTimes;

/** The reminder time of each period for the stored plan settings (none: the defaults). */
export function reminderTimes(settings?: Partial<Pick<PlanSettings, PeriodTimeColumn>> | null): ReminderTimes {
  return periodTimesOf(settings);
}

/** The times as a list in the order of the day ("08:00, 12:00, 18:00, 22:00"). */
export const reminderTimeList = (times: ReminderTimes = reminderTimes()): string[] => INTAKE_PERIODS.map((p) => times[p]);
