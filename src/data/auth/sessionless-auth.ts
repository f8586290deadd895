// An auth client that keeps no session, for the one answer of the auth service that must not
// become the patient's session: the code of an e-mail change. GoTrue answers
// POST /verify {type: 'email_change'} with a NEW session of its own (verify.go verifyPost ->
// issueRefreshToken with models.OTP: aal1, amr otp), and supabase-js' verifyOtp stores whatever
// session /verify answers and announces it as SIGNED_IN. For a patient with two-factor on, that
// replaced the session confirmed with the authenticator (aal2) by an aal1 one: the login
// confirmation came back at once, although the change takes effect only at the next login
// (spec §4). Sent from here, the answer's session stays in this client's memory, never in the
// app's storage, other tabs or the session store.
import { AuthClient, type GoTrueClient } from '@supabase/supabase-js';
import { buildEnv } from '../build-env';

export type SessionlessAuth = Pick<GoTrueClient, 'verifyOtp' | 'signOut'>;

export interface SessionlessAuthOptions {
  url: string;
  anonKey: string;
  fetch?: typeof fetch;
}

/**
 * Its own storage key: supabase-js warns of a second client in one browser only when two share
 * a key, and its lock (navigator.locks, by key) then never waits on the app client's.
 */
export const SESSIONLESS_STORAGE_KEY = 'sb-sessionless-auth';

export function createSessionlessAuth(o: SessionlessAuthOptions): SessionlessAuth {
  return new AuthClient({
    url: `${o.url}/auth/v1`,
    headers: { apikey: o.anonKey, Authorization: `Bearer ${o.anonKey}` },
    storageKey: SESSIONLESS_STORAGE_KEY,
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...(o.fetch && { fetch: o.fetch }),
  });
}

let app: SessionlessAuth | null = null;

/** The app's one session-less client (one per page: a second one with the key would warn). */
export function appSessionlessAuth(): SessionlessAuth {
  app ??= createSessionlessAuth({ url: buildEnv.supabaseUrl, anonKey: buildEnv.supabaseKey });
  return app;
}
