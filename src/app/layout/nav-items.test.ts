import { describe, expect, it } from 'vitest';
import { SIGNED_OUT } from '../guards';
import { navItemsFor } from './nav-items';

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
