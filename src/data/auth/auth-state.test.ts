// The signed-in state a stored session stands for (auth-state.ts authStateOf): the shell
// shows a returning patient's screen from it before supabase-js has loaded, so it must be the
// state the session store reaches from that session, or the screen would change on takeover.
import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authStateOf, type AuthState } from './auth-state';
import { testJwt } from '../session/test-patient';
import { createSessionStore } from './session-store';

const session = (user: Record<string, unknown> = {}, payload: Record<string, unknown> = { aal: 'aal1' }): Session =>
  ({
    access_token: testJwt({ sub: 'u1', ...payload }),
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u1', email: 'p@example.test', user_metadata: { language: 'fr' }, app_metadata: {}, aud: 'authenticated', created_at: '', ...user },
  }) as unknown as Session;

const VERIFIED = { factors: [{ id: 'f', status: 'verified', factor_type: 'totp' }] };

/** What the session store holds after supabase-js' INITIAL_SESSION of this session. */
function storeStateOf(stored: Session): AuthState {
  const store = createSessionStore({ auth: () => ({ onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => {} } } }) }) as never, storedSession: () => stored });
  store.subscribe(() => {})();
  return store.get();
}

// spec §4 Authentication: user, assurance level, forced password change
describe('authStateOf', () => {
  it('a plain session: signed in as its user, no second factor, no forced change, no recovery', () => {
    expect(authStateOf(session())).toEqual({
      status: 'signedIn',
      user: { id: 'u1', email: 'p@example.test', language: 'fr', newEmail: null },
      sessionId: null,
      aal: { current: 'aal1', next: 'aal1' },
      needsSecondFactor: false,
      requirePasswordChange: false,
      recovery: false,
    });
  });

  it('takes the forced change, the language and a pending new address from the user', () => {
    const state = authStateOf(session({ user_metadata: { language: 'de', require_pw_reset: true }, new_email: 'neu@example.test' }));
    expect(state.requirePasswordChange).toBe(true);
    expect(state.user).toEqual({ id: 'u1', email: 'p@example.test', language: 'de', newEmail: 'neu@example.test' });
  });

  it('only de and fr count as a language; only true forces the change', () => {
    const state = authStateOf(session({ user_metadata: { language: 'it', require_pw_reset: 'true' }, email: undefined }));
    expect(state.user).toMatchObject({ language: null, email: '' });
    expect(state.requirePasswordChange).toBe(false);
  });

  it("the auth service's session is the token's session_id (null without one)", () => {
    expect(authStateOf(session({}, { aal: 'aal2', session_id: 's-1' })).sessionId).toBe('s-1');
    expect(authStateOf(session({}, { aal: 'aal1', session_id: 7 })).sessionId).toBeNull();
    expect(authStateOf({ ...session(), access_token: 'not a jwt' }).sessionId).toBeNull();
  });

  it('a verified factor with an aal1 token: the login confirmation is needed', () => {
    expect(authStateOf(session(VERIFIED))).toMatchObject({ aal: { current: 'aal1', next: 'aal2' }, needsSecondFactor: true });
    expect(authStateOf(session(VERIFIED, { aal: 'aal2' }))).toMatchObject({ aal: { current: 'aal2', next: 'aal2' }, needsSecondFactor: false });
  });

  it('reads a base64url payload (- and _ in the token)', () => {
    const token = session({}, { aal: 'aal2', name: '~~~???' });
    expect(token.access_token).toMatch(/[-_]/);
    expect(authStateOf(token).aal.current).toBe('aal2');
  });

  it('an unreadable token: level unknown, and with a verified factor the confirmation is asked for rather than skipped', () => {
    expect(authStateOf({ ...session(), access_token: 'not-a-jwt' }).aal).toEqual({ current: null, next: null });
    expect(authStateOf({ ...session(VERIFIED), access_token: 'not-a-jwt' }).needsSecondFactor).toBe(true);
  });

  it('is the state the session store reaches from the same stored session', () => {
    for (const stored of [session(), session(VERIFIED), session({ user_metadata: { require_pw_reset: true } }), session({}, { aal: 'aal2' })]) {
      expect(authStateOf(stored)).toEqual(storeStateOf(stored));
    }
  });
});
