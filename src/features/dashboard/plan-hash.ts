import { useEffect, useState } from 'react';
import { INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';

/** Where the plan is, for the home-screen shortcut "Today's plan" (/dashboard#intake-plan). */
export const INTAKE_PLAN_ID = 'intake-plan';

/** The id of a period's toggle: a dose reminder's notification opens /dashboard#dash-period-<period> (sw/reminders.ts). */
export const periodToggleId = (period: IntakePeriod): string => `dash-period-${period}`;

/** The period an address's hash names ("#dash-period-evening"), or null. */
export function periodOfHash(hash: string): IntakePeriod | null {
  return INTAKE_PERIODS.find((p) => hash === `#${periodToggleId(p)}`) ?? null;
}

/** The hash of the page's address now (none where there is no page: the server's render). */
export const currentHash = (): string => globalThis.location?.hash ?? '';

/**
 * The address leads into the plan: "#intake-plan" (the shortcut) to the plan, a period's hash
 * (a reminder) to that period — opened by `open` (the caller's first render opens it already,
 * see periodOfHash), scrolled to and focused. Again when the hash changes while the page is
 * open (a notification tapped with the app open navigates to its address within the page).
 * `open` must keep its identity.
 */
export function usePlanHash(open: (period: IntakePeriod) => void): void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    const go = () => {
      const hash = currentHash();
      const period = periodOfHash(hash);
      if (period) open(period);
      if (period || hash === `#${INTAKE_PLAN_ID}`) setTarget({ id: hash.slice(1) });
    };
    go();
    globalThis.addEventListener('hashchange', go);
    return () => globalThis.removeEventListener('hashchange', go);
  }, [open]);
  useEffect(() => {
    const element = target ? document.getElementById(target.id) : null;
    element?.scrollIntoView();
    element?.focus({ preventScroll: true });
  }, [target]);
}
