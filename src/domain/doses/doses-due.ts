// The doses due on calendar days (spec §4 Prescriptions, Intake period; §3 dosage): the doses
// the patient takes by the one rule of ../intake-course.ts (from the Zurich date of created_at
// through the expiry date; a used single-use prescription until its pack is finished). Each
// period whose dosage is above 0 is one dose, a half (0.5) included. Days are calendar dates, so
// the 23- and 25-hour days of the clock changes have four periods.
import { TIME_ZONE } from '../constants.ts';
import { parseDosage, type Dosage } from '../dosage.ts';
import type { Pharmacode, RecordId } from '../entities.ts';
import { intakeCourse, isTakenAt, isTakenOn, type CoursePrescription, type IntakeSupply } from '../intake-course.ts';
import { INTAKE_PERIODS } from '../intake-plan.ts';
import { calendarDatesBetween, type CalendarDate } from '../zoned-time.ts';
import type { DoseRef } from './dose-mark.ts';

/** What the rules read of a prescription. */
export type DuePrescription = CoursePrescription;

export interface DueDose extends DoseRef {
  pharmacode: Pharmacode;
  /** Units to take (0.5 for a half tablet). */
  units: number;
}

export interface DosesDue {
  /** By day, then period, then the order of the prescriptions given. */
  doses: DueDose[];
  /** Prescriptions taken in the range whose dosage could not be read (left out of `doses`). */
  unreadable: RecordId[];
}

/** Every dose due from `from` through `to` (both included); nothing when either is not a date. */
export function dosesDueBetween(prescriptions: readonly DuePrescription[], from: CalendarDate, to: CalendarDate, supply: IntakeSupply, timeZone: string = TIME_ZONE): DosesDue {
  const days = calendarDatesBetween(from, to);
  const read = prescriptions.map((p) => ({ p, course: intakeCourse(p, supply, timeZone), dosage: parseDosage(p.dosage) }));
  const doses: DueDose[] = [];
  const unreadable = new Set<RecordId>();
  for (const day of days) {
    INTAKE_PERIODS.forEach((period, i) => {
      for (const { p, course, dosage } of read) {
        if (!isTakenOn(course, day)) continue;
        if (!dosage.ok) {
          unreadable.add(p.id);
          continue;
        }
        const units = dosage.value[i] ?? 0;
        if (units > 0 && isTakenAt(course, day, period)) doses.push({ prescription_id: p.id, pharmacode: p.medication_id, day, period, units });
      }
    });
  }
  return { doses, unreadable: [...unreadable] };
}

export const dosesDueOn = (prescriptions: readonly DuePrescription[], day: CalendarDate, supply: IntakeSupply, timeZone: string = TIME_ZONE): DosesDue =>
  dosesDueBetween(prescriptions, day, day, supply, timeZone);

/** Units a day of this dosage asks for (the sum of the four numbers). */
export const dailyUnits = (dosage: Dosage): number => dosage.reduce((sum, n) => sum + n, 0);
