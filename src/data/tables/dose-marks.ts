// Issue 24: taken/skipped per dose (supabase/migrations/20261125001000_dose_marks.sql), one row per
// customer, prescription, Zurich day and period; the later mark on the device wins (decision 0036).
// Everything the app knows of the table: its name and key, how a dose names its row in the mirror,
// which of two rows the mirror keeps, the days pulled, what the screens read of it.
import type { DoseMark, DoseRef } from '../../domain/doses/dose-mark';
import { parseDoseMark } from '../../domain/doses/dose-mark';
import { compareMarks } from '../../domain/doses/dose-marks';
import type { CustomerId } from '../../domain/entities';
import type { CalendarDate } from '../../domain/zoned-time';
import { always, declareTable, everyRow, type Row, type TableRead } from './table-declaration';

export const DOSE_MARK_TABLE = 'webshop_customer_dose_mark';

/** The natural primary key: one row per customer, prescription, Zurich day and period. */
export const DOSE_MARK_KEY = ['customer_id', 'prescription_id', 'day', 'period'] as const;

/** The pull keeps this many days of marks in the mirror (history, report and late entries read them offline). */
export const DOSE_MARK_PULL_DAYS = 90;

/** The `rows` store's key of a dose's mark: what rowKey() makes of the key columns. */
export const doseMarkRowKey = (customerId: CustomerId, dose: DoseRef): string => [customerId, dose.prescription_id, dose.day, dose.period].join('|');

/**
 * The keys of one prescription's marks from day `first` to day `last`, both included, as bounds
 * of a key range: a prescription's keys sort by day, then period ('|' sorts below the digits of a
 * day, '~' above the letters of every period).
 */
export const doseMarkKeyRange = (customerId: CustomerId, prescriptionId: number, first: string, last: string): [string, string] => {
  const prefix = [customerId, prescriptionId, ''].join('|');
  return [`${prefix}${first}|`, `${prefix}${last}|~`];
};

/**
 * Which of two rows of one dose the mirror keeps: the later mark (compareMarks, the same order
 * the server's trigger keeps), so an older mark still waiting in the outbox, laid over the mirror
 * again after a pull or a realtime event, never hides a newer mark the server sent. A row that
 * cannot be read as a mark loses to one that can.
 */
export function convergeDoseMarks(stored: Row, written: Row): Row {
  const a = parseDoseMark(stored);
  const b = parseDoseMark(written);
  if (!b.ok) return a.ok ? stored : written;
  if (!a.ok) return written;
  return compareMarks(b.value, a.value) >= 0 ? written : stored;
}

/** The marks among mirrored rows (rows that are not marks are left out). */
export function doseMarksOf(rows: readonly Row[]): DoseMark[] {
  const marks: DoseMark[] = [];
  for (const row of rows) {
    const parsed = parseDoseMark(row);
    if (parsed.ok) marks.push(parsed.value);
  }
  return marks;
}

/** Every mark row of the patient (the days the pull keeps, and what waits to be sent): history, report, supply forecast. */
export const doseMarkRows = { ...everyRow(DOSE_MARK_TABLE), key: 'doseMarkRows' };

/**
 * The mark rows of these prescriptions' doses on these days (the dashboard's: today and
 * yesterday): for each prescription one range of keys, from the first day's to the last day's,
 * however many days of marks the mirror keeps — one read per prescription rather than one per
 * dose (each read is work on the main thread, and a live query watches each). Rows as stored:
 * the screen reads them as marks (doseMarksOf).
 */
export const dayMarkRows = (prescriptionIds: readonly number[], days: readonly CalendarDate[]): TableRead<Row[]> => ({
  key: `dayMarkRows:${prescriptionIds.join(',')}:${days.join(',')}`,
  none: [],
  read: async (reads) => {
    if (days.length === 0) return [];
    const sorted = [...days].sort();
    const [first, last] = [sorted[0]!, sorted[sorted.length - 1]!];
    const wanted = new Set<unknown>(days);
    const ranges = await Promise.all(
      prescriptionIds.map((id) => {
        const [lower, upper] = doseMarkKeyRange(reads.owner, id, first, last);
        return reads.between(DOSE_MARK_TABLE, lower, upper);
      }),
    );
    // the range holds the days between too, when those asked for are not adjacent
    return ranges.flat().filter((row) => wanted.has(row.day));
  },
});

export const doseMarks = declareTable({
  name: DOSE_MARK_TABLE,
  mirror: 'rows',
  key: DOSE_MARK_KEY,
  write: 'upsert',
  converge: convergeDoseMarks,
  pullWindow: { column: 'day', days: DOSE_MARK_PULL_DAYS },
  readAhead: doseMarkRows,
  label: always('sync.kind.doseMark'),
});
