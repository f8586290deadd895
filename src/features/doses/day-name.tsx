import { useIntl } from 'react-intl';
import type { CalendarDate } from '../../domain/zoned-time';
import { useCalendarDate } from '../../ui/use-calendar-date';

/** A calendar day with its weekday, in the language ("Montag, 23.11.2026", "lundi, 23.11.2026"). */
export function DayName({ day }: { day: CalendarDate }) {
  const intl = useIntl();
  const formatDate = useCalendarDate();
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const weekday = intl.formatDate(new Date(Date.UTC(y, m - 1, d)), { timeZone: 'UTC', weekday: 'long' });
  return (
    <>
      {weekday}
      {', '}
      {formatDate(day)}
    </>
  );
}
