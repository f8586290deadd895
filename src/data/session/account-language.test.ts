// The device takes the account's language at a sign-in, and only then (spec §1 item
// 4): the follower over a stand-in auth store, with the rule of domain/account-language.ts.
import { describe, expect, it } from 'vitest';
import type { Language } from '../../domain/entities';
import { createStore } from '../../lib/store';
import { LOADING_STATE, SIGNED_OUT_STATE, type AuthState } from '../auth/auth-state';
import { followAccountLanguage } from './account-language';

const signedIn = (sessionId: string, language: Language | null, aal: 'aal1' | 'aal2' = 'aal1'): AuthState => ({
  ...LOADING_STATE,
  status: 'signedIn',
  user: { id: 'u1', email: 'p@example.test', language, newEmail: null },
  sessionId,
  aal: { current: aal, next: aal },
});

function device(shown: Language, seen: string | null = null) {
  const auth = createStore<AuthState>(LOADING_STATE);
  const language = createStore<Language>(shown);
  const kept = { seen };
  const stop = followAccountLanguage({ auth, language, seen: { get: () => kept.seen, set: (id) => void (kept.seen = id) } });
  return { auth, language, kept, stop };
}

describe('followAccountLanguage', () => {
  it('a sign-in with a French account on a German device shows French and remembers the session', () => {
    const d = device('de');
    d.auth.set(SIGNED_OUT_STATE);
    expect(d.language.get()).toBe('de');
    d.auth.set(signedIn('s1', 'fr'));
    expect(d.language.get()).toBe('fr');
    expect(d.kept.seen).toBe('s1');
  });

  it('a choice made afterwards wins: the same session (second factor, refreshed token, reload) never brings the account back', () => {
    const d = device('de');
    d.auth.set(signedIn('s1', 'fr', 'aal1'));
    d.language.set('de');
    d.auth.set(signedIn('s1', 'fr', 'aal2'));
    expect(d.language.get()).toBe('de');
    d.stop();
    const reloaded = device('de', d.kept.seen);
    reloaded.auth.set(signedIn('s1', 'fr', 'aal2'));
    expect(reloaded.language.get()).toBe('de');
  });

  it('the next sign-in on this device takes the account again; an account without a language leaves the device as it is', () => {
    const d = device('fr', 's1');
    d.auth.set(signedIn('s1', 'de'));
    expect(d.language.get()).toBe('fr');
    d.auth.set(SIGNED_OUT_STATE);
    d.auth.set(signedIn('s2', 'de'));
    expect(d.language.get()).toBe('de');
    d.auth.set(signedIn('s3', null));
    expect([d.language.get(), d.kept.seen]).toEqual(['de', 's3']);
  });

  it('a session already signed in when it starts counts too (the data layer loads after a sign-in by link)', () => {
    const auth = createStore<AuthState>(signedIn('s9', 'fr'));
    const language = createStore<Language>('de');
    followAccountLanguage({ auth, language, seen: { get: () => null, set: () => {} } });
    expect(language.get()).toBe('fr');
  });

  it('stops following', () => {
    const d = device('de');
    d.stop();
    d.auth.set(signedIn('s1', 'fr'));
    expect(d.language.get()).toBe('de');
  });
});
