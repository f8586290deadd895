import { describe, expect, it } from 'vitest';
import { TIME_ZONE as DOMAIN_TIME_ZONE } from '../../../../src/domain/constants.ts';
import { isCalendarDate, startOfDay, TIME_ZONE } from './zurich-day.ts';

describe('Zurich calendar days for the reminder tokens', () => {
  it('is the time zone of the app (src/domain/constants.ts)', () => {
    expect(TIME_ZONE).toBe(DOMAIN_TIME_ZONE);
  });

  it.each([
    ['2025-06-02', 0, '2025-06-01T22:00:00.000Z'], // summer time, UTC+2
    ['2025-01-15', 0, '2025-01-14T23:00:00.000Z'], // winter time, UTC+1
    ['2025-06-02', 2, '2025-06-03T22:00:00.000Z'],
    ['2025-03-29', 2, '2025-03-30T22:00:00.000Z'], // the 30th has 23 hours: 31st begins at UTC+2
    ['2025-10-25', 2, '2025-10-26T23:00:00.000Z'], // the 26th has 25 hours: 27th begins at UTC+1
    ['2025-03-30', 0, '2025-03-29T23:00:00.000Z'], // the day of the change itself begins at UTC+1
    ['2024-12-31', 1, '2024-12-31T23:00:00.000Z'], // into the next year
    ['2024-02-28', 2, '2024-02-29T23:00:00.000Z'], // leap day
  ])('day %s + %i begins at %s', (day, days, expected) => {
    expect(startOfDay(day, days).toISOString()).toBe(expected);
  });

  it.each([
    ['2025-06-02', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-6-2', false],
    ['2025-06-02T00:00', false],
    ['', false],
  ])('%j is a calendar date: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('refuses to compute from a non-date', () => {
    expect(() => startOfDay('2025-02-30', 1)).toThrow(RangeError);
  });
});
