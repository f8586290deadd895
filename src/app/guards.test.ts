import { describe, expect, it } from 'vitest';
import { screenFor, SIGNED_OUT, type SessionView } from './guards';
import type { Guard } from './routes';

const signedIn = (over: Partial<SessionView> = {}): SessionView => ({
  ...SIGNED_OUT,
  status: 'signedIn',
  hasProfile: true,
  hasSetup: true,
  hasPrescriptions: true,
  ...over,
});

describe('screenFor', () => {
  // spec §2 "Routes flagged as public show without login. Other routes show a login prompt when signed out."
  it.each<[Guard, string]>([
    ['public', 'view'],
    ['session', 'loginPrompt'],
    ['profile', 'loginPrompt'],
    ['setup', 'loginPrompt'],
  ])('signed out, %s route -> %s', (guard, screen) => {
    expect(screenFor(guard, SIGNED_OUT)).toBe(screen);
  });

  // spec §2 "While loading, a spinner is shown."
  it('shows the spinner for protected routes while the session loads, public routes at once', () => {
    const loading = { ...SIGNED_OUT, status: 'loading' as const };
    expect(screenFor('session', loading)).toBe('spinner');
    expect(screenFor('public', loading)).toBe('view');
  });

  // spec §6 "A user flagged for password reset must change the password before anything else."
  it('puts the forced password change before everything, second factor next', () => {
    expect(screenFor('public', signedIn({ requirePasswordChange: true, needsSecondFactor: true }))).toBe('passwordChange');
    expect(screenFor('setup', signedIn({ needsSecondFactor: true }))).toBe('secondFactor');
  });

  // spec §2 "Order flow under /order, all requiring completed setup"; "Questionnaire, insurance and medication require a profile."
  it('replaces setup and profile routes by onboarding while incomplete', () => {
    expect(screenFor('setup', signedIn({ hasSetup: false }))).toBe('onboarding');
    expect(screenFor('profile', signedIn({ hasProfile: false, hasSetup: false }))).toBe('onboarding');
    expect(screenFor('profile', signedIn({ hasSetup: false }))).toBe('view');
    expect(screenFor('session', signedIn({ hasProfile: false, hasSetup: false }))).toBe('view');
    expect(screenFor('setup', signedIn())).toBe('view');
  });
});
