import { describe, expect, it } from 'vitest';
import { classifyAuthError } from './auth-error';

// spec §8 error catalogue and §7 "on sign-in, status 429 is treated separately from other failures";
// error shapes as auth-js raises them (docs/supabase-protocol.md).
describe('classifyAuthError', () => {
  it.each([
    [{ status: 429, code: 'over_request_rate_limit' }, 'rateLimited'],
    [{ status: 429, code: 'over_email_send_rate_limit' }, 'rateLimited'],
    [{ status: 400, code: 'invalid_credentials' }, 'invalidCredentials'],
    [{ status: 422, code: 'user_already_exists' }, 'userExists'],
    [{ status: 422, code: 'email_exists' }, 'emailExists'],
    [{ status: 422, code: 'same_password', message: 'New password should be different from the old password.' }, 'samePassword'],
    [{ status: 422, message: 'New password should be different from the old password.' }, 'samePassword'],
    [{ status: 422, code: 'weak_password' }, 'weakPassword'],
    [{ status: 403, code: 'otp_expired' }, 'invalidCode'],
    [{ status: 422, code: 'mfa_verification_failed' }, 'invalidCode'],
    [{ status: 401, code: 'insufficient_aal' }, 'insufficientAal'],
    [{ name: 'AuthSessionMissingError', status: 400 }, 'sessionMissing'],
    [{ status: 502 }, 'retryable'],
    [{ status: 503 }, 'retryable'],
    [{ status: 504 }, 'retryable'],
    [{ name: 'AuthRetryableFetchError', status: 0 }, 'network'],
    [{ name: 'AuthRetryableFetchError', status: 500 }, 'retryable'],
    [{ status: 400, code: 'validation_failed' }, 'unknown'],
    [null, 'unknown'],
  ])('%j -> %s', (error, kind) => {
    expect(classifyAuthError(error, true)).toBe(kind);
  });

  it('says offline first, whatever the error', () => {
    expect(classifyAuthError({ status: 429 }, false)).toBe('offline');
  });
});
