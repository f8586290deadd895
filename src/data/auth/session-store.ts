// The session as one small store (subscribe/get, no React), fed by supabase-js' auth
// listener with the events of spec §4: INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED,
// SIGNED_OUT, PASSWORD_RECOVERY, USER_UPDATED, MFA_CHALLENGE_VERIFIED. After each event
// that carries a session the assurance level is read (getAuthenticatorAssuranceLevel):
// the login confirmation is needed when nextLevel is aal2 and currentLevel is not.
//
// Page reloads — a decision that departs from spec §4 ("A sign-out or token refresh event
// reloads the page"):
// - TOKEN_REFRESHED does NOT reload. supabase-js refreshes the token about every hour; a
//   reload then would throw away a patient's unsent form and, offline, leave a blank page.
//   The new session simply replaces the old one in this store.
// - SIGNED_OUT is a state here; the session's owner (src/data/session/patient-session.ts)
//   follows it: after a signed-in state it wipes the mirror and leaves for / with a full page
//   load, which clears every piece of medical data held in memory (the spec's reload).
//
// Offline start: with an expired access token and no connection, supabase-js keeps the
// session in storage (the refresh failed for want of a network, it retries) but answers
// INITIAL_SESSION with null. The patient is still signed in: the stored session's user is
// taken (storedSession), so the mirror shows their data; when the connection returns,
// supabase-js refreshes the token (TOKEN_REFRESHED) or, if the refresh token was refused,
// removes the session (SIGNED_OUT).
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { LANGUAGES, type Lang } from '../../i18n/languages';
import { createStore } from '../../lib/store';
import { supabase } from '../supabase-client';
import { storedSessionKey } from './sign-out';
import { LOADING_STATE, SIGNED_OUT_STATE, needsSecondFactorFor, type AssuranceLevelName, type AuthState, type SessionUser } from './auth-state';

export type { AuthState, AuthStatus, AssuranceLevelName, SessionUser } from './auth-state';
export { LOADING_STATE, SIGNED_OUT_STATE, needsSecondFactorFor } from './auth-state';

type AuthApi = Pick<SupabaseClient['auth'], 'onAuthStateChange'> & {
  mfa: Pick<SupabaseClient['auth']['mfa'], 'getAuthenticatorAssuranceLevel'>;
};

export interface SessionStoreDeps {
  auth: () => AuthApi;
  /** the session supabase-js keeps in storage, read as it is (no refresh); null: none */
  storedSession?: () => Session | null;
}

/** The stored session (supabase-js' storage key) if it looks like one, else null. */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | undefined, key: string = storedSessionKey()): Session | null {
  try {
    const value = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<Session> | null;
    return value?.access_token && value.refresh_token && value.user?.id ? (value as Session) : null;
  } catch {
    return null;
  }
}

/** The assurance level as supabase-js computes it without a network: the token's aal claim, aal2 next with a verified factor. */
export function storedAssuranceLevel(session: Session): AuthState['aal'] {
  let current: AssuranceLevelName = null;
  try {
    const part = session.access_token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown };
    if (payload.aal === 'aal1' || payload.aal === 'aal2') current = payload.aal;
  } catch {
    // not a readable JWT: level unknown, the server still checks
  }
  const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
  return { current, next: verified ? 'aal2' : current };
}

export function sessionUserOf(user: User): SessionUser {
  const language = user.user_metadata?.language as unknown;
  return {
    id: user.id,
    email: user.email ?? '',
    language: LANGUAGES.includes(language as Lang) ? (language as Lang) : null,
    newEmail: user.new_email ?? null,
  };
}

export const requiresPasswordChange = (user: User): boolean => user.user_metadata?.require_pw_reset === true;

export function createSessionStore(deps: SessionStoreDeps) {
  const store = createStore<AuthState>(LOADING_STATE);
  const set = store.set;
  let started = false;
  // Each event with a session reads the assurance level asynchronously; only the answer to
  // the latest event may change the state.
  let generation = 0;

  async function assuranceLevel(): Promise<AuthState['aal']> {
    try {
      const { data, error } = await deps.auth().mfa.getAuthenticatorAssuranceLevel();
      if (error || !data) return { current: null, next: null };
      return { current: data.currentLevel as AssuranceLevelName, next: data.nextLevel as AssuranceLevelName };
    } catch {
      // the server still refuses aal1 where a factor is enrolled (RLS check_mfa)
      return { current: null, next: null };
    }
  }

  function onEvent(event: AuthChangeEvent, session: Session | null): void {
    const gen = ++generation;
    const stored = event === 'INITIAL_SESSION' && !session ? (deps.storedSession?.() ?? null) : null;
    if (stored) {
      const aal = storedAssuranceLevel(stored);
      set({
        ...LOADING_STATE,
        status: 'signedIn',
        user: sessionUserOf(stored.user),
        requirePasswordChange: requiresPasswordChange(stored.user),
        aal,
        needsSecondFactor: needsSecondFactorFor(aal),
      });
      return;
    }
    if (event === 'SIGNED_OUT' || !session) {
      set(SIGNED_OUT_STATE);
      return;
    }
    const state = store.get();
    const user = sessionUserOf(session.user);
    const sameUser = state.user?.id === user.id;
    const fields = {
      user,
      requirePasswordChange: requiresPasswordChange(session.user),
      recovery: event === 'PASSWORD_RECOVERY' || (sameUser && state.recovery),
    };
    // A refreshed token or an updated user changes the state in place (no spinner, no reload).
    if (state.status === 'signedIn' && sameUser) set({ ...state, ...fields });
    void assuranceLevel().then((aal) => {
      if (gen !== generation) return;
      set({ ...store.get(), ...fields, status: 'signedIn', aal, needsSecondFactor: needsSecondFactorFor(aal) });
    });
  }

  return {
    get: store.get,
    /** Subscribing starts the auth listener (once). */
    subscribe(listener: () => void): () => void {
      const off = store.subscribe(listener);
      start();
      return off;
    },
    /** The new password is set: the reset link's session is an ordinary one now. */
    clearRecovery(): void {
      if (store.get().recovery) set({ ...store.get(), recovery: false });
    },
  };

  function start(): void {
    if (started) return;
    started = true;
    // The callback stays quick: supabase-js awaits it before the next event.
    deps.auth().onAuthStateChange((event, session) => onEvent(event, session));
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The app's session. */
export const sessionStore: SessionStore = createSessionStore({
  auth: () => supabase().auth,
  storedSession: () => readStoredSession(globalThis.localStorage),
});
