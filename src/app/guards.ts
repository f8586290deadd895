// Which screen takes the place of the routed view (spec §2 Shell, §6): a pure decision
// over the session's state, so every combination is unit-tested.
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
}

export const SIGNED_OUT: SessionView = {
  status: 'signedOut',
  hasPrescriptions: false,
  hasProfile: false,
  hasSetup: false,
  needsSecondFactor: false,
  requirePasswordChange: false,
};

export type Screen = 'view' | 'spinner' | 'loginPrompt' | 'secondFactor' | 'passwordChange' | 'onboarding';

export function screenFor(guard: Guard, session: SessionView): Screen {
  if (session.status === 'signedIn') {
    // spec §6: a password reset or a second factor comes before anything else, public pages too
    if (session.requirePasswordChange) return 'passwordChange';
    if (session.needsSecondFactor) return 'secondFactor';
  }
  if (guard === 'public') return 'view';
  if (session.status === 'loading') return 'spinner';
  if (session.status === 'signedOut') return 'loginPrompt';
  if (guard === 'setup' && !session.hasSetup) return 'onboarding';
  if (guard === 'profile' && !session.hasProfile) return 'onboarding';
  return 'view';
}
