// Adherence history (spec §2 dashboard, §4 Intake period): the week grid and the counts per
// medication. Doses are counted, not units: a half tablet is one dose. A dose whose slot comes
// after `current` (a later period of today, or a later day) is not yet due and counts nowhere
// but in `notYetDue`; the current period's own doses are due (their time has come).
import { TIME_ZONE } from '../constants.ts';
import type { Pharmacode, RecordId } from '../entities.ts';
import type { IntakeSupply } from '../intake-course.ts';
import { INTAKE_PERIODS, type IntakePeriod } from '../intake-plan.ts';
import { addDays, calendarDatesBetween, type CalendarDate } from '../zoned-time.ts';
import type { DoseMark, SkipReason } from './dose-mark.ts';
import { doseStates, type DoseState, type MarkIndex } from './dose-marks.ts';
import { isNotYetDue, type DoseSlot } from './dose-slot.ts';
import { dosesDueBetween, type DuePrescription } from './doses-due.ts';

export type SkipCounts = Record<SkipReason, number>;

export interface DoseCounts {
  /** Doses whose time has come. */
  due: number;
  taken: number;
  skipped: number;
  skippedByReason: SkipCounts;
  notMarked: number;
  /** Doses planned in a later period or day than the current one. */
  notYetDue: number;
}

const noSkips = (): SkipCounts => ({ forgot: 0, side_effects: 0, out_of_stock: 0, other: 0 });
const emptyCounts = (): DoseCounts => ({ due: 0, taken: 0, skipped: 0, skippedByReason: noSkips(), notMarked: 0, notYetDue: 0 });

function count(into: DoseCounts, state: DoseState, current: DoseSlot): void {
  if (isNotYetDue(state, current)) {
    into.notYetDue++;
    return;
  }
  into.due++;
  if (state.outcome === 'taken') into.taken++;
  else if (state.outcome === 'not_marked') into.notMarked++;
  else {
    into.skipped++;
    into.skippedByReason[state.reason ?? 'other']++;
  }
}

/** Taken out of due (0..1), or null when nothing was due. */
export const adherenceRate = (c: Pick<DoseCounts, 'due' | 'taken'>): number | null => (c.due > 0 ? c.taken / c.due : null);

export type CellStatus = 'nothing_due' | 'not_yet_due' | 'all_taken' | 'some_skipped' | 'partly' | 'not_marked';

/**
 * One cell's reading, first match wins: nothing planned; planned but its time has not come;
 * every due dose taken; any skipped; some taken (the rest not marked); none marked.
 */
export function cellStatus(c: DoseCounts): CellStatus {
  if (c.due === 0) return c.notYetDue > 0 ? 'not_yet_due' : 'nothing_due';
  if (c.taken === c.due) return 'all_taken';
  if (c.skipped > 0) return 'some_skipped';
  return c.taken > 0 ? 'partly' : 'not_marked';
}

export interface WeekCell extends DoseCounts {
  day: CalendarDate;
  period: IntakePeriod;
  status: CellStatus;
}

export interface WeekGrid {
  /** Seven days, the oldest first, ending with `endDay`. */
  days: CalendarDate[];
  /** One row per day, its four cells in INTAKE_PERIODS order. */
  rows: WeekCell[][];
  unreadable: RecordId[];
}

export interface AdherenceOptions {
  /** The slot of now (doseSlotAt): later slots are not yet due. */
  current: DoseSlot;
  /** What was delivered: when a used single-use prescription's pack is finished (../intake-course.ts). */
  supply: IntakeSupply;
  timeZone?: string;
}

export const WEEK_DAYS = 7;

/** The 7 × 4 grid of the week ending with `endDay`. */
export function weekGrid(prescriptions: readonly DuePrescription[], marks: readonly DoseMark[] | MarkIndex, endDay: CalendarDate, options: AdherenceOptions): WeekGrid {
  const timeZone = options.timeZone ?? TIME_ZONE;
  const days = calendarDatesBetween(addDays(endDay, 1 - WEEK_DAYS), endDay);
  const due = dosesDueBetween(prescriptions, days[0] ?? endDay, endDay, options.supply, timeZone);
  const cells = new Map<string, DoseCounts>();
  for (const state of doseStates(due.doses, marks, timeZone)) {
    const key = `${state.day}|${state.period}`;
    const c = cells.get(key) ?? emptyCounts();
    count(c, state, options.current);
    cells.set(key, c);
  }
  const rows = days.map((day) =>
    INTAKE_PERIODS.map((period): WeekCell => {
      const c = cells.get(`${day}|${period}`) ?? emptyCounts();
      return { day, period, ...c, status: cellStatus(c) };
    }),
  );
  return { days, rows, unreadable: due.unreadable };
}

export interface MedicationAdherence extends DoseCounts {
  pharmacode: Pharmacode;
  /** The prescriptions of this product with doses in the range. */
  prescriptionIds: RecordId[];
  /** taken / due, or null when nothing was due. */
  rate: number | null;
}

export interface AdherenceSummary {
  from: CalendarDate;
  to: CalendarDate;
  /** One row per product with a dose planned in the range, in the order of the prescriptions. */
  medications: MedicationAdherence[];
  unreadable: RecordId[];
}

/** Counts per product (two prescriptions of one product are one row) from `from` through `to`. */
export function adherenceBetween(
  prescriptions: readonly DuePrescription[],
  marks: readonly DoseMark[] | MarkIndex,
  from: CalendarDate,
  to: CalendarDate,
  options: AdherenceOptions,
): AdherenceSummary {
  const timeZone = options.timeZone ?? TIME_ZONE;
  const due = dosesDueBetween(prescriptions, from, to, options.supply, timeZone);
  const rows = new Map<Pharmacode, MedicationAdherence>();
  for (const p of prescriptions) {
    if (!rows.has(p.medication_id)) rows.set(p.medication_id, { pharmacode: p.medication_id, prescriptionIds: [], ...emptyCounts(), rate: null });
  }
  const seen = new Set<Pharmacode>();
  for (const state of doseStates(due.doses, marks, timeZone)) {
    const row = rows.get(state.pharmacode);
    if (!row) continue;
    seen.add(state.pharmacode);
    if (!row.prescriptionIds.includes(state.prescription_id)) row.prescriptionIds.push(state.prescription_id);
    count(row, state, options.current);
  }
  const medications = [...rows.values()].filter((r) => seen.has(r.pharmacode)).map((r) => ({ ...r, rate: adherenceRate(r) }));
  return { from, to, medications, unreadable: due.unreadable };
}

export const ADHERENCE_DAYS = 30;

/** Counts per product over the `days` days (default 30) ending with `endDay`. */
export function medicationAdherence(
  prescriptions: readonly DuePrescription[],
  marks: readonly DoseMark[] | MarkIndex,
  endDay: CalendarDate,
  options: AdherenceOptions & { days?: number },
): AdherenceSummary {
  const days = Math.max(1, Math.floor(options.days ?? ADHERENCE_DAYS));
  return adherenceBetween(prescriptions, marks, addDays(endDay, 1 - days), endDay, options);
}
