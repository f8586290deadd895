// The dose marks' rows as the app reads and merges them (supabase/migrations/20261125001000_dose_marks.sql;
// their table and keys: dose-mark-key.ts). The registry entry (synced-tables.ts) is built from these.
import { parseDoseMark, type DoseMark } from '../../domain/doses/dose-mark';
import { compareMarks } from '../../domain/doses/dose-marks';

/** The pull keeps this many days of marks in the mirror (history, report and late entries read them offline). */
export const DOSE_MARK_PULL_DAYS = 90;

/**
 * Which of two rows of one dose the mirror keeps: the later mark (compareMarks, the same order
 * the server's trigger keeps), so an older mark still waiting in the outbox, laid over the mirror
 * again after a pull or a realtime event, never hides a newer mark the server sent. A row that
 * cannot be read as a mark loses to one that can.
 */
export function convergeDoseMarks(stored: Record<string, unknown>, written: Record<string, unknown>): Record<string, unknown> {
  const a = parseDoseMark(stored);
  const b = parseDoseMark(written);
  if (!b.ok) return a.ok ? stored : written;
  if (!a.ok) return written;
  return compareMarks(b.value, a.value) >= 0 ? written : stored;
}

/** The marks among mirrored rows (rows that are not marks are left out). */
export function doseMarksOf(rows: readonly Record<string, unknown>[]): DoseMark[] {
  const marks: DoseMark[] = [];
  for (const row of rows) {
    const parsed = parseDoseMark(row);
    if (parsed.ok) marks.push(parsed.value);
  }
  return marks;
}
