// The report for the doctor (spec §2 dashboard history): for a chosen range of days, per
// medication, the doses due, taken, skipped by reason and not marked; as rows for a printable
// page and as CSV. Visible text stays out: names and header labels are given by the caller
// (medicationName in the patient's language; the column labels translated).
import type { Pharmacode, RecordId } from '../entities.ts';
import type { CalendarDate } from '../zoned-time.ts';
import { adherenceBetween, type AdherenceOptions, type MedicationAdherence } from './adherence.ts';
import { toCsv, type CsvCell } from './csv.ts';
import type { DoseMark } from './dose-mark.ts';
import type { MarkIndex } from './dose-marks.ts';
import type { DuePrescription } from './doses-due.ts';

export interface ReportRow extends MedicationAdherence {
  /** The product's name as given; its pharmacode when none was given. */
  name: string;
  /** Taken out of due as a whole percent, rounded down (100 only when every dose was taken); null when nothing was due. */
  percent: number | null;
}

export interface DoseReport {
  from: CalendarDate;
  to: CalendarDate;
  rows: ReportRow[];
  unreadable: RecordId[];
}

export interface ReportOptions extends AdherenceOptions {
  from: CalendarDate;
  to: CalendarDate;
  names: ReadonlyMap<Pharmacode, string>;
}

export function doseReport(prescriptions: readonly DuePrescription[], marks: readonly DoseMark[] | MarkIndex, options: ReportOptions): DoseReport {
  const summary = adherenceBetween(prescriptions, marks, options.from, options.to, options);
  const rows = summary.medications.map((m) => ({
    ...m,
    name: options.names.get(m.pharmacode) ?? String(m.pharmacode),
    percent: m.rate === null ? null : Math.floor(m.rate * 100 + 1e-9),
  }));
  return { from: summary.from, to: summary.to, rows, unreadable: summary.unreadable };
}

export type ReportColumn =
  | 'product'
  | 'pharmacode'
  | 'from'
  | 'to'
  | 'due'
  | 'taken'
  | 'skipped'
  | 'skippedForgot'
  | 'skippedSideEffects'
  | 'skippedOutOfStock'
  | 'skippedOther'
  | 'notMarked'
  | 'percent';

/** The CSV's columns, in order. */
export const REPORT_COLUMNS: readonly ReportColumn[] = [
  'product',
  'pharmacode',
  'from',
  'to',
  'due',
  'taken',
  'skipped',
  'skippedForgot',
  'skippedSideEffects',
  'skippedOutOfStock',
  'skippedOther',
  'notMarked',
  'percent',
];

const cells = (report: DoseReport, row: ReportRow): Record<ReportColumn, CsvCell> => ({
  product: row.name,
  pharmacode: row.pharmacode,
  from: report.from,
  to: report.to,
  due: row.due,
  taken: row.taken,
  skipped: row.skipped,
  skippedForgot: row.skippedByReason.forgot,
  skippedSideEffects: row.skippedByReason.side_effects,
  skippedOutOfStock: row.skippedByReason.out_of_stock,
  skippedOther: row.skippedByReason.other,
  notMarked: row.notMarked,
  percent: row.percent,
});

/** The report as CSV text (see csv.ts): a header line of the given labels, one line per row. */
export function doseReportCsv(report: DoseReport, labels: Readonly<Record<ReportColumn, string>>): string {
  const header = REPORT_COLUMNS.map((c) => labels[c]);
  const lines = report.rows.map((row) => {
    const values = cells(report, row);
    return REPORT_COLUMNS.map((c) => values[c]);
  });
  return toCsv([header, ...lines]);
}
