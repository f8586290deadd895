import { describe, expect, it } from 'vitest';
import type { AuthErrorKind } from '../../data/auth/auth-error';
import { activationMessage, emailCodeMessage, emailRequestMessage, endsSecondFactor, locksSecondFactor, secondFactorMessage } from './account-messages';

// spec §8 error catalogue, per screen
const KINDS: AuthErrorKind[] = ['offline', 'network', 'retryable', 'rateLimited', 'invalidCode', 'tooManyCodes', 'sessionMissing', 'emailExists', 'insufficientAal', 'unknown'];

describe('account messages', () => {
  // issue 22: too many wrong codes lock the confirmation for a while; the screen shows the lock and its end
  it('login confirmation: #at03 for an invalid or expired code, the lock when too many, #at04 when the session is gone', () => {
    expect(Object.fromEntries(KINDS.map((k) => [k, secondFactorMessage(k)]))).toEqual({
      offline: 'account.error.network',
      network: 'account.error.network',
      retryable: 'account.error.network',
      rateLimited: 'secondFactor.locked',
      invalidCode: 'secondFactor.error.at03',
      tooManyCodes: 'secondFactor.locked',
      sessionMissing: 'secondFactor.error.at04',
      emailExists: 'account.error.network',
      insufficientAal: 'account.error.network',
      unknown: 'account.error.network',
    });
    expect(KINDS.filter(locksSecondFactor)).toEqual(['rateLimited', 'tooManyCodes']);
    expect(KINDS.filter(endsSecondFactor)).toEqual(['sessionMissing']);
  });

  it('two-factor activation: every server answer is "not activated", no answer the network error', () => {
    expect(KINDS.filter((k) => activationMessage(k) === 'account.error.network')).toEqual(['offline', 'network', 'retryable']);
    expect(activationMessage('invalidCode')).toBe('mfa.error.notActivated');
  });

  it('e-mail change: 422 duplicate, wrong code, otherwise the network error', () => {
    expect(KINDS.filter((k) => emailRequestMessage(k) !== 'account.error.network')).toEqual(['emailExists']);
    expect(emailRequestMessage('emailExists')).toBe('email.error.exists');
    expect(KINDS.filter((k) => emailCodeMessage(k) !== 'account.error.network')).toEqual(['invalidCode']);
    expect(emailCodeMessage('invalidCode')).toBe('email.error.wrongCode');
  });
});
