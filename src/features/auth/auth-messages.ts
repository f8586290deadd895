// Spec §8: which message an auth failure shows, per context. Pure; the views notify with it.
import type { AuthErrorKind } from '../../data/auth/auth-error';

const CONNECTION: Partial<Record<AuthErrorKind, string>> = {
  offline: 'auth.error.checkConnection',
  network: 'auth.error.checkConnection',
  retryable: 'auth.error.retryable',
};

/** Sign-in: 429 is #av00, every other answer of the server #av02. */
export function signInMessage(kind: AuthErrorKind): string {
  if (kind === 'rateLimited') return 'auth.error.av00';
  return CONNECTION[kind] ?? 'auth.error.av02';
}

/** Sign-up: 429 is "too many login attempts", every other answer #su02. */
export function signUpMessage(kind: AuthErrorKind): string {
  if (kind === 'rateLimited') return 'auth.error.signUpRateLimited';
  return CONNECTION[kind] ?? 'auth.error.su02';
}

/** Password reset request: a warning that never says whether the address exists. */
export function resetRequestMessage(kind: AuthErrorKind): string {
  return CONNECTION[kind] ?? 'auth.reset.failed';
}

/** Setting a new password: 'should be different' is same_password, anything else unknown. */
export function newPasswordMessage(kind: AuthErrorKind): string {
  if (kind === 'samePassword') return 'validation.passwordSame';
  return CONNECTION[kind] ?? 'auth.error.unknown';
}
