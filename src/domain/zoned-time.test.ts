import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { addDays, calendarDatesBetween, dateInTimeZone, daysBetween, hourInTimeZone, intlParts, temporalParts, toCalendarDate } from './zoned-time.ts';

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
    ['2024-02-29', '2024-02-29'], // leap years: by 4, not by 100, by 400
    ['2023-02-29', null],
    ['2100-02-29', null],
    ['2000-02-29', '2000-02-29'],
    ['2025-04-31', null],
    ['2025-12-31', '2025-12-31'],
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

  it.each([
    ['2025-02-30', 1], // no date of the calendar: given back, not rolled over into March
    ['2025-13-01', 1],
    ['2025-00-10', 1],
    ['2025-1-01', 1],
  ])('addDays(%s, %i) gives the value back', (date, days) => {
    expect(addDays(date, days)).toBe(date);
  });

  // issue 36: the dates are read digit by digit; a Date built from the digits is the oracle
  it('reads every date of 1600-2400 as a Date does, valid or not', () => {
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    fc.assert(
      fc.property(fc.integer({ min: 1600, max: 2400 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: -800, max: 800 }), (y, m, d, days) => {
        const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        const t = new Date(Date.UTC(y, m - 1, d));
        const valid = m >= 1 && m <= 12 && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
        expect(toCalendarDate(text)).toBe(valid ? text : null);
        expect(addDays(text, days)).toBe(valid ? new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10) : text);
        if (valid) expect(daysBetween('2000-01-01', text)).toBe(Math.round((t.getTime() - Date.UTC(2000, 0, 1)) / 86_400_000));
      }),
      { numRuns: 2000 },
    );
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

  it('lists the dates addDays steps through, over five years with two leap days', () => {
    const dates = calendarDatesBetween('2023-12-30', '2028-03-02');
    let expected = '2023-12-30';
    for (const date of dates) {
      expect(date).toBe(expected);
      expected = addDays(expected, 1);
    }
    expect(dates).toContain('2024-02-29');
    expect(dates).toContain('2028-02-29');
    expect(dates).toHaveLength(daysBetween('2023-12-30', '2028-03-02') + 1);
  });
});

// issue 36: where the platform has Temporal (Chromium), the readings come from it, not from Intl
describe('the wall clock by Temporal', () => {
  const zones = ['Europe/Zurich', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];

  it('reads the same digits as Intl, every 293 minutes of 2026 and across both changes of Zurich’s clock', () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2027, 0, 1);
    // the last Sundays of March and October 2026, 01:00 UTC: a minute before, at and after
    const changes = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)].flatMap((t) => [t - 60_000, t - 1000, t, t + 1000, t + 60_000]);
    const instants = [...changes];
    for (let t = from; t < to; t += 293 * 60_000) instants.push(t);
    // one assertion over all of them: 27,000 expect() calls (every 97 minutes) took over 5 s on a loaded machine
    const differing: string[] = [];
    for (const timeZone of zones) {
      for (const ms of instants) {
        const instant = new Date(ms);
        const [a, b] = [temporalParts(Temporal, instant, timeZone), intlParts(instant, timeZone)].map((p) => `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
        if (a !== b) differing.push(`${instant.toISOString()} ${timeZone}: ${a} ≠ ${b}`);
      }
    }
    expect(differing).toEqual([]);
    expect(instants.length).toBeGreaterThan(1500);
  }, 30_000);

  it('keeps the second of an instant between two (no rounding up)', () => {
    const instant = new Date(Date.UTC(2026, 5, 30, 21, 59, 59, 999));
    expect(temporalParts(Temporal, instant, 'Europe/Zurich')).toEqual({ year: '2026', month: '06', day: '30', hour: '23', minute: '59', second: '59' });
  });

  it('refuses what Intl refuses: an invalid date, an unknown zone', () => {
    expect(() => temporalParts(Temporal, new Date(Number.NaN), 'Europe/Zurich')).toThrow(RangeError);
    expect(() => temporalParts(Temporal, new Date(0), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => intlParts(new Date(0), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
