import { describe, expect, it } from 'vitest';
import { INTAKE_PERIODS } from '../intake-plan.ts';
import { calendarDatesBetween } from '../zoned-time.ts';
import type { DoseMark } from './dose-mark.ts';
import type { DuePrescription } from './doses-due.ts';
import type { IntakeSupply } from '../intake-course.ts';
import { doseReport, doseReportCsv, REPORT_COLUMNS, type ReportColumn } from './report.ts';

const rx = (id: number, medication_id: number, dosage: number[]): DuePrescription => ({ id, medication_id, dosage, expires_at: '2026-12-31', single_use: false, used: false });
// nothing delivered: no single-use pack is known to be finished (the courses: ../intake-course.test.ts)
const supply: IntakeSupply = { orders: [], medications: new Map() };
const mark = (prescription_id: number, day: string, period: DoseMark['period'], status: DoseMark['status'], reason: DoseMark['reason'] = null): DoseMark => ({
  customer_id: 'c1',
  prescription_id,
  pharmacode: 0,
  day,
  period,
  status,
  reason,
  marked_at: `${day}T20:00:00Z`,
  device_id: 'phone',
});

const labels = Object.fromEntries(REPORT_COLUMNS.map((c) => [c, `<${c}>`])) as Record<ReportColumn, string>;

// spec §2 dashboard: the doctor's report per medication over a chosen range of days
describe('the report for the doctor', () => {
  const prescriptions = [rx(1, 111, [1, 0, 1, 0]), rx(2, 222, [0, 0, 0, 0.5])];
  const marks = [
    mark(1, '2026-10-24', 'morning', 'taken'),
    mark(1, '2026-10-24', 'evening', 'skipped', 'side_effects'),
    mark(1, '2026-10-25', 'morning', 'taken'),
    mark(1, '2026-10-25', 'evening', 'skipped', 'forgot'),
    mark(2, '2026-10-24', 'night', 'taken'),
    mark(2, '2026-10-25', 'night', 'taken'),
    mark(2, '2026-10-26', 'night', 'taken'), // out of range
  ];
  const names = new Map([[111, '=cmd|"/c calc"!A0; Tabl']]);
  const report = doseReport(prescriptions, marks, { from: '2026-10-23', to: '2026-10-25', current: { day: '2026-11-01', period: 'noon' }, supply, names });

  it('rows per medication: due, taken, skipped with reasons, not marked, percent', () => {
    expect(report.rows.map((r) => [r.name, r.due, r.taken, r.skipped, r.skippedByReason, r.notMarked, r.percent])).toEqual([
      ['=cmd|"/c calc"!A0; Tabl', 6, 2, 2, { forgot: 1, side_effects: 1, out_of_stock: 0, other: 0 }, 2, 33],
      ['222', 3, 2, 0, { forgot: 0, side_effects: 0, out_of_stock: 0, other: 0 }, 1, 66], // no name given: the pharmacode
    ]);
  });

  it('the CSV: BOM, header labels as given, CRLF, integers, dates, the name guarded and quoted', () => {
    expect(doseReportCsv(report, labels).split('\r\n')).toEqual([
      `\uFEFF${REPORT_COLUMNS.map((c) => `<${c}>`).join(';')}`,
      `"'=cmd|""/c calc""!A0; Tabl";111;2026-10-23;2026-10-25;6;2;2;1;1;0;0;2;33`,
      '222;222;2026-10-23;2026-10-25;3;2;0;0;0;0;0;1;66',
      '',
    ]);
  });

  it('a medication with nothing due yet has an empty percent', () => {
    const today = doseReport([rx(1, 111, [0, 0, 1, 0])], [], { from: '2026-10-25', to: '2026-10-25', current: { day: '2026-10-25', period: 'morning' }, supply, names: new Map() });
    expect(today.rows[0]?.percent).toBeNull();
    expect(doseReportCsv(today, labels).split('\r\n')[1]).toBe('111;111;2026-10-25;2026-10-25;0;0;0;0;0;0;0;0;');
  });

  it('the percent is rounded down: 100 only when every dose was taken', () => {
    const days = calendarDatesBetween('2026-06-01', '2026-07-20'); // 50 days × 4 periods = 200 doses
    const all = days.flatMap((d) => INTAKE_PERIODS.map((p) => mark(1, d, p, 'taken')));
    const options = { from: '2026-06-01', to: '2026-07-20', current: { day: '2026-08-01', period: 'morning' as const }, supply, names: new Map() };
    expect(doseReport([rx(1, 111, [1, 1, 1, 1])], all, options).rows[0]?.percent).toBe(100);
    expect(doseReport([rx(1, 111, [1, 1, 1, 1])], all.slice(1), options).rows[0]?.percent).toBe(99); // 199 of 200 = 99.5 %
  });
});
