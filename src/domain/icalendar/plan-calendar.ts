// The intake plan as an iCalendar file (RFC 5545) for the phone's calendar: one daily event
// per intake period that has medication, at the period's time in Zurich, repeating until the
// last expiry, each with a reminder. Decided:
// - SUMMARY lists what to take (the lines joined by ", "), DESCRIPTION one line each: the
//   caller passes translated text, so nothing here is visible text of the app's own;
// - the events start today (or `from`) and end with the occurrence on `until` (inclusive, as
//   expiry dates are): UNTIL is that occurrence in UTC, which RFC 5545 3.3.10 requires when
//   DTSTART has a TZID. With `until` before the first day the calendar holds no event;
// - UID is `{period}-{uid}`: the same plan exported again updates the events instead of
//   adding new ones; the caller's uid should be globally unique (e.g. "<customer id>@<host>");
// - events are TRANSPARENT (they do not block the day as busy) and last `durationMinutes`.
import { TIME_ZONE } from '../constants.ts';
import type { Language } from '../entities.ts';
import { INTAKE_PERIODS, type IntakePeriod } from '../intake-plan.ts';
import { DEFAULT_PERIOD_TIMES } from '../plan-settings.ts';
import { dateInTimeZone, daysBetween, type CalendarDate } from '../zoned-time.ts';
import { escapeText, toIcs } from './ics-text.ts';
import { icsLocal, icsUtc, instantOfWallTime, isTimeOfDay } from './wall-time.ts';
import { ZURICH_TZID, ZURICH_VTIMEZONE } from './zurich-vtimezone.ts';

export const PRODUCT_ID = '-//Rezeptpost Apotheke//Intake plan//';

export interface PlanCalendarInput {
  /** Per period, what to take: one translated line per medication ("Dafalgan 1 g: 1 Tabl"). */
  periods: Readonly<Partial<Record<IntakePeriod, readonly string[]>>>;
  /** The last expiry date: the last day with events. */
  until: CalendarDate;
  now: Date;
  /** Globally unique base of the events' UIDs, stable for this patient's plan. */
  uid: string;
  lang: Language;
  /** 'HH:MM' per period; missing or malformed ones take the default. */
  times?: Readonly<Partial<Record<IntakePeriod, string>>>;
  /** First day with events; default: today in Zurich. */
  from?: CalendarDate;
  /** Reminder this many minutes before (0: at the time). */
  alarmMinutesBefore?: number;
  durationMinutes?: number;
  /** The calendar's name (X-WR-CALNAME), translated by the caller. */
  calendarName?: string;
}

function vevent(input: PlanCalendarInput, period: IntakePeriod, lines: readonly string[], from: CalendarDate): string[] {
  const requested = input.times?.[period];
  const time = requested !== undefined && isTimeOfDay(requested) ? requested : DEFAULT_PERIOD_TIMES[period];
  const summary = escapeText(lines.join(', '));
  const language = `LANGUAGE=${input.lang}`;
  const before = Math.max(0, Math.round(input.alarmMinutesBefore ?? 0));
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(`${period}-${input.uid}`)}`,
    `DTSTAMP:${icsUtc(input.now)}`,
    `DTSTART;TZID=${ZURICH_TZID}:${icsLocal(from, time)}`,
    `DURATION:PT${Math.max(1, Math.round(input.durationMinutes ?? 15))}M`,
    `RRULE:FREQ=DAILY;UNTIL=${icsUtc(instantOfWallTime(input.until, time, TIME_ZONE))}`,
    `SUMMARY;${language}:${summary}`,
    `DESCRIPTION;${language}:${escapeText(lines.join('\n'))}`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION;${language}:${summary}`,
    `TRIGGER:-PT${before}M`,
    'END:VALARM',
    'END:VEVENT',
  ];
}

/** The calendar file's text (CRLF line ends, lines folded at 75 octets). */
export function planCalendar(input: PlanCalendarInput): string {
  const from = input.from ?? dateInTimeZone(input.now, TIME_ZONE);
  const events =
    daysBetween(from, input.until) < 0
      ? []
      : INTAKE_PERIODS.flatMap((period) => {
          const lines = (input.periods[period] ?? []).map((l) => l.trim()).filter((l) => l !== '');
          return lines.length > 0 ? vevent(input, period, lines, from) : [];
        });
  return toIcs([
    'BEGIN:VCALENDAR',
    `PRODID:${PRODUCT_ID}${input.lang.toUpperCase()}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(input.calendarName ? [`X-WR-CALNAME:${escapeText(input.calendarName)}`] : []),
    `X-WR-TIMEZONE:${ZURICH_TZID}`,
    ...ZURICH_VTIMEZONE,
    ...events,
    'END:VCALENDAR',
  ]);
}
