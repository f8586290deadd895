// The intake periods of the day (spec §2 dashboard, §4 Intake period); today's plan: todays-plan.ts.
// Reading chosen (the first of §4): morning 05:00-11:59, noon 12:00-17:59,
// evening 18:00-21:59, night 22:00-04:59, read as whole hours in Europe/Zurich.
import { TIME_ZONE } from './constants.ts';
import { hourInTimeZone } from './zoned-time.ts';

export type IntakePeriod = 'morning' | 'noon' | 'evening' | 'night';

/** In dosage order: the n-th dosage number belongs to the n-th period. */
export const INTAKE_PERIODS: readonly IntakePeriod[] = ['morning', 'noon', 'evening', 'night'];

export type IntakePeriodLabel = `intake.period.${IntakePeriod}`;

export const INTAKE_PERIOD_LABEL: Readonly<Record<IntakePeriod, IntakePeriodLabel>> = {
  morning: 'intake.period.morning',
  noon: 'intake.period.noon',
  evening: 'intake.period.evening',
  night: 'intake.period.night',
};

/** Period of a wall-clock hour (0-23; fractions are floored, other values wrap around). */
export function intakePeriodForHour(hour: number): IntakePeriod {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (h >= 5 && h <= 11) return 'morning';
  if (h >= 12 && h <= 17) return 'noon';
  if (h >= 18 && h <= 21) return 'evening';
  return 'night';
}

export const intakePeriodAt = (now: Date, timeZone: string = TIME_ZONE): IntakePeriod =>
  intakePeriodForHour(hourInTimeZone(now, timeZone));

/** The first wall-clock hour of each period (its last is the hour before the next one starts). */
export const INTAKE_PERIOD_START_HOUR: Readonly<Record<IntakePeriod, number>> = { morning: 5, noon: 12, evening: 18, night: 22 };

const HOUR_MS = 3_600_000;

/**
 * The next instant at which the period of the day changes, read in `timeZone`. Zones whose
 * offset is whole hours (Europe/Zurich: +1, +2 in summer) change their wall-clock hour exactly
 * at the full hours of UTC, so the answer is the first full hour whose period differs. On the
 * day clocks go forward the night is an hour shorter, on the day they go back an hour longer.
 */
export function nextIntakePeriodChange(now: Date, timeZone: string = TIME_ZONE): Date {
  const current = intakePeriodAt(now, timeZone);
  let t = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  // a period lasts at most 8 wall-clock hours, 9 across the change back from summer time
  for (let i = 0; i < 24 && intakePeriodAt(new Date(t), timeZone) === current; i++) t += HOUR_MS;
  return new Date(t);
}
