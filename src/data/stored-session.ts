// The session as supabase-js keeps it in storage, read without supabase-js: its getSession()
// would refresh a token close to expiry, and the shell, the fetch guard and the reconnect need
// to look without starting a refresh.
import type { Session } from '@supabase/supabase-js';
import { buildEnv } from './build-env';

/** Where supabase-js stores the session (its default key: sb-<first host label>-auth-token). */
export function storedSessionKey(url: string = buildEnv.supabaseUrl): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/** The stored session if it looks like one, else null. */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | undefined, key: string = storedSessionKey()): Session | null {
  try {
    const value = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<Session> | null;
    return value?.access_token && value.refresh_token && value.user?.id ? (value as Session) : null;
  } catch {
    return null;
  }
}

/** A PKCE code in the query, or tokens or an error of a mailed link in the hash (supabase-js' detectSessionInUrl). */
export function authAnswerIn(location: Pick<Location, 'search' | 'hash'> | undefined): boolean {
  if (!location) return false;
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  return query.has('code') || query.has('error_description') || hash.has('access_token') || hash.has('error_description') || hash.has('error');
}
