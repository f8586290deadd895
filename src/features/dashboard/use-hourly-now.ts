import { useEffect, useState } from 'react';

const HOUR_MS = 3_600_000;
const hourOf = (d: Date): number => Math.floor(d.getTime() / HOUR_MS);
const systemClock = (): Date => new Date();

/**
 * The instant the dashboard is drawn for, renewed at every full hour while the page stays open
 * and whenever it comes back into view (a phone's timers sleep with it). Everything the
 * dashboard derives from the clock changes only at full hours in Europe/Zurich — the period of
 * the day and the greeting (domain/intake-plan.ts, greeting.ts) and, at midnight, the date —
 * and Zurich's offset is whole hours, so its full hours are those of UTC: one timer per hour,
 * and no re-render in between.
 */
export function useHourlyNow(clock: () => Date = systemClock): Date {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renew = () => {
      const t = clock();
      setNow((shown) => (hourOf(shown) === hourOf(t) ? shown : t));
      clearTimeout(timer);
      // a little after the full hour: a timer may fire early, never before its own clock's hour
      timer = setTimeout(renew, HOUR_MS - (t.getTime() % HOUR_MS) + 20);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') renew();
    };
    renew();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', renew);
    window.addEventListener('focus', renew);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', renew);
      window.removeEventListener('focus', renew);
    };
  }, [clock]);
  return now;
}
