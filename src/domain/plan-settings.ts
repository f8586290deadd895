// The patient's plan settings (PlanSettings, one row per patient) as the plan's screens
// read them: the time of each intake period, 'HH:MM' on the wall clock in Zurich, where the
// printed eMediplan puts its columns and the calendar its daily events and reminders. Nothing
// stored (a new patient, a mirror not yet pulled) or nothing readable: the eMediplan's own
// 08:00, 12:00, 18:00 and 22:00. The dashboard's periods (spec §4) are not these times.
import type { PlanSettings } from './entities.ts';
import { INTAKE_PERIODS, type IntakePeriod } from './intake-plan.ts';
import { limits } from './schemas/limits.ts';

export type PeriodTimes = Readonly<Record<IntakePeriod, string>>;

/** The times of the eMediplan's columns (chmed16a/README.md, Medication): 08, 12, 18, 22 h. */
export const DEFAULT_PERIOD_TIMES: PeriodTimes = {
  morning: '08:00',
  noon: '12:00',
  evening: '18:00',
  night: '22:00',
};

export type PeriodTimeColumn = 'morning_time' | 'noon_time' | 'evening_time' | 'night_time';

/** The column of each period's time. */
export const PERIOD_TIME_COLUMN: Readonly<Record<IntakePeriod, PeriodTimeColumn>> = {
  morning: 'morning_time',
  noon: 'noon_time',
  evening: 'evening_time',
  night: 'night_time',
};

/** Days before a medication runs out that a refill is suggested (the column's default, 1..60). */
export const DEFAULT_REFILL_LEAD_DAYS = 10;

/**
 * The period times of the stored settings. A row whose four times are not readable times in the
 * course of the day (never written by the app or the server's checks) counts as none at all:
 * mixing its readable times with defaults could put noon before morning.
 */
export function periodTimesOf(settings: Partial<Pick<PlanSettings, PeriodTimeColumn>> | null | undefined): PeriodTimes {
  const stored = INTAKE_PERIODS.map((period) => settings?.[PERIOD_TIME_COLUMN[period]]);
  const readable = stored.every((t): t is string => typeof t === 'string' && limits.timeOfDay.test(t)) && stored.every((t, i) => i === 0 || (stored[i - 1] as string) < (t as string));
  if (!readable) return DEFAULT_PERIOD_TIMES;
  return Object.fromEntries(INTAKE_PERIODS.map((period, i) => [period, stored[i] as string])) as Record<IntakePeriod, string>;
}

/** The period times as the table's columns (what a save writes). */
export function periodTimeColumns(times: PeriodTimes): Record<PeriodTimeColumn, string> {
  return {
    morning_time: times.morning,
    noon_time: times.noon,
    evening_time: times.evening,
    night_time: times.night,
  };
}

/**
 * The patient's lead time for refills: the stored whole number of days within the column's
 * range (1..60), else the default (nothing stored, or a value the server would refuse).
 */
export function refillLeadDaysOf(settings: Partial<Pick<PlanSettings, 'refill_lead_days'>> | null | undefined): number {
  const days = settings?.refill_lead_days;
  return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 60 ? days : DEFAULT_REFILL_LEAD_DAYS;
}
