// Greeting by time of day on the dashboard (spec §2). Boundaries (decided), whole hours in
// Europe/Zurich: morning 05:00-11:59, afternoon 12:00-17:59, evening 18:00-04:59.
// The value is a message id; the UI translates it.
import { TIME_ZONE } from './constants.ts';
import { hourInTimeZone } from './zoned-time.ts';

export type GreetingId = 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening';

export function greetingForHour(hour: number): GreetingId {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (h >= 5 && h <= 11) return 'greeting.morning';
  if (h >= 12 && h <= 17) return 'greeting.afternoon';
  return 'greeting.evening';
}

export const greetingAt = (now: Date, timeZone: string = TIME_ZONE): GreetingId =>
  greetingForHour(hourInTimeZone(now, timeZone));
