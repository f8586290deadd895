// Wall-clock readings of an instant in a time zone, with the platform's own Temporal where it has
// one and Intl otherwise (no libraries). The instant is always a parameter: nothing here reads
// the clock.
import { TIME_ZONE } from './constants.ts';

/** A calendar date 'YYYY-MM-DD'. */
export type CalendarDate = string;

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

const DAY_MS = 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number the `count` digits of `s` from `at` write, or -1 when one of them is not a digit. */
function digits(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * Midnight UTC of a 'YYYY-MM-DD' date, read digit by digit: NaN when `d` has that shape but is no
 * date of the calendar (2025-02-30), undefined when it has another shape. The date rules read
 * thousands of dates for one list (expiry, orders, the supply walk): a regular expression, a
 * split and a Date each were 10–15 ms of /prescriptions' render at 4× CPU (issue 36).
 */
function dateOnlyMs(d: string): number | undefined {
  if (d.length !== 10 || d.charCodeAt(4) !== 45 || d.charCodeAt(7) !== 45) return undefined;
  const y = digits(d, 0, 4);
  const m = digits(d, 5, 2);
  const day = digits(d, 8, 2);
  if (y < 0 || m < 0 || day < 0) return undefined;
  if (m < 1 || m > 12 || day < 1) return Number.NaN;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (day > DAYS_IN_MONTH[m - 1]! + (leap ? 1 : 0)) return Number.NaN;
  // Date.UTC reads years 0-99 as 1900-1999: the year set apart keeps the digits' own year
  return y >= 100 ? Date.UTC(y, m - 1, day) : new Date(0).setUTCFullYear(y, m - 1, day);
}

/**
 * The calendar date a stored date or timestamp denotes: 'YYYY-MM-DD' is taken as it is,
 * a timestamp is read in `timeZone`. Anything unparsable gives null.
 */
export function toCalendarDate(value: string, timeZone: string = TIME_ZONE): CalendarDate | null {
  const trimmed = value.trim();
  const date = dateOnlyMs(trimmed);
  if (date !== undefined) return Number.isNaN(date) ? null : trimmed;
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : dateInTimeZone(new Date(ms), timeZone);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); DST-free. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const utc = (d: CalendarDate): number => {
    const ms = dateOnlyMs(d);
    if (ms !== undefined && !Number.isNaN(ms)) return ms;
    const [y = 0, m = 1, day = 1] = d.split('-').map(Number);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

const isDate = (d: CalendarDate): boolean => toCalendarDate(d) === d;

/**
 * The calendar date `days` later (earlier when negative). Calendar arithmetic, not 24-hour
 * steps: in Zurich the last Sundays of March and October last 23 and 25 hours (a UTC day is
 * always 24). A value that is not a valid 'YYYY-MM-DD' date is given back as it is (nothing here
 * throws).
 */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const ms = dateOnlyMs(date);
  if (ms === undefined || Number.isNaN(ms) || !Number.isFinite(days)) return date;
  const t = new Date(ms + Math.trunc(days) * DAY_MS);
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
