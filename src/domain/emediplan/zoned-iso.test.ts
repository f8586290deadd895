import { describe, expect, it } from 'vitest';
import { isoInTimeZone } from './zoned-iso.ts';

// CHMED's Dt: ISO 8601 with the offset of the zone (chmed16a/README.md, Medication, Dt)
describe('isoInTimeZone', () => {
  it.each([
    ['2025-01-15T09:30:05Z', 'Europe/Zurich', '2025-01-15T10:30:05+01:00'],
    ['2025-07-15T09:30:05Z', 'Europe/Zurich', '2025-07-15T11:30:05+02:00'],
    ['2025-03-30T00:59:59Z', 'Europe/Zurich', '2025-03-30T01:59:59+01:00'],
    ['2025-03-30T01:00:00Z', 'Europe/Zurich', '2025-03-30T03:00:00+02:00'],
    ['2025-12-31T23:30:00Z', 'Europe/Zurich', '2026-01-01T00:30:00+01:00'],
    ['2025-07-15T09:30:05.999Z', 'UTC', '2025-07-15T09:30:05+00:00'],
    ['2025-07-15T09:30:00Z', 'Asia/Kolkata', '2025-07-15T15:00:00+05:30'],
    ['2025-07-15T09:30:00Z', 'America/New_York', '2025-07-15T05:30:00-04:00'],
  ])('%s in %s -> %s', (instant, zone, expected) => {
    expect(isoInTimeZone(new Date(instant), zone)).toBe(expected);
  });
});
