// Spec §8: which message an account failure shows, per screen. Pure; the views notify with it.
import type { AuthErrorKind } from '../../data/auth/auth-error';

export const NETWORK_ERROR = 'account.error.network';
const CONNECTION = new Set<AuthErrorKind>(['offline', 'network', 'retryable']);

/** Too many wrong codes (#at04, #su01): the auth service refuses every code for a while, so the screen shows the lock and its end. */
export const locksSecondFactor = (kind: AuthErrorKind): boolean => kind === 'rateLimited' || kind === 'tooManyCodes';

/** The session is gone: "please log in again (#at04, #su01)", and the session ends. */
export const endsSecondFactor = (kind: AuthErrorKind): boolean => kind === 'sessionMissing';

/** Login confirmation: invalid or expired code #at03; too many: the lock with its end; the session gone #at04; otherwise the network error. */
export function secondFactorMessage(kind: AuthErrorKind): string {
  if (kind === 'invalidCode') return 'secondFactor.error.at03';
  if (locksSecondFactor(kind)) return SECOND_FACTOR_LOCKED;
  if (endsSecondFactor(kind)) return 'secondFactor.error.at04';
  return NETWORK_ERROR;
}

/** The lock after too many wrong codes; {until}: when a code can be entered again. */
export const SECOND_FACTOR_LOCKED = 'secondFactor.locked';

/** Two-factor activation: any answer of the server is "not activated" with its message; no answer the network error. */
export function activationMessage(kind: AuthErrorKind): string {
  return CONNECTION.has(kind) ? NETWORK_ERROR : 'mfa.error.notActivated';
}

/** E-mail change step 1: 422 (address taken) is the duplicate-e-mail error; other errors the network error. */
export function emailRequestMessage(kind: AuthErrorKind): string {
  return kind === 'emailExists' ? 'email.error.exists' : NETWORK_ERROR;
}

/** E-mail change step 2: a wrong or expired code is wrong_code; other errors the network error. */
export function emailCodeMessage(kind: AuthErrorKind): string {
  return kind === 'invalidCode' ? 'email.error.wrongCode' : NETWORK_ERROR;
}
