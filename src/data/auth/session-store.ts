// The session as one small store (subscribe/get, no React), fed by supabase-js' auth
// listener with the events of spec §4: INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED,
// SIGNED_OUT, PASSWORD_RECOVERY, USER_UPDATED, MFA_CHALLENGE_VERIFIED. The assurance level
// is read from each event's session (the token's aal claim, aal2 next when the user has a
// verified factor: what getAuthenticatorAssuranceLevel computes): the login confirmation is
// needed when nextLevel is aal2 and currentLevel is not.
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
// Offline first: a session stored on this device is taken at once, before supabase-js has
// answered — with an expired access token and no connection supabase-js retries the refresh
// for about 25 s before its INITIAL_SESSION, and the patient opening the installed app
// offline would look at a spinner all that time. supabase-js' answer then confirms the
// session in place (INITIAL_SESSION, TOKEN_REFRESHED), or ends it (SIGNED_OUT: the session's
// owner wipes the mirror and leaves). Not while the address carries an answer of the auth
// service (a PKCE code, a mailed link's tokens or error): that answer decides who is signed in.
// An INITIAL_SESSION of null (offline, token expired, refresh pending) keeps the stored
// session's user too; when the connection returns, supabase-js refreshes the token
// (TOKEN_REFRESHED) or, if the refresh token was refused, removes the session (SIGNED_OUT).
import { followAuth } from './auth-view';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { createStore, shallowEqual } from '../../lib/store';
import { nextTask } from '../../lib/next-task';
import { prepareClient, supabase } from '../supabase-client';
import { authAnswerIn, readStoredSession } from '../stored-session';
import { LOADING_STATE, SIGNED_OUT_STATE, authStateOf, type AuthState } from './auth-state';


type AuthApi = Pick<SupabaseClient['auth'], 'onAuthStateChange'>;

export interface SessionStoreDeps {
  auth: () => AuthApi;
  /** the session supabase-js keeps in storage, read as it is (no refresh); null: none */
  storedSession?: () => Session | null;
  /** the page's address carries an answer of the auth service, which supabase-js reads at start */
  authAnswerInUrl?: () => boolean;
}


/** Two states the app cannot tell apart. */
export function sameAuthState(a: AuthState, b: AuthState): boolean {
  return (
    a.status === b.status &&
    a.sessionId === b.sessionId &&
    a.needsSecondFactor === b.needsSecondFactor &&
    a.requirePasswordChange === b.requirePasswordChange &&
    a.recovery === b.recovery &&
    a.aal.current === b.aal.current &&
    a.aal.next === b.aal.next &&
    (a.user === b.user || (!!a.user && !!b.user && shallowEqual(a.user, b.user)))
  );
}

export function createSessionStore(deps: SessionStoreDeps) {
  // an event that changes nothing the app reads (a refreshed token, supabase-js' SIGNED_IN and
  // INITIAL_SESSION of the session already taken) re-renders nothing
  const store = createStore<AuthState>(LOADING_STATE, { equals: sameAuthState });
  const set = store.set;
  let started = false;

  function onEvent(event: AuthChangeEvent, session: Session | null): void {
    const stored = event === 'INITIAL_SESSION' && !session ? (deps.storedSession?.() ?? null) : null;
    apply(event, session ?? stored);
  }

  function apply(event: AuthChangeEvent, current: Session | null): void {
    if (event === 'SIGNED_OUT' || !current) {
      set(SIGNED_OUT_STATE);
      return;
    }
    const state = store.get();
    // Read from the session itself, as supabase-js does, but without its getSession(): that
    // refreshes a token close to expiry, whose TOKEN_REFRESHED would come back here — with a
    // token lifetime under supabase-js' 90 s margin, a refresh storm. A refreshed token or an
    // updated user changes the state in place (no spinner, no reload).
    const next = authStateOf(current);
    const sameUser = state.status === 'signedIn' && state.user?.id === next.user?.id;
    set({ ...next, recovery: event === 'PASSWORD_RECOVERY' || (sameUser && state.recovery) });
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
    const stored = deps.authAnswerInUrl?.() ? null : (deps.storedSession?.() ?? null);
    if (stored) apply('INITIAL_SESSION', stored);
    // The callback stays quick: supabase-js awaits it before the next event.
    deps.auth().onAuthStateChange((event, session) => onEvent(event, session));
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The app's session. */
export const sessionStore: SessionStore = createSessionStore({
  auth: () => supabase().auth,
  storedSession: () => readStoredSession(globalThis.localStorage),
  authAnswerInUrl: () => authAnswerIn(globalThis.location),
});

/**
 * Screens read the auth state through auth-view.ts: once this store exists, it is this store's.
 * Handed over in tasks of their own, not in this module's evaluation (with the data layer's
 * modules, one task after a returning patient's first paint: 85–180 ms at 4× CPU): first the
 * client is made (supabase-js, 40–45 ms), its auth starts in the next (supabase-client.ts), then
 * the screens listening move to the store, which starts it. Settles once they have.
 */
export const authHandedOver: Promise<void> = nextTask()
  // (not in the build's server render: no page, no storage, no client)
  .then(() => void (globalThis.document && prepareClient()))
  .then(() => nextTask())
  .then(() => followAuth(sessionStore));
