import { describe, expect, it } from 'vitest';
import { dateInTimeZone, daysBetween, hourInTimeZone, toCalendarDate } from './zoned-time.ts';

// Helpers for spec §4 (intake period, expiry) and §2 (greeting): readings in Europe/Zurich.
describe('zoned time', () => {
  it.each([
    ['2025-01-15T03:59:00Z', 4, '2025-01-15'], // winter, UTC+1
    ['2025-01-15T23:30:00Z', 0, '2025-01-16'],
    ['2025-07-15T02:59:00Z', 4, '2025-07-15'], // summer, UTC+2
    ['2025-07-15T22:00:00Z', 0, '2025-07-16'],
    ['2025-03-30T01:30:00Z', 3, '2025-03-30'], // just after the spring DST switch
  ])('%s -> hour %i, date %s in Zurich', (iso, hour, date) => {
    expect(hourInTimeZone(new Date(iso))).toBe(hour);
    expect(dateInTimeZone(new Date(iso))).toBe(date);
  });

  it.each([
    ['2025-02-28', '2025-02-28'],
    [' 2025-02-28 ', '2025-02-28'],
    ['2025-02-30', null],
    ['2025-06-30T22:30:00Z', '2025-07-01'],
    ['2025-06-30T21:30:00Z', '2025-06-30'],
    ['not a date', null],
  ])('toCalendarDate(%s) -> %s', (value, expected) => {
    expect(toCalendarDate(value)).toBe(expected);
  });

  it.each([
    ['2025-03-29', '2025-03-31', 2], // across DST
    ['2025-01-01', '2025-01-01', 0],
    ['2025-01-02', '2025-01-01', -1],
    ['2024-12-31', '2025-01-14', 14],
  ])('daysBetween(%s, %s) -> %i', (a, b, n) => {
    expect(daysBetween(a, b)).toBe(n);
  });
});
