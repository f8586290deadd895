// The app's own token refresh, instead of supabase-js' ticker (autoRefreshToken is off in
// supabase-client.ts). That ticker runs every 30 s and refreshes once the token has 90 s or less
// left — and then, inside the same tick, once more for the token it just got when tokens live
// under 90 s: two refreshes per lifetime, more with every getSession() in between. Here: one
// refresh per token, a quarter of its lifetime (at most 5 minutes) before it expires, only while
// online; a failed one is tried again after RETRY_MS. The connection coming back and the page
// becoming visible refresh at once when the token is due (patient-session.ts).
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { refreshNow } from './fresh-session';

export const LEAD_MAX_MS = 5 * 60_000;
export const RETRY_MS = 30_000;

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

export interface TokenRefresherDeps {
  auth: Pick<SupabaseClient['auth'], 'refreshSession' | 'getSession' | 'onAuthStateChange'>;
  /** the stored session, read without supabase-js (which would refresh while reading) */
  stored: () => Pick<Session, 'expires_at' | 'expires_in'> | null;
  online: () => boolean;
  now?: () => number;
  timers?: Timers;
}

/** When to refresh a token: a quarter of its lifetime, at most LEAD_MAX_MS, before it expires. */
export function refreshAt(session: Pick<Session, 'expires_at' | 'expires_in'>): number | null {
  if (!session.expires_at) return null;
  const expires = session.expires_at * 1000;
  const lifetime = (session.expires_in ?? 3600) * 1000;
  return expires - Math.min(LEAD_MAX_MS, lifetime / 4);
}

const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED', 'PASSWORD_RECOVERY']);

export function startTokenRefresher(deps: TokenRefresherDeps) {
  const now = deps.now ?? Date.now;
  const timers: Timers = deps.timers ?? (globalThis as unknown as Timers);
  let timer: unknown = null;
  let stopped = false;

  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer as never);
    timer = null;
  };

  async function refresh(): Promise<void> {
    const stored = deps.stored();
    if (!stored || stopped) return;
    const result = await refreshNow(deps.auth, stored, now());
    // success reschedules through TOKEN_REFRESHED; a failure tries again later
    if (result === 'failed' && !stopped) at(now() + RETRY_MS);
  }

  function at(when: number): void {
    clear();
    timer = timers.setTimeout(() => {
      timer = null;
      if (deps.online()) void refresh();
    }, Math.max(0, when - now()));
  }

  /** Plans the refresh of the stored token; a token already due is refreshed now (when online). */
  function schedule(): void {
    if (stopped) return;
    const stored = deps.stored();
    const when = stored ? refreshAt(stored) : null;
    if (when === null) return clear();
    if (when <= now()) {
      clear();
      if (deps.online()) void refresh();
      return;
    }
    at(when);
  }

  const { data } = deps.auth.onAuthStateChange((event) => {
    if (SESSION_EVENTS.has(event)) timers.setTimeout(schedule, 0);
  });
  schedule();

  return {
    /** The connection is back or the page visible again: refresh now if the token is due. */
    poke: schedule,
    stop(): void {
      stopped = true;
      clear();
      data.subscription.unsubscribe();
    },
  };
}

export type TokenRefresher = ReturnType<typeof startTokenRefresher>;
