// What the phone's calendar reminds of (src/domain/icalendar/plan-calendar.ts), read from the
// printed plan's rows: per intake period, the medications of the main table with a dose then.
// Reserve medication (taken as needed) and lines without a daily scheme ("see instructions")
// are not reminded. The events end with the last day of the latest of those lines (DtTo, the
// prescription's expiry); a line without an end does not extend them (the platform's plans
// always carry one). Nothing to remind, or no end to any of it: `until` is null.
import { INTAKE_PERIODS, type IntakePeriod } from '../intake-plan.ts';
import type { CalendarDate } from '../zoned-time.ts';
import type { PlanSheet, SheetLine } from './plan-sheet.ts';

export interface Reminder {
  line: SheetLine;
  /** the dose of the period */
  dose: number;
}

export interface PlanReminders {
  periods: Record<IntakePeriod, Reminder[]>;
  until: CalendarDate | null;
}

export function planReminders(sheet: Pick<PlanSheet, 'regular'>): PlanReminders {
  const periods = Object.fromEntries(INTAKE_PERIODS.map((p) => [p, [] as Reminder[]])) as Record<IntakePeriod, Reminder[]>;
  let until: CalendarDate | null = null;
  for (const line of sheet.regular) {
    if (!line.doses) continue;
    let reminded = false;
    INTAKE_PERIODS.forEach((period, i) => {
      const dose = line.doses?.[i] ?? 0;
      if (dose > 0) {
        periods[period].push({ line, dose });
        reminded = true;
      }
    });
    if (reminded && line.to !== null && (until === null || line.to > until)) until = line.to;
  }
  return { periods, until };
}
