import { describe, expect, it } from 'vitest';
import { icsLocal, icsUtc, instantOfWallTime } from './wall-time.ts';

describe('instantOfWallTime in Europe/Zurich (clocks forward on 29 March, back on 25 October 2026)', () => {
  it.each([
    ['2026-01-01', '00:00', '2025-12-31T23:00:00.000Z'],
    ['2026-07-01', '22:00', '2026-07-01T20:00:00.000Z'],
    ['2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    // 02:30 never shows on the wall that night: the instant an hour later on the wall, 03:30
    ['2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '08:00', '2026-03-29T06:00:00.000Z'],
    // 02:30 shows twice: the first time, still in summer time
    ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '08:00', '2026-10-25T07:00:00.000Z'],
  ])('%s %s -> %s', (date, time, instant) => {
    expect(instantOfWallTime(date, time, 'Europe/Zurich').toISOString()).toBe(instant);
  });
});

describe('RFC 5545 DATE-TIME forms (3.3.5)', () => {
  it('local with TZID, and UTC with Z', () => {
    expect(icsLocal('2026-03-30', '08:00')).toBe('20260330T080000');
    expect(icsUtc(new Date('2026-11-05T07:00:00.000Z'))).toBe('20261105T070000Z');
  });
});
