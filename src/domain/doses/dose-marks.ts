// Marks of the doses (spec §2 dashboard, §4 Intake period): which of two devices' marks
// wins, the state of each due dose, which days may be marked, and "all taken" for a period.
import { TIME_ZONE } from '../constants.ts';
import type { CustomerId } from '../entities.ts';
import type { IntakePeriod } from '../intake-plan.ts';
import { err, ok, type Result } from '../result.ts';
import { dateInTimeZone, daysBetween, toCalendarDate, type CalendarDate } from '../zoned-time.ts';
import { DOSE_STATUSES, doseKey, SKIP_REASONS, type DoseMark, type SkipReason } from './dose-mark.ts';
import type { DueDose } from './doses-due.ts';

/** Today and this many days before it may be marked (Europe/Zurich); the future never. */
export const MARK_WINDOW_DAYS = 7;

const instant = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders two marks of one dose: the later marked_at (as an instant, whatever its offset) is
 * greater; on a tie the device id, then status and reason decide, compared by code units (not
 * by locale), so every device picks the same winner whatever order the rows arrived in.
 */
export function compareMarks(a: DoseMark, b: DoseMark): number {
  const ta = instant(a.marked_at);
  const tb = instant(b.marked_at);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return (
    byText(a.device_id, b.device_id) ||
    DOSE_STATUSES.indexOf(a.status) - DOSE_STATUSES.indexOf(b.status) ||
    byText(a.reason ?? '', b.reason ?? '')
  );
}

/** The mark that stands of two marks of the same dose (customer, prescription, day, period). */
export const winningMark = (a: DoseMark, b: DoseMark): DoseMark => (compareMarks(a, b) >= 0 ? a : b);

/** The standing mark of each dose, by doseKey. */
export function latestMarks(marks: Iterable<DoseMark>): Map<string, DoseMark> {
  const out = new Map<string, DoseMark>();
  for (const m of marks) {
    const key = doseKey(m);
    const held = out.get(key);
    out.set(key, held ? winningMark(held, m) : m);
  }
  return out;
}

export type DoseOutcome = 'taken' | 'skipped' | 'not_marked';

export interface DoseState extends DueDose {
  outcome: DoseOutcome;
  /** With 'skipped' only; a skip stored without a reason reads as 'other'. */
  reason: SkipReason | null;
  /** The standing mark ('unmarked' ones included), or null. */
  mark: DoseMark | null;
  /** Marked after its day had ended (see isEnteredLater). */
  enteredLater: boolean;
}

export type MarkIndex = ReadonlyMap<string, DoseMark>;
const indexOf = (marks: readonly DoseMark[] | MarkIndex): MarkIndex => ('length' in marks ? latestMarks(marks) : marks);

/** The state of each due dose, in the order given. */
export function doseStates(due: readonly DueDose[], marks: readonly DoseMark[] | MarkIndex, timeZone: string = TIME_ZONE): DoseState[] {
  const index = indexOf(marks);
  return due.map((dose) => {
    const mark = index.get(doseKey(dose)) ?? null;
    const status = mark?.status ?? 'unmarked';
    const outcome: DoseOutcome = status === 'unmarked' ? 'not_marked' : status;
    const reason = outcome === 'skipped' ? (mark?.reason && SKIP_REASONS.includes(mark.reason) ? mark.reason : 'other') : null;
    return { ...dose, outcome, reason, mark, enteredLater: mark !== null && isEnteredLater(mark, timeZone) };
  });
}

/** Whether `day` may be marked at `now`: today or one of the 7 days before (Europe/Zurich). */
export function canMarkDay(day: CalendarDate, now: Date, timeZone: string = TIME_ZONE): boolean {
  if (toCalendarDate(day, timeZone) !== day) return false;
  const ago = daysBetween(day, dateInTimeZone(now, timeZone));
  return ago >= 0 && ago <= MARK_WINDOW_DAYS;
}

/** Marked after its day had ended: marked_at falls on a later Zurich date than the dose's day. */
export function isEnteredLater(mark: Pick<DoseMark, 'day' | 'marked_at'>, timeZone: string = TIME_ZONE): boolean {
  const ms = Date.parse(mark.marked_at);
  return !Number.isNaN(ms) && dateInTimeZone(new Date(ms), timeZone) > mark.day;
}

export interface MarkContext {
  customerId: CustomerId;
  deviceId: string;
  now: Date;
  timeZone?: string;
}

export type MarkChoice = { status: 'taken' } | { status: 'skipped'; reason: SkipReason } | { status: 'unmarked' };

/** The row to write when the patient marks a dose; refused outside the marking window. */
export function newDoseMark(dose: DueDose, choice: MarkChoice, ctx: MarkContext): Result<DoseMark, 'doseMark.dayNotMarkable'> {
  if (!canMarkDay(dose.day, ctx.now, ctx.timeZone ?? TIME_ZONE)) return err('doseMark.dayNotMarkable');
  return ok({
    customer_id: ctx.customerId,
    prescription_id: dose.prescription_id,
    pharmacode: dose.pharmacode,
    day: dose.day,
    period: dose.period,
    status: choice.status,
    reason: choice.status === 'skipped' ? choice.reason : null,
    marked_at: ctx.now.toISOString(),
    device_id: ctx.deviceId,
  });
}

/**
 * "All taken" for one period of one day: a taken mark for every due dose of it that is not
 * marked taken yet (skipped ones included: the button says all were taken). Nothing when the
 * day is outside the marking window.
 */
export function allTakenMarks(
  due: readonly DueDose[],
  marks: readonly DoseMark[] | MarkIndex,
  slot: { day: CalendarDate; period: IntakePeriod },
  ctx: MarkContext,
): DoseMark[] {
  const index = indexOf(marks);
  const out: DoseMark[] = [];
  for (const dose of due) {
    if (dose.day !== slot.day || dose.period !== slot.period) continue;
    if (index.get(doseKey(dose))?.status === 'taken') continue;
    const mark = newDoseMark(dose, { status: 'taken' }, ctx);
    if (!mark.ok) return [];
    out.push(mark.value);
  }
  return out;
}
