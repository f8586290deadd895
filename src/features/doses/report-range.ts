// The report's range of days (issue 24): from the address (?from=&to=), else the last 30 days.
import { ADHERENCE_DAYS } from '../../domain/doses/adherence';
import { addDays, toCalendarDate, type CalendarDate } from '../../domain/zoned-time';

export interface ReportRange {
  from: CalendarDate;
  to: CalendarDate;
}

const dateOrNull = (value: string | null | undefined): CalendarDate | null => (value && toCalendarDate(value) === value ? value : null);

/** The range an address asks for; each bound that is missing or not a date takes its default, and a reversed range the default. */
export function reportRangeOf(query: { from?: string | null; to?: string | null }, today: CalendarDate): ReportRange {
  const to = dateOrNull(query.to) ?? today;
  const from = dateOrNull(query.from) ?? addDays(to, 1 - ADHERENCE_DAYS);
  return from <= to ? { from, to } : { from: addDays(today, 1 - ADHERENCE_DAYS), to: today };
}

/** What is wrong with a range typed into the form (a message id), or null. */
export function rangeError(from: string, to: string): string | null {
  if (dateOrNull(from) === null || dateOrNull(to) === null) return 'doses.report.rangeInvalid';
  return from <= to ? null : 'doses.report.rangeInvalid';
}
