import { describe, expect, it } from 'vitest';
import { cellStatus, medicationAdherence, weekGrid, type DoseCounts } from './adherence.ts';
import type { DoseMark } from './dose-mark.ts';
import type { DuePrescription } from './doses-due.ts';
import type { IntakeSupply } from '../intake-course.ts';

const rx = (id: number, dosage: number[], over: Partial<DuePrescription> = {}): DuePrescription => ({
  id,
  medication_id: 1000 + id,
  dosage,
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  ...over,
});
// nothing delivered: no single-use pack is known to be finished (the courses: ../intake-course.test.ts)
const supply: IntakeSupply = { orders: [], medications: new Map() };

const mark = (prescription_id: number, day: string, period: DoseMark['period'], status: DoseMark['status'] = 'taken', reason: DoseMark['reason'] = null): DoseMark => ({
  customer_id: 'c1',
  prescription_id,
  pharmacode: 1000 + prescription_id,
  day,
  period,
  status,
  reason,
  marked_at: `${day}T20:00:00Z`,
  device_id: 'phone',
});

const counts = (over: Partial<DoseCounts>): DoseCounts => ({
  due: 0,
  taken: 0,
  skipped: 0,
  skippedByReason: { forgot: 0, side_effects: 0, out_of_stock: 0, other: 0 },
  notMarked: 0,
  notYetDue: 0,
  ...over,
});

describe('a cell of the week grid', () => {
  it.each([
    ['nothing planned', {}, 'nothing_due'],
    ['planned, its time has not come', { notYetDue: 2 }, 'not_yet_due'],
    ['every dose taken', { due: 2, taken: 2 }, 'all_taken'],
    ['one skipped, one taken', { due: 2, taken: 1, skipped: 1 }, 'some_skipped'],
    ['all skipped', { due: 2, skipped: 2 }, 'some_skipped'],
    ['one skipped, one not marked', { due: 2, skipped: 1, notMarked: 1 }, 'some_skipped'],
    ['one taken, one not marked', { due: 2, taken: 1, notMarked: 1 }, 'partly'],
    ['none marked', { due: 2, notMarked: 2 }, 'not_marked'],
  ] as const)('%s -> %s', (_name, over, status) => {
    expect(cellStatus(counts(over))).toBe(status);
  });
});

describe('the week grid', () => {
  // 7 days × 4 periods ending with the given day; the periods after the current one are not yet due
  const prescriptions = [rx(1, [1, 0, 1, 0]), rx(2, [0.5, 0, 0, 0]), rx(3, [0, 0, 0, 1], { created_at: '2026-03-28T10:00:00+01:00' })];
  const marks = [
    mark(1, '2026-03-29', 'morning'),
    mark(2, '2026-03-29', 'morning', 'skipped', 'side_effects'),
    mark(1, '2026-03-29', 'evening'),
    mark(3, '2026-03-29', 'night'),
    mark(1, '2026-03-30', 'morning'),
    mark(1, '2026-04-01', 'morning'),
    mark(2, '2026-04-01', 'morning'),
  ];
  const grid = weekGrid(prescriptions, marks, '2026-04-01', { current: { day: '2026-04-01', period: 'noon' }, supply });
  const cell = (day: string, period: string) => grid.rows.flat().find((c) => c.day === day && c.period === period);

  it('has seven days across the change to summer time, four periods each', () => {
    expect(grid.days).toEqual(['2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01']);
    expect(grid.rows.map((r) => r.map((c) => c.period))).toEqual(Array(7).fill(['morning', 'noon', 'evening', 'night']));
  });

  it.each([
    ['2026-03-29', 'morning', 'some_skipped', { due: 2, taken: 1, skipped: 1 }], // the 23-hour day
    ['2026-03-29', 'noon', 'nothing_due', { due: 0 }],
    ['2026-03-29', 'evening', 'all_taken', { due: 1, taken: 1 }],
    ['2026-03-29', 'night', 'all_taken', { due: 1, taken: 1 }],
    ['2026-03-27', 'night', 'nothing_due', { due: 0 }], // before prescription 3 began
    ['2026-03-28', 'night', 'not_marked', { due: 1, notMarked: 1 }],
    ['2026-03-30', 'morning', 'partly', { due: 2, taken: 1, notMarked: 1 }],
    ['2026-04-01', 'morning', 'all_taken', { due: 2, taken: 2 }],
    ['2026-04-01', 'evening', 'not_yet_due', { due: 0, notYetDue: 1 }],
    ['2026-04-01', 'night', 'not_yet_due', { due: 0, notYetDue: 1 }],
  ])('%s %s: %s', (day, period, status, expected) => {
    expect(cell(day, period)).toMatchObject({ status, ...expected });
  });

  it('a past week has no future cells', () => {
    const past = weekGrid(prescriptions, [], '2026-03-31', { current: { day: '2026-04-01', period: 'morning' }, supply });
    expect(past.rows.flat().filter((c) => c.status === 'not_yet_due')).toEqual([]);
  });
});

describe('adherence per medication', () => {
  const endDay = '2026-05-30';
  const current = { day: endDay, period: 'night' } as const;

  it('counts doses over 30 days by default: due, taken, skipped by reason, not marked, rate', () => {
    const marks = [
      mark(1, '2026-05-01', 'morning'), // the first of the 30 days
      mark(1, '2026-04-30', 'morning'), // the day before: out of range
      mark(1, '2026-05-02', 'morning', 'skipped', 'forgot'),
      mark(1, '2026-05-03', 'morning', 'skipped', 'out_of_stock'),
      mark(1, '2026-05-04', 'morning', 'skipped', 'forgot'),
      mark(2, '2026-05-10', 'morning'),
    ];
    const summary = medicationAdherence([rx(1, [1, 0, 0, 0]), rx(2, [0.5, 0, 0, 0])], marks, endDay, { current, supply });
    expect(summary.from).toBe('2026-05-01');
    expect(summary.medications).toEqual([
      {
        pharmacode: 1001,
        prescriptionIds: [1],
        due: 30,
        taken: 1,
        skipped: 3,
        skippedByReason: { forgot: 2, side_effects: 0, out_of_stock: 1, other: 0 },
        notMarked: 26,
        notYetDue: 0,
        rate: 1 / 30,
      },
      expect.objectContaining({ pharmacode: 1002, due: 30, taken: 1, notMarked: 29 }), // half doses count as doses
    ]);
  });

  it('two prescriptions of one product are one row; a product without doses in the range has none', () => {
    const older = rx(1, [1, 0, 0, 0], { medication_id: 555, expires_at: '2026-05-27' });
    const newer = rx(2, [1, 0, 0, 0], { medication_id: 555, created_at: '2026-05-28T09:00:00+02:00' });
    const ended = rx(3, [1, 0, 0, 0], { expires_at: '2026-04-01' });
    const summary = medicationAdherence([older, newer, ended], [mark(2, '2026-05-29', 'morning')], endDay, { current, supply, days: 7 });
    expect(summary.medications.map((m) => [m.pharmacode, m.prescriptionIds, m.due, m.taken])).toEqual([[555, [1, 2], 7, 1]]);
  });

  it('today\'s later periods are not yet due; nothing due gives no rate', () => {
    const morningOfEndDay = { day: endDay, period: 'morning' } as const;
    const summary = medicationAdherence([rx(1, [0, 0, 1, 0])], [], endDay, { current: morningOfEndDay, supply, days: 1 });
    expect(summary.medications[0]).toMatchObject({ due: 0, notYetDue: 1, rate: null });
  });
});
