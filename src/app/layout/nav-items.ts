import type { SessionView } from '../guards';
import { paths } from '../../domain/paths';
import { grantAllows } from '../../domain/caregivers/grants';

export interface NavItem {
  href: string;
  labelId: string;
}

/**
 * spec §2: signed in with prescriptions: prescriptions, orders, order, profile; without:
 * only profile; signed out: the prescription tutorial (and a login button beside).
 */
export function navItemsFor(session: SessionView): NavItem[] {
  if (session.status !== 'signedIn') return [{ href: paths.prescriptionTutorial.href(), labelId: 'nav.tutorial' }];
  // issue 41: a helper acting for a person: what the grant lets them open, never the person's profile
  if (session.actingFor) {
    const acting = session.actingFor;
    if (!session.hasPrescriptions) return [];
    return [
      { href: paths.prescriptions.href(), labelId: 'nav.prescriptions' },
      { href: paths.orders.href(), labelId: 'nav.orders' },
      ...(grantAllows(acting, 'order') && session.hasSetup ? [{ href: paths.order.href(), labelId: 'nav.order' }] : []),
    ];
  }
  const profile = { href: paths.profile.href(), labelId: 'nav.profile' };
  if (!session.hasPrescriptions) return [profile];
  return [
    { href: paths.prescriptions.href(), labelId: 'nav.prescriptions' },
    { href: paths.orders.href(), labelId: 'nav.orders' },
    { href: paths.order.href(), labelId: 'nav.order' },
    profile,
  ];
}
