// Which screen takes the place of the routed view (spec §2 Shell, §6): a pure decision
// over the session's state, so every combination is unit-tested.
import type { OnboardingStep } from '../domain/setup-state';
import { grantAllows, type CaregiverRight } from '../domain/caregivers/grants';
import type { Guard } from './routes';

export interface SessionView {
  status: 'loading' | 'signedOut' | 'signedIn';
  hasPrescriptions: boolean;
  hasProfile: boolean;
  hasSetup: boolean;
  /** the required assurance level is above the current one */
  needsSecondFactor: boolean;
  /** user_metadata.require_pw_reset */
  requirePasswordChange: boolean;
  /** the onboarding step to show (spec §2 Shell): the first missing one while setup is incomplete */
  onboardingStep: OnboardingStep | null;
  /** issue 41: the person a helper acts for on this device (their name and the rights of the grant); null: the account's own data */
  actingFor: { name: string | null; rights: readonly CaregiverRight[] } | null;
}

export const SIGNED_OUT: SessionView = {
  status: 'signedOut',
  hasPrescriptions: false,
  hasProfile: false,
  hasSetup: false,
  needsSecondFactor: false,
  requirePasswordChange: false,
  onboardingStep: null,
  actingFor: null,
};

export type Screen = 'view' | 'spinner' | 'loginPrompt' | 'secondFactor' | 'passwordChange' | 'onboarding' | 'notForPerson';

/**
 * `forPerson`: the right a helper needs to open the route for a person they help (issue 41; none:
 * the route belongs to an account's own — profile, e-mail, password, two-factor, helpers).
 */
export function screenFor(guard: Guard, session: SessionView, forPerson?: CaregiverRight): Screen {
  if (session.status === 'signedIn') {
    // spec §6: a second factor and a forced password change come before anything else,
    // public pages too. The second factor first: the auth service refuses a password change
    // from an aal1 session of a patient with two-factor (401 insufficient_aal).
    if (session.needsSecondFactor) return 'secondFactor';
    if (session.requirePasswordChange) return 'passwordChange';
  }
  if (guard === 'public') return 'view';
  if (session.status === 'loading') return 'spinner';
  if (session.status === 'signedOut') return 'loginPrompt';
  // issue 41: a helper acting for a person opens what the grant allows; the person's own setup is
  // not theirs to do (no onboarding), their account's pages never; the order flow needs the
  // person's completed setup, as for the person (spec §2)
  if (session.actingFor) {
    const allowed = forPerson !== undefined && grantAllows(session.actingFor, forPerson);
    return allowed && (guard !== 'setup' || session.onboardingStep === null) ? 'view' : 'notForPerson';
  }
  // spec §2 "If setup is incomplete, the onboarding flow replaces the routed view" — but never
  // the account's own pages (e-mail, password, two-factor, the onboarding's finish screen).
  if (guard === 'account' || session.onboardingStep === null) return 'view';
  return 'onboarding';
}

/** The intro text of the setup overview (spec §2 overview/{showInfo?}): 1 the welcome, 2 "before you can order". */
export type OverviewInfo = 1 | 2;

/** The onboarding opens with the setup overview (the four steps, each done or to do), with this intro text or none. */
export interface OnboardingOpening {
  info: OverviewInfo | null;
}

/**
 * How the onboarding opens where it replaces the routed view (spec §2: the overview
 * /profile/overview/{showInfo?} shows the four setup steps and, for showInfo 1 or 2, an intro
 * text; the onboarding replaces every route while setup is incomplete — the overview's own
 * too, so it was never seen). Read here: the overview is the onboarding's first screen
 * - on its own route, with the text showInfo asks for (none asked: the welcome for a patient
 *   who has not begun, else no text);
 * - on the order flow (setup guard), with text 2: ordering needs the complete profile;
 * - for a patient who has not begun (step 1 is missing), with the welcome (text 1).
 * Otherwise (null) the onboarding goes straight to the first missing step.
 */
export function onboardingOpening(route: { guard: Guard; setupOverview?: boolean }, showInfo: string | undefined, session: SessionView): OnboardingOpening | null {
  const notBegun = session.onboardingStep === 1;
  if (route.setupOverview) return { info: showInfo === '1' ? 1 : showInfo === '2' ? 2 : notBegun ? 1 : null };
  if (route.guard === 'setup') return { info: 2 };
  return notBegun ? { info: 1 } : null;
}

/**
 * Where a signed-in user goes from a page with signedInRedirect (/, /login): the login
 * prompt's ?next= when it names a path of this site (never another origin, never back to
 * /login), else the route's own target.
 */
export function signedInTarget(fallback: string, search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next')) ?? fallback;
}

export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/u.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, 'https://same.site');
  } catch {
    return null;
  }
  if (url.origin !== 'https://same.site' || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
