import { describe, expect, it } from 'vitest';
import { compareSlots, doseSlotAt, isNotYetDue } from './dose-slot.ts';

// spec §4 Intake period of the day (first reading): night is 22-04, so the hours after
// midnight are the night of the day before.
describe('the dose slot of an instant (Europe/Zurich)', () => {
  it.each([
    ['2026-01-15T04:59:00+01:00', '2026-01-14', 'night'],
    ['2026-01-15T00:30:00+01:00', '2026-01-14', 'night'],
    ['2026-01-15T05:00:00+01:00', '2026-01-15', 'morning'],
    ['2026-01-15T12:00:00+01:00', '2026-01-15', 'noon'],
    ['2026-01-15T21:59:00+01:00', '2026-01-15', 'evening'],
    ['2026-01-15T23:59:00+01:00', '2026-01-15', 'night'],
    ['2026-07-15T23:30:00+02:00', '2026-07-15', 'night'], // 21:30 UTC: the Zurich date, not the UTC one
    ['2026-03-29T03:30:00+02:00', '2026-03-28', 'night'], // clocks went forward at 02:00
    ['2026-10-25T02:30:00+01:00', '2026-10-24', 'night'], // the second 02:30
  ])('%s -> %s %s', (iso, day, period) => {
    expect(doseSlotAt(new Date(iso))).toEqual({ day, period });
  });

  it('reads the given time zone', () => {
    expect(doseSlotAt(new Date('2026-01-15T04:30:00Z'), 'UTC')).toEqual({ day: '2026-01-14', period: 'night' });
  });
});

describe('order of slots', () => {
  const now = { day: '2026-05-10', period: 'noon' } as const;
  it.each([
    [{ day: '2026-05-10', period: 'morning' }, -1, false],
    [{ day: '2026-05-10', period: 'noon' }, 0, false], // the current period's time has come
    [{ day: '2026-05-10', period: 'evening' }, 1, true],
    [{ day: '2026-05-10', period: 'night' }, 1, true],
    [{ day: '2026-05-09', period: 'night' }, -1, false],
    [{ day: '2026-05-11', period: 'morning' }, 1, true],
  ] as const)('%j: order %i, not yet due %s', (slot, sign, later) => {
    expect(Math.sign(compareSlots(slot, now))).toBe(sign);
    expect(isNotYetDue(slot, now)).toBe(later);
  });
});
