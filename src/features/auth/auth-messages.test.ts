import { describe, expect, it } from 'vitest';
import type { AuthErrorKind } from '../../data/auth/auth-error';
import { newPasswordMessage, resetRequestMessage, signInMessage, signUpMessage } from './auth-messages';

// spec §8 error catalogue, per context.
describe('auth messages', () => {
  it.each<[AuthErrorKind, string, string, string, string]>([
    ['rateLimited', 'auth.error.av00', 'auth.error.signUpRateLimited', 'auth.reset.failed', 'auth.error.unknown'],
    ['invalidCredentials', 'auth.error.av02', 'auth.error.su02', 'auth.reset.failed', 'auth.error.unknown'],
    ['emailNotConfirmed', 'auth.error.av02', 'auth.error.su02', 'auth.reset.failed', 'auth.error.unknown'],
    ['userExists', 'auth.error.av02', 'auth.error.su02', 'auth.reset.failed', 'auth.error.unknown'],
    ['weakPassword', 'auth.error.av02', 'auth.error.su02', 'auth.reset.failed', 'auth.error.unknown'],
    ['samePassword', 'auth.error.av02', 'auth.error.su02', 'auth.reset.failed', 'validation.passwordSame'],
    ['unknown', 'auth.error.av02', 'auth.error.su02', 'auth.reset.failed', 'auth.error.unknown'],
    ['retryable', 'auth.error.retryable', 'auth.error.retryable', 'auth.error.retryable', 'auth.error.retryable'],
    ['network', 'auth.error.checkConnection', 'auth.error.checkConnection', 'auth.error.checkConnection', 'auth.error.checkConnection'],
    ['offline', 'auth.error.checkConnection', 'auth.error.checkConnection', 'auth.error.checkConnection', 'auth.error.checkConnection'],
  ])('%s: sign-in %s, sign-up %s, reset %s, new password %s', (kind, signIn, signUp, reset, newPassword) => {
    expect(signInMessage(kind)).toBe(signIn);
    expect(signUpMessage(kind)).toBe(signUp);
    expect(resetRequestMessage(kind)).toBe(reset);
    expect(newPasswordMessage(kind)).toBe(newPassword);
  });
});
