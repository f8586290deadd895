// Calendar days of the pharmacy's time zone for the reminder tokens. The app's own helpers
// (src/domain/zoned-time.ts) are out of reach here: a deployed function only bundles files under
// supabase/functions (see ../../README.md), so the little needed is repeated with Intl.

/** = TIME_ZONE of src/domain/constants.ts (a test keeps them equal) */
export const TIME_ZONE = 'Europe/Zurich';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock of `timeZone` is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the calendar day `days` after `day` begins in `timeZone` (midnight; Zurich
 * changes its clocks at 02:00 and 03:00, so midnight always exists).
 */
export function startOfDay(day: string, days: number, timeZone: string = TIME_ZONE): Date {
  if (!isCalendarDate(day)) throw new RangeError(`not a calendar date: ${day}`);
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d + days);
  // the offset at the wall time read as UTC is right unless a clock change lies in between
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}
