// Which screen takes the place of the routed view (spec §2 Shell, §6): a pure decision
// over the session's state, so every combination is unit-tested.
import type { OnboardingStep } from '../domain/setup-state';
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
}

export const SIGNED_OUT: SessionView = {
  status: 'signedOut',
  hasPrescriptions: false,
  hasProfile: false,
  hasSetup: false,
  needsSecondFactor: false,
  requirePasswordChange: false,
  onboardingStep: null,
};

export type Screen = 'view' | 'spinner' | 'loginPrompt' | 'secondFactor' | 'passwordChange' | 'onboarding';

export function screenFor(guard: Guard, session: SessionView): Screen {
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
  // spec §2 "If setup is incomplete, the onboarding flow replaces the routed view": steps 1–5
  // (the profile) everywhere but the account pages; step 6 (how the prescription comes) where
  // ordering needs it — a patient may still look around before sending one.
  if (guard === 'account' || session.onboardingStep === null) return 'view';
  if (guard === 'setup' || session.onboardingStep <= 5) return 'onboarding';
  return 'view';
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
