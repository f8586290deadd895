// The replay waits, rather than rejects, while the session cannot send: signed out, the
// access token expired (401), or a two-factor patient still at aal1. Nothing is the patient's
// mistake there: entries stay pending. After a 401 one token refresh is tried; a new token
// (sign-in, refresh, second factor passed) resumes the replay.
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import type { EntryError } from './classify';
import type { AppClient } from '../supabase-client';

export type PauseReason = 'signedOut' | 'sessionExpired' | 'secondFactor';

/** Who may send now: a patient, a reason to wait, or no network to even read the session. */
export type SessionCheck = { userId: string } | { paused: PauseReason } | { offline: EntryError };

/** A new sign-in or level: a pass now. A refreshed token resumes only a paused replay (a pass per refresh would read the session, which refreshes again). */
const RESUMING_EVENTS: ReadonlySet<AuthChangeEvent> = new Set(['SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);

export interface SessionPauseDeps {
  client: AppClient;
  /** runs a callback outside supabase-js' auth lock (which it holds while calling listeners) */
  defer: (fn: () => void) => void;
}

export function createSessionPause({ client, defer }: SessionPauseDeps) {
  let refreshTried = false;
  return {
    /** Before a pass: whose entries may go, or why none may. */
    async check(): Promise<SessionCheck> {
      const { data, error } = await client.auth.getSession();
      if (error) return isAuthRetryableFetchError(error) ? { offline: { code: 'network', message: error.message, status: 0 } } : { paused: 'signedOut' };
      if (!data.session) return { paused: 'signedOut' };
      const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      if (!aal.error && aal.data?.nextLevel === 'aal2' && aal.data.currentLevel !== 'aal2') return { paused: 'secondFactor' };
      return { userId: data.session.user.id };
    },
    /** The server answered 401: try one refresh (a new token resumes; a dead refresh token signs out, and the next sign-in resumes). */
    expired(): void {
      if (refreshTried) return;
      refreshTried = true;
      void client.auth.refreshSession().catch(() => undefined);
    },
    /** An entry went through: the token works, a later 401 may refresh again. */
    sent(): void {
      refreshTried = false;
    },
    /**
     * Follows the auth events: `paused('signedOut')` on a sign-out, `resume()` on a sign-in or
     * a passed second factor, and on any session event (a refreshed token) while paused.
     * Returns the unsubscribe.
     */
    watch(isPaused: () => boolean, on: { paused: (reason: PauseReason) => void; resume: () => void }): () => void {
      const { data } = client.auth.onAuthStateChange((event, session) => {
        defer(() => {
          if (event === 'SIGNED_OUT' || !session) return on.paused('signedOut');
          if (RESUMING_EVENTS.has(event) || isPaused()) {
            // a refreshed token that is refused again is not refreshed again until a sign-in or a send succeeds
            if (event === 'SIGNED_IN') refreshTried = false;
            on.resume();
          }
        });
      });
      return () => data.subscription.unsubscribe();
    },
  };
}

export type SessionPause = ReturnType<typeof createSessionPause>;
