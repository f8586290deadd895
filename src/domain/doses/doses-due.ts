// The doses due on calendar days (spec §4 Prescriptions, Intake period; §3 dosage).
//
// A prescription is in force from the Zurich date of its created_at (no lower bound when that
// is missing or unreadable) through its expiry date inclusive (an unreadable expiry never
// ends, as in prescription-state.ts). Unlike the Active state of §4, `used` does not end it: a
// single-use prescription that was ordered is taken until it expires (the patient takes what
// was delivered). Each period whose dosage is above 0 is one dose, a half (0.5) included.
// Days are calendar dates, so the 23- and 25-hour days of the clock changes have four periods.
import { TIME_ZONE } from '../constants.ts';
import { parseDosage, type Dosage } from '../dosage.ts';
import type { Pharmacode, Prescription, RecordId } from '../entities.ts';
import { INTAKE_PERIODS } from '../intake-plan.ts';
import { calendarDatesBetween, toCalendarDate, type CalendarDate } from '../zoned-time.ts';
import type { DoseRef } from './dose-mark.ts';

/** What the rules read of a prescription; created_at is the table column (not in entities.ts). */
export type DuePrescription = Pick<Prescription, 'id' | 'medication_id' | 'dosage' | 'expires_at'> & {
  created_at?: string | null;
};

export interface DueDose extends DoseRef {
  pharmacode: Pharmacode;
  /** Units to take (0.5 for a half tablet). */
  units: number;
}

export interface DosesDue {
  /** By day, then period, then the order of the prescriptions given. */
  doses: DueDose[];
  /** Prescriptions in force in the range whose dosage could not be read (left out of `doses`). */
  unreadable: RecordId[];
}

export interface InForceSpan {
  /** First day in force, or null: no lower bound. */
  from: CalendarDate | null;
  /** Last day in force, or null: never ends. */
  to: CalendarDate | null;
}

export function inForceSpan(p: Pick<DuePrescription, 'expires_at' | 'created_at'>, timeZone: string = TIME_ZONE): InForceSpan {
  return {
    from: p.created_at ? toCalendarDate(p.created_at, timeZone) : null,
    to: p.expires_at ? toCalendarDate(p.expires_at, timeZone) : null,
  };
}

export const isInSpan = (span: InForceSpan, day: CalendarDate): boolean =>
  (span.from === null || span.from <= day) && (span.to === null || day <= span.to);

export const isInForceOn = (p: Pick<DuePrescription, 'expires_at' | 'created_at'>, day: CalendarDate, timeZone: string = TIME_ZONE): boolean =>
  isInSpan(inForceSpan(p, timeZone), day);

/** Every dose due from `from` through `to` (both included); nothing when either is not a date. */
export function dosesDueBetween(prescriptions: readonly DuePrescription[], from: CalendarDate, to: CalendarDate, timeZone: string = TIME_ZONE): DosesDue {
  const days = calendarDatesBetween(from, to);
  const read = prescriptions.map((p) => ({ p, span: inForceSpan(p, timeZone), dosage: parseDosage(p.dosage) }));
  const doses: DueDose[] = [];
  const unreadable = new Set<RecordId>();
  for (const day of days) {
    INTAKE_PERIODS.forEach((period, i) => {
      for (const { p, span, dosage } of read) {
        if (!isInSpan(span, day)) continue;
        if (!dosage.ok) {
          unreadable.add(p.id);
          continue;
        }
        const units = dosage.value[i] ?? 0;
        if (units > 0) doses.push({ prescription_id: p.id, pharmacode: p.medication_id, day, period, units });
      }
    });
  }
  return { doses, unreadable: [...unreadable] };
}

export const dosesDueOn = (prescriptions: readonly DuePrescription[], day: CalendarDate, timeZone: string = TIME_ZONE): DosesDue =>
  dosesDueBetween(prescriptions, day, day, timeZone);

/** Units a day of this dosage asks for (the sum of the four numbers). */
export const dailyUnits = (dosage: Dosage): number => dosage.reduce((sum, n) => sum + n, 0);
