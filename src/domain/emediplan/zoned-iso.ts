// An instant written as ISO 8601 with the zone's offset ("2025-03-30T10:15:00+02:00"), the
// form CHMED wants for Dt: the wall clock and the offset of zoned-time.ts.
import { TIME_ZONE } from '../constants.ts';
import { utcOffsetMs, wallClockParts } from '../zoned-time.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock reading of `instant` in `timeZone`, to the second, with its UTC offset. */
export function isoInTimeZone(instant: Date, timeZone: string = TIME_ZONE): string {
  const p = wallClockParts(instant, timeZone);
  const offsetMinutes = Math.round(utcOffsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
