// What went wrong with an auth call, as a kind the UI turns into the spec §8 message of
// its context (sign-in 429 is #av00, sign-up 429 another text, and so on). Reads the
// fields auth-js puts on its errors (status, code, name) and whether the device is online.
export type AuthErrorKind =
  | 'offline'
  | 'network'
  | 'retryable'
  | 'rateLimited'
  | 'invalidCredentials'
  | 'emailNotConfirmed'
  | 'userExists'
  | 'emailExists'
  | 'samePassword'
  | 'weakPassword'
  | 'invalidCode'
  | 'tooManyCodes'
  | 'sessionMissing'
  | 'insufficientAal'
  | 'unknown';

interface AuthLikeError {
  name?: string;
  status?: number;
  code?: string;
  message?: string;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

export function classifyAuthError(error: unknown, online = typeof navigator === 'undefined' ? true : navigator.onLine): AuthErrorKind {
  if (!online) return 'offline';
  const e = (error ?? {}) as AuthLikeError;
  const code = e.code ?? '';
  const status = e.status ?? 0;
  if (status === 429 || code.startsWith('over_')) return 'rateLimited';
  if (code === 'same_password' || /should be different/i.test(e.message ?? '')) return 'samePassword';
  if (code === 'invalid_credentials') return 'invalidCredentials';
  if (code === 'email_not_confirmed') return 'emailNotConfirmed';
  if (code === 'user_already_exists') return 'userExists';
  if (code === 'email_exists' || (status === 422 && /already (been )?registered|already exists/i.test(e.message ?? ''))) return 'emailExists';
  if (code === 'weak_password') return 'weakPassword';
  if (code === 'otp_expired' || code === 'mfa_verification_failed' || code === 'mfa_challenge_expired') return 'invalidCode';
  if (code === 'too_many_enrolled_mfa_factors' || code === 'mfa_verification_rejected') return 'tooManyCodes';
  if (code === 'insufficient_aal') return 'insufficientAal';
  if (code === 'session_not_found' || code === 'refresh_token_not_found' || e.name === 'AuthSessionMissingError') return 'sessionMissing';
  if (RETRYABLE_STATUS.has(status)) return 'retryable';
  // auth-js: fetch threw (status 0) or the server failed (500, 520–530)
  if (e.name === 'AuthRetryableFetchError') return status === 0 ? 'network' : 'retryable';
  return 'unknown';
}
