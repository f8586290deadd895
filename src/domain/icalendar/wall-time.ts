// Wall-clock times of a zone and the instants they denote, with the platform only (zoned-time.ts),
// and the two DATE-TIME forms of RFC 5545 (3.3.5): local with a TZID, and UTC with a trailing Z.
import { utcOffsetMs, type CalendarDate } from '../zoned-time.ts';

/** How far the zone's wall clock is ahead of UTC at `ms` (the whole-second instant). */
const offsetMs = (ms: number, timeZone: string): number => utcOffsetMs(new Date(ms), timeZone);

const HALF_DAY_MS = 12 * 3_600_000;

/** A time of day 'HH:MM' (00:00-23:59). */
export const isTimeOfDay = (time: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);

const split = (date: CalendarDate, time: string): [number, number, number, number, number] => {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  return [y, mo, d, h, mi];
};

/**
 * The instant at which the wall clock of `timeZone` shows `time` on `date`. In the hour the
 * clocks skip it is the instant an hour later on the wall; in the hour they repeat, the first.
 */
export function instantOfWallTime(date: CalendarDate, time: string, timeZone: string): Date {
  const [y, mo, d, h, mi] = split(date, time);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // the offsets half a day before and after cover both sides of a change of clocks
  const candidates = [wall - offsetMs(wall - HALF_DAY_MS, timeZone), wall - offsetMs(wall + HALF_DAY_MS, timeZone)];
  const shown = candidates.filter((t) => t + offsetMs(t, timeZone) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : Math.max(...candidates));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYYMMDDTHHMMSS' of a wall-clock time, for a property with TZID. */
export function icsLocal(date: CalendarDate, time: string): string {
  const [y, mo, d, h, mi] = split(date, time);
  return `${pad(y, 4)}${pad(mo)}${pad(d)}T${pad(h)}${pad(mi)}00`;
}

/** 'YYYYMMDDTHHMMSSZ' of an instant. */
export function icsUtc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}
