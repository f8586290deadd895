// The dose of "now": which day and period a dose taken at an instant belongs to.
//
// Decided: the night period runs 22:00-04:59 (intake-plan.ts), so the hours after midnight
// belong to the night of the day before: a night dose taken at 00:30 on Tuesday is Monday's
// night dose, and at 02:00 Tuesday's morning has not come yet.
import { TIME_ZONE } from '../constants.ts';
import { INTAKE_PERIOD_START_HOUR, INTAKE_PERIODS, intakePeriodForHour, type IntakePeriod } from '../intake-plan.ts';
import { addDays, dateInTimeZone, hourInTimeZone, type CalendarDate } from '../zoned-time.ts';

export interface DoseSlot {
  day: CalendarDate;
  period: IntakePeriod;
}

/** The day and period whose dose is due at `now` (read in `timeZone`). */
export function doseSlotAt(now: Date, timeZone: string = TIME_ZONE): DoseSlot {
  const hour = hourInTimeZone(now, timeZone);
  const today = dateInTimeZone(now, timeZone);
  const period = intakePeriodForHour(hour);
  const day = period === 'night' && hour < INTAKE_PERIOD_START_HOUR.morning ? addDays(today, -1) : today;
  return { day, period };
}

/** Negative when `a` comes before `b` in time, 0 for the same slot, positive after. */
export function compareSlots(a: DoseSlot, b: DoseSlot): number {
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  return INTAKE_PERIODS.indexOf(a.period) - INTAKE_PERIODS.indexOf(b.period);
}

/** A dose whose time has not come at `current` (a later period of the day, or a later day). */
export const isNotYetDue = (dose: DoseSlot, current: DoseSlot): boolean => compareSlots(dose, current) > 0;
