import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json';
import fr from '../../lang/fr.json';
import { paths } from '../domain/paths';
import { REDIRECTS, ROUTES, type Guard } from './routes';

// spec §2 Screens and routes, §6 Roles and permissions: the complete table with its guards.
const EXPECTED: Record<string, Guard> = {
  '/': 'public',
  '/login': 'public',
  '/resetPassword': 'public',
  '/generics': 'public',
  '/generics/calculator': 'public',
  '/prescriptiontutorial': 'public',
  // issue 40 item 8: the accessibility statement, for visitors too
  '/accessibility': 'public',
  '/dashboard': 'session',
  '/prescriptions': 'session',
  '/prescriptions/add': 'session',
  // the plan leaves the app (eMediplan code, printed plan, calendar): the patient's own data
  '/plan/emediplan': 'session',
  '/plan/print': 'session',
  '/orders': 'session',
  '/doses/history': 'session',
  '/doses/day/:day': 'session',
  '/doses/report': 'session',
  '/order': 'setup',
  '/order/select': 'setup',
  '/order/address': 'setup',
  '/order/questionnaire': 'setup',
  '/order/ordersettings': 'setup',
  '/order/insurance': 'setup',
  '/order/orderfinish': 'setup',
  '/profile/overview/:showInfo?': 'session',
  '/profile/basedata': 'session',
  '/profile/insurance': 'profile',
  '/profile/questionnaire': 'profile',
  '/profile/medication': 'profile',
  '/profile/email': 'account',
  '/profile/mfa': 'account',
  '/profile/password/:reset?': 'account',
  '/profile/helpers': 'account',
  '/onboarding/finish': 'account',
};

describe('routes table', () => {
  it('holds every route of the spec with its guard, and nothing else', () => {
    expect(Object.fromEntries(ROUTES.map((r) => [r.path, r.guard]))).toEqual(EXPECTED);
  });

  it('gives every route a title in German and French', () => {
    for (const { titleId } of ROUTES) {
      expect(de, titleId).toHaveProperty([titleId]);
      expect(fr, titleId).toHaveProperty([titleId]);
    }
  });

  // issue 36 item 6: a signed-in route's frame shows the view's introduction, in both languages
  it('names frame texts only for signed-in routes, each in German and French', () => {
    const framed = ROUTES.filter((r) => r.frameTexts);
    expect(framed.length).toBeGreaterThan(0);
    for (const route of framed) {
      expect(route.guard, route.path).not.toBe('public');
      expect(route.frameTexts!.length, route.path).toBeGreaterThan(0);
      for (const id of route.frameTexts!) {
        expect(de, id).toHaveProperty([id]);
        expect(fr, id).toHaveProperty([id]);
      }
    }
  });

  // spec §2 "/ : ... A signed-in user is redirected to /dashboard." and the same for /login
  it('sends signed-in users from / and /login to /dashboard', () => {
    expect(ROUTES.filter((r) => r.signedInRedirect).map((r) => [r.path, r.signedInRedirect])).toEqual([
      ['/', '/dashboard'],
      ['/login', '/dashboard'],
    ]);
  });

  it('every route pattern is one of src/domain/paths.ts (href builders exist for each)', () => {
    const patterns = new Set<string>(Object.values(paths).map((p) => p.path));
    for (const { path } of ROUTES) expect(patterns.has(path), path).toBe(true);
  });

  // spec §2 "/profile (redirects to /profile/overview)"
  it('redirects /profile to the overview', () => {
    expect(REDIRECTS['/profile']).toBe('/profile/overview');
  });
});
