import { describe, expect, it } from 'vitest';
import type { Prescription } from '../entities.ts';
import { INTAKE_PERIODS } from '../intake-plan.ts';
import type { IntakeSupply } from '../intake-course.ts';
import { dosesDueBetween as dueBetween, dosesDueOn as dueOn, type DuePrescription } from './doses-due.ts';

// nothing delivered: no single-use pack is known to be finished (the courses: ../intake-course.test.ts)
const NOTHING: IntakeSupply = { orders: [], medications: new Map() };
const dosesDueOn = (list: readonly DuePrescription[], day: string) => dueOn(list, day, NOTHING);
const dosesDueBetween = (list: readonly DuePrescription[], from: string, to: string) => dueBetween(list, from, to, NOTHING);

const rx = (id: number, over: Partial<Prescription & { created_at: string | null }> = {}): Prescription & { created_at?: string | null } => ({
  id,
  customer_id: 'c',
  medication_id: 1000 + id,
  dosage: [1, 0, 1, 0],
  comment: null,
  expires_at: '2026-12-31',
  single_use: false,
  used: false,
  intake: null,
  ...over,
});

describe('taken on a day', () => {
  // spec §4 Prescriptions: active through the expiry date; the start is the Zurich date of created_at
  it.each([
    ['from the day it was created', { created_at: '2026-05-10T06:00:00Z' }, '2026-05-10', true],
    ['not the day before', { created_at: '2026-05-10T06:00:00Z' }, '2026-05-09', false],
    ['created 23:30 UTC is the next Zurich day', { created_at: '2026-05-09T23:30:00Z' }, '2026-05-09', false],
    ['... and in force on it', { created_at: '2026-05-09T23:30:00Z' }, '2026-05-10', true],
    ['no created_at: no lower bound', { created_at: null }, '2001-01-01', true],
    ['unreadable created_at: no lower bound', { created_at: 'soon' }, '2001-01-01', true],
    ['through the expiry day', { expires_at: '2026-06-30' }, '2026-06-30', true],
    ['not the day after', { expires_at: '2026-06-30' }, '2026-07-01', false],
    ['an unreadable expiry never ends', { expires_at: 'never' }, '2099-01-01', true],
    // spec §4: a used single-use prescription is expired, but the delivered pack is still taken
    ['single-use, used: until its expiry', { single_use: true, used: true, expires_at: '2026-06-30' }, '2026-06-20', true],
    ['single-use, used: not after it', { single_use: true, used: true, expires_at: '2026-06-30' }, '2026-07-01', false],
  ])('%s', (_name, over, day, inForce) => {
    expect(dosesDueOn([rx(1, over)], day).doses.length > 0).toBe(inForce);
  });
});

describe('doses due on a day', () => {
  it('one dose per period above 0, in period order, then the order of the prescriptions', () => {
    const due = dosesDueOn([rx(1, { dosage: [1, 0, 1, 0] }), rx(2, { dosage: [0, 0, 0, 2] }), rx(3, { dosage: [2, 1, 0, 0] })], '2026-05-10');
    expect(due.doses.map((d) => [d.period, d.prescription_id, d.units])).toEqual([
      ['morning', 1, 1],
      ['morning', 3, 2],
      ['noon', 3, 1],
      ['evening', 1, 1],
      ['night', 2, 2],
    ]);
    expect(due.doses[0]).toEqual({ prescription_id: 1, pharmacode: 1001, day: '2026-05-10', period: 'morning', units: 1 });
  });

  // spec §3 dosage: fractions such as 0.5 happen; a half dose is one dose
  it('a half dose is one dose of 0.5 units', () => {
    expect(dosesDueOn([rx(1, { dosage: [0.5, 0, 0, 0] })], '2026-05-10').doses).toEqual([
      { prescription_id: 1, pharmacode: 1001, day: '2026-05-10', period: 'morning', units: 0.5 },
    ]);
  });

  it('a dosage of 0-0-0-0 (reserve medication) has no dose', () => {
    expect(dosesDueOn([rx(1, { dosage: [0, 0, 0, 0] })], '2026-05-10')).toEqual({ doses: [], unreadable: [] });
  });

  it.each([
    ['three numbers', [1, 0, 1]],
    ['a negative number', [1, -1, 0, 0]],
    ['not a number', [1, Number.NaN, 0, 0]],
  ])('an unreadable dosage (%s) is left out and listed', (_name, dosage) => {
    const due = dosesDueOn([rx(1, { dosage }), rx(2, { dosage: [1, 0, 0, 0] })], '2026-05-10');
    expect(due.unreadable).toEqual([1]);
    expect(due.doses.map((d) => d.prescription_id)).toEqual([2]);
  });

  it('an unreadable dosage out of force is not listed', () => {
    expect(dosesDueOn([rx(1, { dosage: [1], expires_at: '2026-01-01' })], '2026-05-10').unreadable).toEqual([]);
  });
});

describe('doses due over a range', () => {
  const everyPeriod: DuePrescription = { id: 7, medication_id: 77, dosage: [1, 1, 1, 1], expires_at: '2026-12-31', single_use: false, used: false };

  // spec §4 Intake period: the clock changes (last Sundays of March and October) leave four
  // periods on a 23- or 25-hour day; a week across them has seven days of doses
  it.each([
    ['across the change to summer time', '2026-03-26', '2026-04-01', '2026-03-29'],
    ['across the change to winter time', '2026-10-22', '2026-10-28', '2026-10-25'],
    ['a week in 2025 (30 March)', '2025-03-27', '2025-04-02', '2025-03-30'],
  ])('%s: 7 days × 4 periods', (_name, from, to, changeDay) => {
    const { doses } = dosesDueBetween([everyPeriod], from, to);
    expect(doses).toHaveLength(28);
    expect(new Set(doses.map((d) => d.day)).size).toBe(7);
    expect(doses.filter((d) => d.day === changeDay).map((d) => d.period)).toEqual([...INTAKE_PERIODS]);
  });

  it('sorts by day first and lists a prescription that ends inside the range until its expiry', () => {
    const ending = rx(1, { dosage: [1, 0, 0, 0], expires_at: '2026-05-11' });
    const starting = rx(2, { dosage: [0, 0, 1, 0], created_at: '2026-05-11T08:00:00+02:00' });
    const { doses } = dosesDueBetween([ending, starting], '2026-05-10', '2026-05-12');
    expect(doses.map((d) => `${d.day} ${d.period} ${d.prescription_id}`)).toEqual([
      '2026-05-10 morning 1',
      '2026-05-11 morning 1',
      '2026-05-11 evening 2',
      '2026-05-12 evening 2',
    ]);
  });

  it.each([
    ['to before from', '2026-05-12', '2026-05-10'],
    ['from not a date', 'today', '2026-05-10'],
  ])('nothing when %s', (_name, from, to) => {
    expect(dosesDueBetween([everyPeriod], from, to).doses).toEqual([]);
  });
});
