import { describe, expect, it } from 'vitest';
import { addDays, calendarDatesBetween, dateInTimeZone, daysBetween, hourInTimeZone, toCalendarDate } from './zoned-time.ts';

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

// Calendar arithmetic for the dose days (spec §4 Intake period): a day is a date, never 24 hours.
describe('calendar dates', () => {
  it.each([
    ['2026-03-28', 1, '2026-03-29'], // into the 23-hour day (summer time begins)
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-10-25', 1, '2026-10-26'], // out of the 25-hour day (winter time begins)
    ['2024-02-28', 1, '2024-02-29'], // leap day
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-30', -7, '2026-03-23'],
    ['2026-05-10', 0, '2026-05-10'],
    ['2026-05-10', 400, '2027-06-14'],
    ['not a date', 1, 'not a date'], // given back, never a throw
    ['2026-05-10', Number.NaN, '2026-05-10'],
  ])('addDays(%s, %i) -> %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('lists a week across the change to summer time as seven dates', () => {
    expect(calendarDatesBetween('2026-03-26', '2026-04-01')).toEqual([
      '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01',
    ]);
  });

  it.each([
    ['2026-10-22', '2026-10-28', 7], // across the change back to winter time
    ['2026-05-10', '2026-05-10', 1],
    ['2026-05-10', '2026-05-09', 0],
    ['2025-12-01', '2026-02-28', 90],
    ['1', '2026-01-01', 0], // not a date: no list, however far apart
    ['2026-01-01', '2026-02-30', 0],
  ])('calendarDatesBetween(%s, %s) has %i dates', (from, to, n) => {
    const dates = calendarDatesBetween(from, to);
    expect(dates).toHaveLength(n);
    expect(new Set(dates).size).toBe(n);
    if (n > 0) expect([dates[0], dates.at(-1)]).toEqual([from, to]);
  });
});
