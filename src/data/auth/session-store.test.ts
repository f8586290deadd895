import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_STATE, storedAssuranceLevel } from './auth-state';
import { createSessionStore } from './session-store';
import { authAnswerIn, readStoredSession } from '../stored-session';

// spec §4 Authentication: the session events, the assurance level and the forced change.
// The auth client is a stand-in that emits what supabase-js emits; the real client is
// exercised end to end (tests/e2e/auth.spec.ts).
type Callback = (event: AuthChangeEvent, session: Session | null) => void;

function harness() {
  let callback: Callback = () => {};
  const auth = {
    onAuthStateChange: vi.fn((cb: Callback) => {
      callback = cb;
      return { data: { subscription: { id: '1', callback: cb, unsubscribe: () => {} } } };
    }),
  };
  const store = createSessionStore({ auth: () => auth as never });
  const changes: string[] = [];
  store.subscribe(() => changes.push(store.get().status));
  const emit = async (event: AuthChangeEvent, session: Session | null) => {
    callback(event, session);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { store, auth, emit, changes };
}

/** An access token as GoTrue issues it: only its payload matters here (aal). */
const jwt = (payload: Record<string, unknown>) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

const session = (metadata: Record<string, unknown> = {}, id = 'user-1', level: { aal?: 'aal1' | 'aal2'; factor?: boolean } = {}): Session =>
  ({
    access_token: jwt({ sub: id, aal: level.aal ?? 'aal1' }),
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: {
      id,
      email: 'p@example.test',
      user_metadata: { language: 'fr', ...metadata },
      app_metadata: {},
      aud: 'authenticated',
      created_at: '',
      ...(level.factor ? { factors: [{ id: 'f', status: 'verified', factor_type: 'totp' }] } : {}),
    },
  }) as Session;

describe('session store', () => {
  it('starts loading and subscribes to the auth listener once', () => {
    const { store, auth } = harness();
    store.subscribe(() => {});
    expect(store.get().status).toBe('loading');
    expect(auth.onAuthStateChange).toHaveBeenCalledOnce();
  });

  it('INITIAL_SESSION without a session: signed out', async () => {
    const { store, emit } = harness();
    await emit('INITIAL_SESSION', null);
    expect(store.get()).toEqual(SIGNED_OUT_STATE);
  });

  it('SIGNED_IN: signed in with the user and the assurance level', async () => {
    const { store, emit } = harness();
    await emit('SIGNED_IN', session());
    expect(store.get()).toMatchObject({
      status: 'signedIn',
      user: { id: 'user-1', email: 'p@example.test', language: 'fr', newEmail: null },
      aal: { current: 'aal1', next: 'aal1' },
      needsSecondFactor: false,
      requirePasswordChange: false,
      recovery: false,
    });
  });

  // spec §4 "If the required assurance level is higher than the current one, the MFA screen is shown"
  it('a verified factor and an aal1 session need the second factor; MFA_CHALLENGE_VERIFIED lifts it', async () => {
    const { store, emit } = harness();
    await emit('SIGNED_IN', session({}, 'user-1', { aal: 'aal1', factor: true }));
    expect(store.get().needsSecondFactor).toBe(true);
    await emit('MFA_CHALLENGE_VERIFIED', session({}, 'user-1', { aal: 'aal2', factor: true }));
    expect(store.get().needsSecondFactor).toBe(false);
    expect(store.get().aal).toEqual({ current: 'aal2', next: 'aal2' });
  });

  // spec §4 "Forced password change: shown while require_pw_reset is set ... After success the flag is cleared."
  it('require_pw_reset true forces the change; USER_UPDATED without it ends it', async () => {
    const { store, emit } = harness();
    await emit('SIGNED_IN', session({ require_pw_reset: true }));
    expect(store.get().requirePasswordChange).toBe(true);
    await emit('USER_UPDATED', session({ require_pw_reset: false }));
    expect(store.get().requirePasswordChange).toBe(false);
  });

  it('PASSWORD_RECOVERY marks the reset-link session until the new password is set', async () => {
    const { store, emit } = harness();
    await emit('PASSWORD_RECOVERY', session());
    expect(store.get()).toMatchObject({ status: 'signedIn', recovery: true });
    await emit('TOKEN_REFRESHED', session());
    expect(store.get().recovery).toBe(true);
    store.clearRecovery();
    expect(store.get().recovery).toBe(false);
  });

  // Decision (docs/decisions/0010-token-refresh-without-reload.md): a token refresh updates the state in place — no reload, no spinner.
  it('TOKEN_REFRESHED keeps the patient signed in without passing through loading', async () => {
    const { store, emit, changes } = harness();
    await emit('SIGNED_IN', session());
    changes.length = 0;
    await emit('TOKEN_REFRESHED', session({ language: 'de' }));
    expect(changes.every((s) => s === 'signedIn')).toBe(true);
    expect(store.get().user?.language).toBe('de');
  });

  // leaving for / after it is the session owner's (src/data/session/patient-session.test.ts)
  it('SIGNED_OUT after a signed-in state: signed out, the user gone', async () => {
    const { store, emit } = harness();
    await emit('SIGNED_IN', session());
    await emit('SIGNED_OUT', null);
    expect(store.get()).toEqual(SIGNED_OUT_STATE);
  });

  it('an unreadable token: signed in, level unknown (the server still checks aal)', async () => {
    const { store, emit } = harness();
    await emit('SIGNED_IN', { ...session(), access_token: 'not-a-jwt' });
    expect(store.get()).toMatchObject({ status: 'signedIn', aal: { current: null, next: null }, needsSecondFactor: false });
  });

});

// A patient who opens the app offline with an expired access token: supabase-js keeps the
// stored session but answers INITIAL_SESSION with null (docs/decisions/0007-offline-start-stored-session.md).
describe('offline start with a stored session', () => {
  it('INITIAL_SESSION null with a stored session: signed in as its user, level from the token', async () => {
    let callback: Callback = () => {};
    const stored = { ...session(), access_token: jwt({ aal: 'aal2' }), user: { ...session().user, factors: [{ status: 'verified' }] } } as Session;
    const store = createSessionStore({
      auth: () => ({ onAuthStateChange: (cb: Callback) => ((callback = cb), { data: { subscription: {} } }) }) as never,
      storedSession: () => stored,
    });
    store.subscribe(() => {});
    callback('INITIAL_SESSION', null);
    expect(store.get()).toMatchObject({ status: 'signedIn', user: { id: 'user-1' }, aal: { current: 'aal2', next: 'aal2' }, needsSecondFactor: false });
  });

  it('without a stored session it stays signed out; a SIGNED_OUT event never reads the storage', async () => {
    let callback: Callback = () => {};
    const storedSession = vi.fn(() => null);
    const store = createSessionStore({
      auth: () => ({ onAuthStateChange: (cb: Callback) => ((callback = cb), { data: { subscription: {} } }) }) as never,
      storedSession,
    });
    store.subscribe(() => {});
    callback('INITIAL_SESSION', null);
    expect(store.get()).toEqual(SIGNED_OUT_STATE);
    const reads = storedSession.mock.calls.length;
    callback('SIGNED_OUT', null);
    expect(storedSession).toHaveBeenCalledTimes(reads);
  });

  // the installed app opened offline shows the mirror at once, not after supabase-js'
  // refresh retries (about 25 s with an expired token and no network)
  it('a stored session is taken at once, before supabase-js answers; its answer confirms or ends it', () => {
    let callback: Callback = () => {};
    const store = createSessionStore({
      auth: () => ({ onAuthStateChange: (cb: Callback) => ((callback = cb), { data: { subscription: {} } }) }) as never,
      storedSession: () => session(),
      authAnswerInUrl: () => false,
    });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    expect(store.get()).toMatchObject({ status: 'signedIn', user: { id: 'user-1' }, aal: { current: 'aal1', next: 'aal1' } });
    const before = store.get();
    callback('INITIAL_SESSION', session());
    expect(store.get()).toEqual(before);
    callback('SIGNED_OUT', null);
    expect(store.get()).toEqual(SIGNED_OUT_STATE);
    // signed in from the start (the first subscriber hears it); supabase-js' confirmation changes nothing
    expect(seen).toEqual(['signedIn', 'signedOut']);
  });

  it('an event that changes nothing the app reads notifies nobody; a changed user does', async () => {
    const { store, emit, changes } = harness();
    await emit('SIGNED_IN', session());
    await emit('TOKEN_REFRESHED', { ...session(), access_token: jwt({ sub: 'user-1', aal: 'aal1', iat: 2 }) });
    await emit('INITIAL_SESSION', session());
    expect(changes).toEqual(['signedIn']);
    await emit('USER_UPDATED', session({ language: 'de' }));
    expect(changes).toEqual(['signedIn', 'signedIn']);
    expect(store.get().user?.language).toBe('de');
  });

  it('not while the address carries an answer of the auth service: supabase-js decides', () => {
    const store = createSessionStore({
      auth: () => ({ onAuthStateChange: () => ({ data: { subscription: {} } }) }) as never,
      storedSession: () => session(),
      authAnswerInUrl: () => true,
    });
    store.subscribe(() => {});
    expect(store.get().status).toBe('loading');
  });

  it.each([
    ['?code=abc', '', true],
    ['', '#access_token=t&type=recovery', true],
    ['', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid', true],
    ['?error_description=x', '', true],
    ['?active=true', '#intake-plan', false],
    ['', '', false],
  ])('auth answer in %s%s: %s', (search, hash, answer) => {
    expect(authAnswerIn({ search, hash })).toBe(answer);
  });

  it('readStoredSession and storedAssuranceLevel', () => {
    const good = { access_token: jwt({ aal: 'aal1' }), refresh_token: 'r', user: { id: 'u' } };
    const storage = (v: string | null) => ({ getItem: () => v });
    expect(readStoredSession(storage(JSON.stringify(good)), 'k')).toMatchObject({ user: { id: 'u' } });
    expect(readStoredSession(storage('{"access_token":"a"}'), 'k')).toBeNull();
    expect(readStoredSession(storage('not json'), 'k')).toBeNull();
    expect(readStoredSession(undefined, 'k')).toBeNull();
    expect(storedAssuranceLevel(good as unknown as Session)).toEqual({ current: 'aal1', next: 'aal1' });
    expect(storedAssuranceLevel({ ...good, access_token: 'x' } as unknown as Session)).toEqual({ current: null, next: null });
  });
});
