import type { SessionView } from '../guards';

export interface NavItem {
  href: string;
  labelId: string;
}

/**
 * spec §2: signed in with prescriptions: prescriptions, orders, order, profile; without:
 * only profile; signed out: the prescription tutorial (and a login button beside).
 */
export function navItemsFor(session: SessionView): NavItem[] {
  if (session.status !== 'signedIn') return [{ href: '/prescriptiontutorial', labelId: 'nav.tutorial' }];
  const profile = { href: '/profile', labelId: 'nav.profile' };
  if (!session.hasPrescriptions) return [profile];
  return [
    { href: '/prescriptions', labelId: 'nav.prescriptions' },
    { href: '/orders', labelId: 'nav.orders' },
    { href: '/order', labelId: 'nav.order' },
    profile,
  ];
}
