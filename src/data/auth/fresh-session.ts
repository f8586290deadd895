// Back online with an access token that expired (or is about to) while offline: refresh it
// now, before anything is pulled or sent. supabase-js remembers a refresh that failed (it
// failed: the device was offline) and answers every refresh with that same failure for 60 s
// (REFRESH_FAILURE_COOLDOWN_MS) — the edits made offline would wait up to a minute after the
// network is back. The remembered failure is about a network that is gone now, so it is
// forgotten first (a private field of GoTrueClient: when a supabase-js update renames it, this
// becomes a no-op and the reconnect test fails, rather than anything breaking).
import type { Session, SupabaseClient } from '@supabase/supabase-js';

/** supabase-js refreshes a token within this margin of its expiry (EXPIRY_MARGIN_MS). */
export const REFRESH_MARGIN_MS = 90_000;

export type FreshSession = 'none' | 'fresh' | 'refreshed' | 'failed';

/**
 * One refresh, now. supabase-js refreshes inside getSession() when the token has less than its
 * 90 s margin left, and refreshSession() reads the session first — so for such a token
 * refreshSession() would refresh twice. Here getSession() does it then, refreshSession() otherwise.
 */
export async function refreshNow(
  auth: Pick<SupabaseClient['auth'], 'refreshSession' | 'getSession'>,
  stored: Pick<Session, 'expires_at'>,
  now: number = Date.now(),
): Promise<'refreshed' | 'failed'> {
  const client = auth as { lastRefreshFailure?: unknown };
  if ('lastRefreshFailure' in client) client.lastRefreshFailure = null;
  const before = stored.expires_at ?? 0;
  try {
    if (before * 1000 - now < REFRESH_MARGIN_MS) {
      const { data } = await auth.getSession();
      return (data.session?.expires_at ?? 0) > before ? 'refreshed' : 'failed';
    }
    const { error } = await auth.refreshSession();
    return error ? 'failed' : 'refreshed';
  } catch {
    return 'failed';
  }
}

/** The connection is back: a token that expired meanwhile, or is about to, is refreshed first. */
export async function refreshIfStale(
  auth: Pick<SupabaseClient['auth'], 'refreshSession' | 'getSession'>,
  stored: Pick<Session, 'expires_at'> | null,
  now: number = Date.now(),
): Promise<FreshSession> {
  if (!stored) return 'none';
  if (stored.expires_at && stored.expires_at * 1000 - now > REFRESH_MARGIN_MS) return 'fresh';
  return refreshNow(auth, stored, now);
}
