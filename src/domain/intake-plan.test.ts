import { describe, expect, it } from 'vitest';
import { intakePeriodAt, intakePeriodForHour, nextIntakePeriodChange } from './intake-plan.ts';

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

// Europe/Zurich changes its clocks on the last Sundays of March (02:00 CET -> 03:00 CEST) and
// October (03:00 CEST -> 02:00 CET); the periods follow the wall clock on both days.
describe('intake period on the days the clocks change (Europe/Zurich)', () => {
  // spec §4 Intake period of the day: every boundary on 29 March 2026 (summer time from 02:00)
  it.each([
    ['2026-03-29T01:59:00+01:00', 'night'], // the last minute before the change
    ['2026-03-29T03:00:00+02:00', 'night'], // one minute later on the wall clock: 02:xx never happens
    ['2026-03-29T04:59:00+02:00', 'night'],
    ['2026-03-29T05:00:00+02:00', 'morning'],
    ['2026-03-29T11:59:59+02:00', 'morning'],
    ['2026-03-29T12:00:00+02:00', 'noon'],
    ['2026-03-29T17:59:59+02:00', 'noon'],
    ['2026-03-29T18:00:00+02:00', 'evening'],
    ['2026-03-29T21:59:59+02:00', 'evening'],
    ['2026-03-29T22:00:00+02:00', 'night'],
  ])('spring forward: %s -> %s', (instant, period) => {
    expect(intakePeriodAt(new Date(instant))).toBe(period);
  });

  // spec §4: every boundary on 25 October 2026 (winter time from 03:00 CEST, 02:00-02:59 twice)
  it.each([
    ['2026-10-25T02:30:00+02:00', 'night'], // first 02:30
    ['2026-10-25T02:30:00+01:00', 'night'], // the same wall-clock time an hour later
    ['2026-10-25T04:59:59+01:00', 'night'],
    ['2026-10-25T05:00:00+01:00', 'morning'],
    ['2026-10-25T11:59:59+01:00', 'morning'],
    ['2026-10-25T12:00:00+01:00', 'noon'],
    ['2026-10-25T17:59:59+01:00', 'noon'],
    ['2026-10-25T18:00:00+01:00', 'evening'],
    ['2026-10-25T21:59:59+01:00', 'evening'],
    ['2026-10-25T22:00:00+01:00', 'night'],
  ])('fall back: %s -> %s', (instant, period) => {
    expect(intakePeriodAt(new Date(instant))).toBe(period);
  });
});

describe('next change of the period', () => {
  it.each([
    // an ordinary winter and summer day: the next boundary hour on the wall clock
    ['2026-01-15T04:10:00+01:00', '2026-01-15T05:00:00+01:00'],
    ['2026-01-15T05:00:00+01:00', '2026-01-15T12:00:00+01:00'],
    ['2026-01-15T11:59:59+01:00', '2026-01-15T12:00:00+01:00'],
    ['2026-07-15T12:00:00+02:00', '2026-07-15T18:00:00+02:00'],
    ['2026-07-15T18:30:00+02:00', '2026-07-15T22:00:00+02:00'],
    ['2026-07-15T22:00:00+02:00', '2026-07-16T05:00:00+02:00'],
    // spring forward: the night that began at 22:00 winter time ends at 05:00 summer time
    ['2026-03-28T22:00:00+01:00', '2026-03-29T05:00:00+02:00'],
    ['2026-03-29T01:30:00+01:00', '2026-03-29T05:00:00+02:00'],
    // fall back: the night lasts an hour longer
    ['2026-10-24T22:00:00+02:00', '2026-10-25T05:00:00+01:00'],
    ['2026-10-25T02:30:00+01:00', '2026-10-25T05:00:00+01:00'],
  ])('after %s the period changes at %s', (from, at) => {
    expect(nextIntakePeriodChange(new Date(from)).toISOString()).toBe(new Date(at).toISOString());
  });

  it('the night across the change is 6 h in spring and 8 h in autumn (7 h otherwise)', () => {
    const hours = (from: string) => (nextIntakePeriodChange(new Date(from)).getTime() - new Date(from).getTime()) / 3_600_000;
    expect(hours('2026-03-28T22:00:00+01:00')).toBe(6);
    expect(hours('2026-10-24T22:00:00+02:00')).toBe(8);
    expect(hours('2026-01-14T22:00:00+01:00')).toBe(7);
  });
});
