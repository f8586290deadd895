import { describe, expect, it } from 'vitest';
import { SIGNED_OUT } from '../guards';
import { navItemsFor } from './nav-items';
import type { CaregiverRight } from '../../domain/caregivers/grants';

// spec §2 "Navigation for a signed-in user with prescriptions: prescriptions, orders, order, profile.
// Without prescriptions only profile. A signed-out user sees a prescription tutorial link and a login button."
describe('navItemsFor', () => {
  const signedIn = { ...SIGNED_OUT, status: 'signedIn' as const };
  it('signed out: the tutorial', () => {
    expect(navItemsFor(SIGNED_OUT).map((i) => i.href)).toEqual(['/prescriptiontutorial']);
  });
  it('signed in without prescriptions: profile only', () => {
    expect(navItemsFor(signedIn).map((i) => i.href)).toEqual(['/profile']);
  });
  it('signed in with prescriptions: prescriptions, orders, order, profile', () => {
    expect(navItemsFor({ ...signedIn, hasPrescriptions: true }).map((i) => i.href)).toEqual(['/prescriptions', '/orders', '/order', '/profile']);
  });
});

// issue 41: a helper acting for a person on their own device sees the person's prescriptions and
// orders; the person's profile is not theirs to open, and ordering only with the right to order.
describe('navItemsFor, acting for a person', () => {
  const acting = (rights: readonly CaregiverRight[], hasPrescriptions = true) => ({
    ...SIGNED_OUT,
    status: 'signedIn' as const,
    hasProfile: true,
    hasSetup: true,
    hasPrescriptions,
    actingFor: { name: 'Rosa', rights },
  });

  it('with the right to order: prescriptions, orders, order — no profile', () => {
    expect(navItemsFor(acting(['see', 'order'])).map((i) => i.href)).toEqual(['/prescriptions', '/orders', '/order']);
  });

  it('without the right to order: no order link', () => {
    expect(navItemsFor(acting(['see', 'tick', 'send'])).map((i) => i.href)).toEqual(['/prescriptions', '/orders']);
  });

  // spec §2: the order flow needs completed setup, the person's too
  it("the person's setup is incomplete: no order link", () => {
    expect(navItemsFor({ ...acting(['see', 'order']), hasSetup: false }).map((i) => i.href)).toEqual(['/prescriptions', '/orders']);
  });

  // the own account shows the profile alone here: a person's profile is never the helper's
  it('the person has no prescriptions: nothing', () => {
    expect(navItemsFor(acting(['see', 'tick', 'order', 'send'], false))).toEqual([]);
  });

  it('the links carry their labels', () => {
    expect(navItemsFor(acting(['order'])).map((i) => i.labelId)).toEqual(['nav.prescriptions', 'nav.orders', 'nav.order']);
  });
});
