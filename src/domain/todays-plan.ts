// Today's intake plan (spec §2 dashboard, §4 Intake period): what the patient takes on the day
// of now's dose (doses/dose-slot.ts: at 01:00 still the night of the day before, the day the
// check-offs mark), by the one rule of intake-course.ts. What the patient takes is not what can
// be ordered (orderableMedications, decision 0032): a single-use prescription that was ordered
// is used, so inactive (spec §4), but its pack is taken until it is finished.
import { TIME_ZONE } from './constants.ts';
import { doseSlotAt } from './doses/dose-slot.ts';
import { dosesDueOn, type DuePrescription } from './doses/doses-due.ts';
import type { Pharmacode, RecordId } from './entities.ts';
import type { IntakeSupply } from './intake-course.ts';
import type { IntakePeriod } from './intake-plan.ts';
import type { CalendarDate } from './zoned-time.ts';

export interface IntakeEntry {
  prescription_id: RecordId;
  medication_id: Pharmacode;
  /** Units to take in this period (may be a fraction such as 0.5). */
  units: number;
}

export type IntakePlan = Record<IntakePeriod, IntakeEntry[]> & {
  /** The day whose doses these are. */
  day: CalendarDate;
  /** Prescriptions taken that day whose dosage could not be read (left out of the periods). */
  unreadable: RecordId[];
};

/**
 * The doses due on the day of now's dose (doses-due.ts) by period: the prescriptions taken in
 * each with a dosage above 0 and how many units. One entry per prescription (two of one
 * medication give two entries; they are not summed), in the input order.
 */
export function intakePlan(prescriptions: readonly DuePrescription[], now: Date, supply: IntakeSupply, timeZone: string = TIME_ZONE): IntakePlan {
  const { day } = doseSlotAt(now, timeZone);
  const due = dosesDueOn(prescriptions, day, supply, timeZone);
  const plan: IntakePlan = { day, morning: [], noon: [], evening: [], night: [], unreadable: due.unreadable };
  for (const dose of due.doses) plan[dose.period].push({ prescription_id: dose.prescription_id, medication_id: dose.pharmacode, units: dose.units });
  return plan;
}
