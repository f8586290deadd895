// Intake period of the day and today's intake plan (spec §2 dashboard, §4 Intake period).
// Reading chosen (the first of §4): morning 05:00-11:59, noon 12:00-17:59,
// evening 18:00-21:59, night 22:00-04:59, read as whole hours in Europe/Zurich.
import { TIME_ZONE } from './constants.ts';
import { parseDosage } from './dosage.ts';
import type { Pharmacode, Prescription, RecordId } from './entities.ts';
import { isPrescriptionActive } from './prescription-state.ts';
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

export interface IntakeEntry {
  prescription_id: RecordId;
  medication_id: Pharmacode;
  /** Units to take in this period (may be a fraction such as 0.5). */
  units: number;
}

export type IntakePlan = Record<IntakePeriod, IntakeEntry[]> & {
  /** Active prescriptions whose dosage could not be read (left out of the plan). */
  unreadable: RecordId[];
};

/**
 * Today's intake plan: for each period, the active prescriptions with a non-zero dosage
 * in that period and how many units. One entry per prescription (two active prescriptions
 * of one medication give two entries; they are not summed), in the input order.
 */
export function intakePlan(prescriptions: readonly Prescription[], now: Date, timeZone: string = TIME_ZONE): IntakePlan {
  const plan: IntakePlan = { morning: [], noon: [], evening: [], night: [], unreadable: [] };
  for (const p of prescriptions) {
    if (!isPrescriptionActive(p, now, timeZone)) continue;
    const dosage = parseDosage(p.dosage);
    if (!dosage.ok) {
      plan.unreadable.push(p.id);
      continue;
    }
    INTAKE_PERIODS.forEach((period, i) => {
      const units = dosage.value[i] ?? 0;
      if (units > 0) plan[period].push({ prescription_id: p.id, medication_id: p.medication_id, units });
    });
  }
  return plan;
}
