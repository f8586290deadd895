import { describe, expect, it } from 'vitest';
import type { CaregiverRight } from '../domain/caregivers/grants';
import { onboardingOpening, safeNextPath, screenFor, signedInTarget, SIGNED_OUT, type SessionView } from './guards';
import type { Guard } from './routes';

const signedIn = (over: Partial<SessionView> = {}): SessionView => ({
  ...SIGNED_OUT,
  status: 'signedIn',
  hasProfile: true,
  hasSetup: true,
  hasPrescriptions: true,
  ...over,
});

describe('screenFor', () => {
  // spec §2 "Routes flagged as public show without login. Other routes show a login prompt when signed out."
  it.each<[Guard, string]>([
    ['public', 'view'],
    ['session', 'loginPrompt'],
    ['account', 'loginPrompt'],
    ['profile', 'loginPrompt'],
    ['setup', 'loginPrompt'],
  ])('signed out, %s route -> %s', (guard, screen) => {
    expect(screenFor(guard, SIGNED_OUT)).toBe(screen);
  });

  // spec §2 "While loading, a spinner is shown."
  it('shows the spinner for protected routes while the session loads, public routes at once', () => {
    const loading = { ...SIGNED_OUT, status: 'loading' as const };
    expect(screenFor('session', loading)).toBe('spinner');
    expect(screenFor('public', loading)).toBe('view');
  });

  // spec §6 "A user flagged for password reset must change the password before anything else.
  // A user with a second-factor requirement must pass it." Second factor first: the auth service
  // answers a password change from an aal1 session of a two-factor user with insufficient_aal.
  it('puts the second factor before everything, the forced password change next', () => {
    expect(screenFor('public', signedIn({ requirePasswordChange: true, needsSecondFactor: true }))).toBe('secondFactor');
    expect(screenFor('public', signedIn({ requirePasswordChange: true }))).toBe('passwordChange');
    expect(screenFor('setup', signedIn({ needsSecondFactor: true }))).toBe('secondFactor');
  });

  // spec §2 Shell "If setup is incomplete, the onboarding flow replaces the routed view"; "Order
  // flow under /order, all requiring completed setup"
  it.each<[Guard, SessionView['onboardingStep'], string]>([
    ['session', 1, 'onboarding'],
    ['profile', 3, 'onboarding'],
    ['session', 5, 'onboarding'],
    ['session', 6, 'onboarding'],
    ['setup', 6, 'onboarding'],
    // the account's own pages (e-mail, password, two-factor) are never replaced
    ['account', 1, 'view'],
    ['public', 1, 'view'],
    ['setup', null, 'view'],
    ['session', null, 'view'],
  ])('%s route with onboarding step %s -> %s', (guard, step, screen) => {
    expect(screenFor(guard, signedIn({ hasSetup: step === null, onboardingStep: step }))).toBe(screen);
  });

  // issue 41: a helper acts for a person on their own device. A route opens for them when the
  // grant gives the right it names (`forPerson`); a route naming none belongs to an account's own
  // data (profile, e-mail, password, helpers) and never opens for a person.
  describe('a helper acting for a person', () => {
    const acting = (rights: readonly CaregiverRight[], over: Partial<SessionView> = {}) => signedIn({ actingFor: { name: 'Rosa', rights }, ...over });

    it.each<[string, Guard, CaregiverRight | undefined, readonly CaregiverRight[], string]>([
      ['a page to see, with the right to see', 'session', 'see', ['see'], 'view'],
      // every right implies seeing (as the server's can_act_for)
      ['a page to see, with only the right to tick', 'session', 'see', ['tick'], 'view'],
      ['a page to tick, with the right to see only', 'session', 'tick', ['see'], 'notForPerson'],
      ['the order flow, with the right to order', 'setup', 'order', ['see', 'order'], 'view'],
      ['the order flow, without the right to order', 'setup', 'order', ['see', 'tick', 'send'], 'notForPerson'],
      ['sending a prescription, with the right to send', 'session', 'send', ['send'], 'view'],
      // an account page (no right named): never for a person, whatever the grant gives
      ['a profile page', 'profile', undefined, ['see', 'tick', 'order', 'send'], 'notForPerson'],
      ['an account page', 'account', undefined, ['see', 'tick', 'order', 'send'], 'notForPerson'],
      ['a session page without a right named', 'session', undefined, ['see'], 'notForPerson'],
      // a grant with no rights left allows nothing
      ['a page to see, with no rights', 'session', 'see', [], 'notForPerson'],
    ])('%s -> %s', (_name, guard, forPerson, rights, screen) => {
      expect(screenFor(guard, acting(rights), forPerson)).toBe(screen);
    });

    // the person's setup is theirs to do: the helper is never sent into the person's onboarding
    it('never shows the onboarding to a helper acting for a person', () => {
      expect(screenFor('session', acting(['see'], { hasSetup: false, onboardingStep: 1 }), 'see')).toBe('view');
      // the order flow needs the person's completed setup, as for the person: the helper is told, not sent to set it up
      expect(screenFor('setup', acting(['order'], { hasSetup: false, onboardingStep: 6 }), 'order')).toBe('notForPerson');
      expect(screenFor('setup', acting(['order'], { hasSetup: true, onboardingStep: null }), 'order')).toBe('view');
      // the same session on its own data would get the onboarding
      expect(screenFor('session', signedIn({ hasSetup: false, onboardingStep: 1 }), 'see')).toBe('onboarding');
    });

    it('public pages show as ever', () => {
      expect(screenFor('public', acting([]))).toBe('view');
    });

    it('while the session loads: the spinner, as for anyone', () => {
      expect(screenFor('session', { ...acting(['see']), status: 'loading' }, 'see')).toBe('spinner');
    });

    // spec §6: the helper's own second factor and forced password change come before anything
    it('the helper\'s second factor first, then their forced password change', () => {
      expect(screenFor('session', acting(['see'], { needsSecondFactor: true, requirePasswordChange: true }), 'see')).toBe('secondFactor');
      expect(screenFor('session', acting(['see'], { requirePasswordChange: true }), 'see')).toBe('passwordChange');
      expect(screenFor('profile', acting(['see'], { needsSecondFactor: true }))).toBe('secondFactor');
    });

    // the right named by a route counts only while acting: on the account's own data it is ignored
    it('on the account\'s own data the right a route names changes nothing', () => {
      expect(screenFor('session', signedIn(), 'order')).toBe('view');
      expect(screenFor('profile', signedIn())).toBe('view');
    });
  });
});

// spec §2 "overview/{showInfo?}: four setup steps ... each done or to do. showInfo=1 or 2 shows one
// of two intro texts", and "If setup is incomplete, the onboarding flow replaces the routed view":
// issue 22, the overview was never shown; it is the onboarding's first screen (guards.ts)
describe('onboardingOpening', () => {
  const overview = { guard: 'session' as Guard, setupOverview: true };
  it.each<[string, { guard: Guard; setupOverview?: boolean }, string | undefined, SessionView['onboardingStep'], ReturnType<typeof onboardingOpening>]>([
    ['the overview, showInfo 1', overview, '1', 3, { info: 1 }],
    ['the overview, showInfo 2', overview, '2', 1, { info: 2 }],
    ['the overview, no showInfo, not begun', overview, undefined, 1, { info: 1 }],
    ['the overview, no showInfo, half done', overview, undefined, 4, { info: null }],
    ['the overview, an unknown showInfo', overview, '7', 4, { info: null }],
    ['an order route, not begun', { guard: 'setup' }, undefined, 1, { info: 2 }],
    ['an order route, only the send method missing', { guard: 'setup' }, undefined, 6, { info: 2 }],
    ['the dashboard, not begun', { guard: 'session' }, undefined, 1, { info: 1 }],
    ['a profile page, not begun', { guard: 'profile' }, undefined, 1, { info: 1 }],
    ['the dashboard, half done: straight to the step', { guard: 'session' }, undefined, 3, null],
  ])('%s -> %j', (_, route, showInfo, step, opening) => {
    expect(onboardingOpening(route, showInfo, signedIn({ hasSetup: false, onboardingStep: step }))).toEqual(opening);
  });
});

// spec §2 "/login ... A signed-in user is redirected to /dashboard", and the login prompt's
// ?next= brings the patient back to the page that asked for a sign-in (same site only).
describe('signedInTarget', () => {
  it.each([
    ['', '/dashboard'],
    ['?next=%2Fprescriptions', '/prescriptions'],
    ['?next=%2Forders%3Factive%3Dfalse', '/orders?active=false'],
    ['?register=1&next=%2Fprofile%2Fbasedata', '/profile/basedata'],
    ['?next=https%3A%2F%2Fevil.example%2F', '/dashboard'],
    ['?next=%2F%2Fevil.example', '/dashboard'],
    ['?next=%2F%5Cevil.example', '/dashboard'],
    ['?next=javascript%3Aalert(1)', '/dashboard'],
    ['?next=%2Flogin%3Fnext%3D%252Fdashboard', '/dashboard'],
    ['?next=prescriptions', '/dashboard'],
  ])('%s -> %s', (search, target) => {
    expect(signedInTarget('/dashboard', search)).toBe(target);
  });

  it('accepts only paths of this site', () => {
    expect(safeNextPath('/order/select')).toBe('/order/select');
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('/%0a/evil')).toBe('/%0a/evil');
    expect(safeNextPath('/ evil')).toBeNull();
  });
});
