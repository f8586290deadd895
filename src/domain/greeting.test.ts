import { describe, expect, it } from 'vitest';
import { greetingAt, greetingForHour } from './greeting.ts';

describe('greeting', () => {
  // spec §2 /dashboard: greeting by time of day (boundaries decided in greeting.ts)
  it.each([
    ['00:00', 'greeting.evening'],
    ['04:59', 'greeting.evening'],
    ['05:00', 'greeting.morning'],
    ['11:59', 'greeting.morning'],
    ['12:00', 'greeting.afternoon'],
    ['17:59', 'greeting.afternoon'],
    ['18:00', 'greeting.evening'],
    ['23:59', 'greeting.evening'],
  ])('%s in Zurich -> %s', (time, id) => {
    expect(greetingAt(new Date(`2025-01-15T${time}:00+01:00`))).toBe(id);
    expect(greetingAt(new Date(`2025-07-15T${time}:00+02:00`))).toBe(id);
  });

  it.each([
    [5, 'greeting.morning'],
    [12.5, 'greeting.afternoon'],
    [Number.NaN, 'greeting.evening'],
  ])('hour %d -> %s', (hour, id) => {
    expect(greetingForHour(hour)).toBe(id);
  });
});
