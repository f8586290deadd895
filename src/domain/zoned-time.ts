// Wall-clock readings of an instant in a time zone, with the platform's own Temporal where it has
// one and Intl otherwise (no libraries). The instant is always a parameter: nothing here reads
// the clock.
import { TIME_ZONE } from './constants.ts';

/** A calendar date 'YYYY-MM-DD'. */
export type CalendarDate = string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The locale of the readings below: its parts are numbers in a fixed order, whatever the app's language. */
export const WALL_CLOCK_LOCALE = 'en-GB';

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

/** The part of Temporal the readings use. */
export interface TemporalReader {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } } };
}

/**
 * The platform's Temporal, where it has one (Chromium does; Node 20 and older browsers do not).
 * The first Intl.DateTimeFormat of a page loads ICU's date formatting: about 100 ms of the main
 * thread at 4× CPU, one task right after the first paint (issue 36); Temporal reads a time
 * zone's rules without it, in a few ms. Looked up at the first reading, not when the module is
 * evaluated: V8 sets the global Temporal up at its first access (about 4 ms at 4× CPU, inside
 * the entry's evaluation when it was read there).
 */
let platformTemporal: TemporalReader | null | undefined;
const platform = (): TemporalReader | null => (platformTemporal ??= (globalThis as { Temporal?: TemporalReader }).Temporal ?? null);

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The wall clock by Temporal: the same digits as the Intl reading (tests/unit compares them). */
export function temporalParts(temporal: TemporalReader, instant: Date, timeZone: string): Record<string, string> {
  const z = temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return { year: String(z.year), month: twoDigits(z.month), day: twoDigits(z.day), hour: twoDigits(z.hour), minute: twoDigits(z.minute), second: twoDigits(z.second) };
}

/** The wall clock by Intl. */
export function intlParts(instant: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') out[p.type] = p.value;
  return out;
}

// The last reading: the rules ask about the same `now` over and over (every prescription of
// a list), and formatToParts is the slow part of Intl.
let last: { ms: number; timeZone: string; parts: Record<string, string> } | null = null;

function parts(instant: Date, timeZone: string): Record<string, string> {
  const ms = instant.getTime();
  if (last && last.ms === ms && last.timeZone === timeZone) return last.parts;
  const temporal = platform();
  const out = temporal ? temporalParts(temporal, instant, timeZone) : intlParts(instant, timeZone);
  last = { ms, timeZone, parts: out };
  return out;
}

/** The wall clock of `timeZone` at `instant`: year, month, day, hour, minute, second as zero-padded digits. */
export function wallClockParts(instant: Date, timeZone: string = TIME_ZONE): Readonly<Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>> {
  const p = parts(instant, timeZone);
  return { year: p.year ?? '', month: p.month ?? '', day: p.day ?? '', hour: p.hour ?? '', minute: p.minute ?? '', second: p.second ?? '' };
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant` (taken to the whole second), in ms. */
export function utcOffsetMs(instant: Date, timeZone: string = TIME_ZONE): number {
  const p = wallClockParts(instant, timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Hour of the day (0-23) of `instant` in `timeZone`. */
export function hourInTimeZone(instant: Date, timeZone: string = TIME_ZONE): number {
  return Number(parts(instant, timeZone).hour) % 24;
}

/** Calendar date of `instant` in `timeZone`. */
export function dateInTimeZone(instant: Date, timeZone: string = TIME_ZONE): CalendarDate {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The calendar date a stored date or timestamp denotes: 'YYYY-MM-DD' is taken as it is,
 * a timestamp is read in `timeZone`. Anything unparsable gives null.
 */
export function toCalendarDate(value: string, timeZone: string = TIME_ZONE): CalendarDate | null {
  const trimmed = value.trim();
  const m = DATE_ONLY.exec(trimmed);
  if (m) {
    const [, y, mo, d] = m;
    const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    return t.getUTCDate() === Number(d) && t.getUTCMonth() === Number(mo) - 1 ? trimmed : null;
  }
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : dateInTimeZone(new Date(ms), timeZone);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); DST-free. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const utc = (d: CalendarDate): number => {
    // the usual 'YYYY-MM-DD' read without the arrays of split: a list's rules ask this thousands of times
    if (d.length === 10 && d[4] === '-' && d[7] === '-') return Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
    const [y = 0, m = 1, day = 1] = d.split('-').map(Number);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

const isDate = (d: CalendarDate): boolean => toCalendarDate(d) === d;

/**
 * The calendar date `days` later (earlier when negative). Calendar arithmetic, not 24-hour
 * steps: in Zurich the last Sundays of March and October last 23 and 25 hours. A value that
 * is not a valid 'YYYY-MM-DD' date is given back as it is (nothing here throws).
 */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!DATE_ONLY.test(date) || !Number.isFinite(days)) return date;
  const [y = 0, m = 1, day = 1] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, day + Math.trunc(days)));
  return Number.isNaN(t.getTime()) ? date : t.toISOString().slice(0, 10);
}

/**
 * Every calendar date from `from` through `to`, both included; empty when `to` is earlier or
 * either is not a valid 'YYYY-MM-DD' date.
 */
export function calendarDatesBetween(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  if (!isDate(from) || !isDate(to)) return [];
  const out: CalendarDate[] = [];
  // a UTC day is always 24 hours: one step of ms per date, not addDays' parsing per date (a
  // supply forecast walks a year of dates per medication, on the first screen)
  const end = Date.parse(to);
  for (let t = Date.parse(from); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
