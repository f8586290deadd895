// The session's state as the shell sees it (no supabase-js here, so the shell can hold the
// types and the loading value, and read a stored session, before the auth chunk has loaded).
import type { Session, User } from '@supabase/supabase-js';
import { LANGUAGES, type Lang } from '../../i18n/languages';

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
  /** the auth service's session (the token's session_id): a new one is a new sign-in, a refresh keeps it */
  sessionId: string | null;
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
  sessionId: null,
  aal: { current: null, next: null },
  needsSecondFactor: false,
  requirePasswordChange: false,
  recovery: false,
};

export const SIGNED_OUT_STATE: AuthState = { ...LOADING_STATE, status: 'signedOut' };

export const needsSecondFactorFor = (aal: AuthState['aal']): boolean => aal.next === 'aal2' && aal.current !== 'aal2';

/** The claims of an access token, read without checking it (the server does); {} when it is not a readable JWT. */
function claimsOf(accessToken: string): Record<string, unknown> {
  try {
    const part = accessToken.split('.')[1] ?? '';
    const payload: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The assurance level as supabase-js computes it without a network: the token's aal claim, aal2 next with a verified factor. */
export function storedAssuranceLevel(session: Session): AuthState['aal'] {
  const { aal } = claimsOf(session.access_token);
  // not a readable JWT: level unknown, the server still checks
  const current: AssuranceLevelName = aal === 'aal1' || aal === 'aal2' ? aal : null;
  const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
  return { current, next: verified ? 'aal2' : current };
}

export function sessionUserOf(user: User): SessionUser {
  const language = user.user_metadata?.language as unknown;
  return {
    id: user.id,
    email: user.email ?? '',
    language: LANGUAGES.includes(language as Lang) ? (language as Lang) : null,
    newEmail: user.new_email ?? null,
  };
}

export const requiresPasswordChange = (user: User): boolean => user.user_metadata?.require_pw_reset === true;

/**
 * The signed-in state a session stands for: of supabase-js' events (session-store.ts, which
 * adds whether it came from a reset link) and of the session stored on this device
 * (src/app/stored-patient.ts, before supabase-js has loaded).
 */
export function authStateOf(session: Session): AuthState {
  const aal = storedAssuranceLevel(session);
  const { session_id: sessionId } = claimsOf(session.access_token);
  return {
    status: 'signedIn',
    user: sessionUserOf(session.user),
    sessionId: typeof sessionId === 'string' ? sessionId : null,
    aal,
    needsSecondFactor: needsSecondFactorFor(aal),
    requirePasswordChange: requiresPasswordChange(session.user),
    recovery: false,
  };
}
