import { describe, expect, it } from 'vitest';
import { greetingAt, greetingForHour } from './greeting.ts';

describe('greeting', () => {
  // spec §2 /dashboard: greeting by time of day (boundaries decided in greeting.ts); issue 22:
  // at 03:00 the greeting said "Guten Abend"
  it.each([
    ['00:00', 'greeting.night'],
    ['03:00', 'greeting.night'],
    ['04:59', 'greeting.night'],
    ['05:00', 'greeting.morning'],
    ['11:59', 'greeting.morning'],
    ['12:00', 'greeting.afternoon'],
    ['17:59', 'greeting.afternoon'],
    ['18:00', 'greeting.evening'],
    ['22:00', 'greeting.evening'],
    ['23:59', 'greeting.evening'],
  ])('%s in Zurich -> %s', (time, id) => {
    expect(greetingAt(new Date(`2025-01-15T${time}:00+01:00`))).toBe(id);
    expect(greetingAt(new Date(`2025-07-15T${time}:00+02:00`))).toBe(id);
  });

  // every hour of the day, once
  it.each(Array.from({ length: 24 }, (_, h) => [h, h < 5 ? 'greeting.night' : h < 12 ? 'greeting.morning' : h < 18 ? 'greeting.afternoon' : 'greeting.evening'] as const))(
    'hour %d -> %s',
    (hour, id) => {
      expect(greetingForHour(hour)).toBe(id);
    },
  );

  it.each([
    [12.5, 'greeting.afternoon'],
    [24, 'greeting.night'],
    [-1, 'greeting.evening'],
    [Number.NaN, 'greeting.night'],
  ])('hour %d -> %s', (hour, id) => {
    expect(greetingForHour(hour)).toBe(id);
  });

  // the night after the clocks change in Zurich (spring: 02:00 -> 03:00; autumn: 03:00 -> 02:00)
  it.each([
    ['2026-03-29T01:59:59+01:00', 'greeting.night'],
    ['2026-03-29T03:00:00+02:00', 'greeting.night'],
    ['2026-03-29T05:00:00+02:00', 'greeting.morning'],
    ['2026-10-25T02:30:00+02:00', 'greeting.night'],
    ['2026-10-25T02:30:00+01:00', 'greeting.night'],
    ['2026-10-25T05:00:00+01:00', 'greeting.morning'],
  ])('%s -> %s', (instant, id) => {
    expect(greetingAt(new Date(instant))).toBe(id);
  });
});
