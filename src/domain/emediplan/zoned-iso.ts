// An instant written as ISO 8601 with the zone's offset ("2025-03-30T10:15:00+02:00"), the
// form CHMED wants for Dt. zoned-time.ts reads dates and hours only; this adds the offset.
import { TIME_ZONE } from '../constants.ts';
import { WALL_CLOCK_LOCALE } from '../zoned-time.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(WALL_CLOCK_LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock reading of `instant` in `timeZone`, to the second, with its UTC offset. */
export function isoInTimeZone(instant: Date, timeZone: string = TIME_ZONE): string {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) p[part.type] = part.value;
  const [y, mo, d, h, mi, s] = [p.year, p.month, p.day, p.hour, p.minute, p.second].map(Number) as [number, number, number, number, number, number];
  const wallMs = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetMinutes = Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
