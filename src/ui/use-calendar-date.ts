import { useIntl } from 'react-intl';
import { TIME_ZONE } from '../domain/constants';
import type { Language } from '../domain/entities';
import { toCalendarDate } from '../domain/zoned-time';

/** The language of the catalogue in use ('fr-CH' gives fr). */
export function useLanguageOfIntl(): Language {
  return useIntl().locale.startsWith('fr') ? 'fr' : 'de';
}

/**
 * Formats a stored date ('YYYY-MM-DD') or timestamp as the calendar date it denotes in
 * Zurich, in the language's Swiss format (de-CH and fr-CH: 31.12.2026).
 */
export function useCalendarDate(): (value: string) => string {
  const intl = useIntl();
  return (value) => {
    const day = toCalendarDate(value, TIME_ZONE);
    if (day === null) return value;
    const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
    return intl.formatDate(new Date(Date.UTC(y, m - 1, d)), { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
  };
}
