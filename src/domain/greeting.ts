// Greeting by time of day on the dashboard (spec §2 "greeting by time of day"). Boundaries
// (decided), whole hours in Europe/Zurich: morning 05:00-11:59, afternoon 12:00-17:59,
// evening 18:00-23:59, night 00:00-04:59. After midnight neither "Guten Abend" nor "Guten
// Morgen" fits, and "Gute Nacht" / "Bonne nuit" say goodbye; the night greets without a time
// of day ("Hallo", "Bonjour"). The value is a message id; the UI translates it.
import { TIME_ZONE } from './constants.ts';
import { hourInTimeZone } from './zoned-time.ts';

export type GreetingId = 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' | 'greeting.night';

export function greetingForHour(hour: number): GreetingId {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (h >= 5 && h <= 11) return 'greeting.morning';
  if (h >= 12 && h <= 17) return 'greeting.afternoon';
  if (h >= 18) return 'greeting.evening';
  return 'greeting.night';
}

export const greetingAt = (now: Date, timeZone: string = TIME_ZONE): GreetingId =>
  greetingForHour(hourInTimeZone(now, timeZone));
