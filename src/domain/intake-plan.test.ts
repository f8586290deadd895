import { describe, expect, it } from 'vitest';
import type { Prescription } from './entities.ts';
import { intakePeriodAt, intakePeriodForHour, intakePlan } from './intake-plan.ts';

describe('intake period of the day', () => {
  // spec §4 Intake period of the day, first reading: morning 5-11, noon 12-17, evening 18-21, night otherwise
  it.each([
    ['00:00', 'night'],
    ['04:59', 'night'],
    ['05:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'noon'],
    ['17:59', 'noon'],
    ['18:00', 'evening'],
    ['21:59', 'evening'],
    ['22:00', 'night'],
    ['23:59', 'night'],
  ])('%s in Zurich -> %s (winter and summer)', (time, period) => {
    expect(intakePeriodAt(new Date(`2025-01-15T${time}:00+01:00`))).toBe(period);
    expect(intakePeriodAt(new Date(`2025-07-15T${time}:00+02:00`))).toBe(period);
  });

  it.each([
    [4, 'night'],
    [5, 'morning'],
    [11.99, 'morning'],
    [24, 'night'],
    [29, 'morning'],
    [-1, 'night'],
  ])('hour %d -> %s', (hour, period) => {
    expect(intakePeriodForHour(hour)).toBe(period);
  });

  it('reads the hour in the given time zone', () => {
    const instant = new Date('2025-01-15T11:30:00Z'); // 12:30 in Zurich
    expect(intakePeriodAt(instant)).toBe('noon');
    expect(intakePeriodAt(instant, 'UTC')).toBe('morning');
  });
});

describe("today's intake plan", () => {
  const now = new Date('2025-03-10T08:00:00Z');
  const rx = (id: number, dosage: Prescription['dosage'], over: Partial<Prescription> = {}): Prescription => ({
    id, customer_id: 'c', medication_id: 1000 + id, dosage, comment: null, expires_at: '2025-12-31', single_use: false, used: false, intake: null, ...over,
  });

  // spec §2 dashboard: today's intake plan (morning, noon, evening, night); §3 dosage is four numbers
  it('lists active prescriptions with units per period', () => {
    const plan = intakePlan(
      [
        rx(1, [1, 0, 1, 0]),
        rx(2, [0.5, 0.5, 0, 2]),
        rx(3, [1, 1, 1, 1], { expires_at: '2025-03-09' }), // expired: left out
        rx(4, [1, 1, 1, 1], { single_use: true, used: true }), // used: left out
        rx(5, [1, 1, 1]), // unreadable: not four values
        rx(6, [0, 0, 0, 0]),
      ],
      now,
    );
    expect(plan).toEqual({
      morning: [
        { prescription_id: 1, medication_id: 1001, units: 1 },
        { prescription_id: 2, medication_id: 1002, units: 0.5 },
      ],
      noon: [{ prescription_id: 2, medication_id: 1002, units: 0.5 }],
      evening: [{ prescription_id: 1, medication_id: 1001, units: 1 }],
      night: [{ prescription_id: 2, medication_id: 1002, units: 2 }],
      unreadable: [5],
    });
  });

  it('is empty without prescriptions', () => {
    expect(intakePlan([], now)).toEqual({ morning: [], noon: [], evening: [], night: [], unreadable: [] });
  });
});
