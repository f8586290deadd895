// The session's state as the shell sees it (no supabase-js here, so the shell can hold the
// types and the loading value before the auth chunk has loaded).
import type { Lang } from '../../i18n/languages';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';
export type AssuranceLevelName = 'aal1' | 'aal2' | null;

export interface SessionUser {
  id: string;
  email: string;
  /** user_metadata.language when it is de or fr */
  language: Lang | null;
  /** the new address while an e-mail change waits for its code */
  newEmail: string | null;
}

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  aal: { current: AssuranceLevelName; next: AssuranceLevelName };
  /** nextLevel aal2 and currentLevel not: the login confirmation screen shows (spec §4) */
  needsSecondFactor: boolean;
  /** user_metadata.require_pw_reset === true: the forced password change shows (spec §4) */
  requirePasswordChange: boolean;
  /** the session came from a password-reset link (PASSWORD_RECOVERY) and no new password is set yet */
  recovery: boolean;
}

export const LOADING_STATE: AuthState = {
  status: 'loading',
  user: null,
  aal: { current: null, next: null },
  needsSecondFactor: false,
  requirePasswordChange: false,
  recovery: false,
};

export const SIGNED_OUT_STATE: AuthState = { ...LOADING_STATE, status: 'signedOut' };

export const needsSecondFactorFor = (aal: AuthState['aal']): boolean => aal.next === 'aal2' && aal.current !== 'aal2';
