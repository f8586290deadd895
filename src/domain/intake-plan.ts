// Intake period of the day and today's intake plan (spec §2 dashboard, §4 Intake period).
// Reading chosen (the first of §4): morning 05:00-11:59, noon 12:00-17:59,
// evening 18:00-21:59, night 22:00-04:59, read as whole hours in Europe/Zurich.
import { TIME_ZONE } from './constants.ts';
import { parseDosage } from './dosage.ts';
import type { Pharmacode, Prescription, RecordId } from './entities.ts';
import { daysUntilExpiry, isPrescriptionActive } from './prescription-state.ts';
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

/**
 * The four periods beginning with `current`, then the ones that follow in the course of the
 * day (the dashboard shows the period of now first: at 19:00 evening, night, morning, noon).
 */
export function intakePeriodsFrom(current: IntakePeriod): IntakePeriod[] {
  const start = INTAKE_PERIODS.indexOf(current);
  return INTAKE_PERIODS.map((_, i) => INTAKE_PERIODS[(start + i) % INTAKE_PERIODS.length] as IntakePeriod);
}

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

export interface IntakeEntry {
  prescription_id: RecordId;
  medication_id: Pharmacode;
  /** Units to take in this period (may be a fraction such as 0.5). */
  units: number;
}

export type IntakePlan = Record<IntakePeriod, IntakeEntry[]> & {
  /** Prescriptions in the plan whose dosage could not be read (left out of the periods). */
  unreadable: RecordId[];
};

/**
 * Whether the pack of a used single-use prescription is finished before its expiry date. The
 * supply forecast (src/domain/supply) will answer this; until it is wired, no pack is finished.
 */
export type PackFinished = (prescription: Prescription) => boolean;

const NONE_FINISHED: PackFinished = () => false;

/**
 * Taken today: an active prescription (spec §4), or a used single-use one whose expiry date has
 * not passed (through the whole expiry day in Zurich; no readable expiry: until `finished`)
 * and whose pack is not finished.
 */
export function isPrescriptionTaken(p: Prescription, now: Date, timeZone: string = TIME_ZONE, finished: PackFinished = NONE_FINISHED): boolean {
  if (isPrescriptionActive(p, now, timeZone)) return true;
  if (!(p.single_use && p.used)) return false;
  const days = daysUntilExpiry(p, now, timeZone);
  return (days === null || days >= 0) && !finished(p);
}

/**
 * Today's intake plan: for each period, the prescriptions the patient takes today with a
 * non-zero dosage in that period and how many units. What the patient takes is not what can
 * be ordered (orderableMedications): a single-use prescription that was ordered is used, so
 * inactive (spec §4), but its medication is taken until the expiry date — or until `finished`
 * says the pack is finished. One entry per prescription (two of one medication give two
 * entries; they are not summed), in the input order.
 */
export function intakePlan(prescriptions: readonly Prescription[], now: Date, timeZone: string = TIME_ZONE, finished: PackFinished = NONE_FINISHED): IntakePlan {
  const plan: IntakePlan = { morning: [], noon: [], evening: [], night: [], unreadable: [] };
  for (const p of prescriptions) {
    if (!isPrescriptionTaken(p, now, timeZone, finished)) continue;
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
