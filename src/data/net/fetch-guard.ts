// The fetch of the app's Supabase client. Two things supabase-js does not do:
// - It never sends a token known to be expired, nor the anon key in place of a signed-in
//   patient's token. supabase-js falls back to the anon key when its refresh fails (offline,
//   or within its 60 s cooldown after a failed refresh): a pull made then would read "no
//   rows" under RLS and empty the patient's mirror. Such a request fails here like a network
//   error instead (the pull writes nothing, the outbox retries), and the reconnect refreshes
//   the token first (session/patient-session.ts).
// - It notes Retry-After of a 429 or 503 for the replay (retry-after.ts).
// - It gives up on a request to the database or a function after REQUEST_TIME_LIMIT_MS, answer
//   included. A browser's fetch has no limit of its own: a connection that goes quiet (a phone
//   between networks) would hold the outbox's send, and every write queued behind it, until the
//   page is closed. Given up, the request fails like a network error and its entry is retried;
//   every write is idempotent (outbox/send.ts), so one that did arrive is not stored twice.
// - A 429 to a token refresh reaches supabase-js as a 503: it takes a 429 for a refused refresh
//   and, with the access token expired, drops the session — a patient signed out for asking
//   too often. A 503 is retried instead.
// Auth calls (/auth/v1) pass untouched: they are how a token gets refreshed.
import type { RetryAfterLog } from './retry-after';

export interface FetchGuardOptions {
  anonKey: string;
  /** the signed-in patient's stored access token (null: nobody signed in) */
  storedAccessToken: () => string | null;
  retryAfter?: RetryAfterLog;
  now?: () => number;
  /** default REQUEST_TIME_LIMIT_MS */
  timeLimitMs?: number;
}

/**
 * The longest a request to the database or a function may take, its answer read in full. Far
 * beyond what an answer takes: the server's statements stop long before it, and the largest read
 * (a pull of 500 orders) is a few hundred kB, seconds on a slow mobile connection.
 */
export const REQUEST_TIME_LIMIT_MS = 60_000;

/** The caller's options with a signal that also aborts after `ms` (a TimeoutError, as AbortSignal.timeout gives). */
export function withTimeLimit(init: RequestInit | undefined, ms: number): RequestInit {
  const limit = AbortSignal.timeout(ms);
  const own = init?.signal;
  // AbortSignal.any is younger than AbortSignal.timeout (Safari 17.4): without it a caller's own signal wins
  const signal = !own ? limit : typeof AbortSignal.any === 'function' ? AbortSignal.any([own, limit]) : own;
  return { ...init, signal };
}

/** Thrown instead of sending: supabase-js reports it as a failed fetch (no answer). */
export class StaleTokenError extends TypeError {
  constructor(reason: string) {
    super(`not sent: ${reason}`);
    this.name = 'StaleTokenError';
  }
}

const GUARDED_PATH = /\/(rest|functions)\/v1\//;
const REFRESH = /\/auth\/v1\/token\?(?:.*&)?grant_type=refresh_token/;

/** The `exp` claim of a JWT in epoch ms (null: not a JWT or no exp). */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

function bearerOf(input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  const value = headers.get('authorization');
  return value?.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : null;
}

export const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

export function guardFetch(base: typeof fetch, options: FetchGuardOptions): typeof fetch {
  const now = options.now ?? Date.now;
  const timeLimit = options.timeLimitMs ?? REQUEST_TIME_LIMIT_MS;
  return async (input, init) => {
    if (GUARDED_PATH.test(urlOf(input))) {
      const bearer = bearerOf(input, init);
      if (bearer && bearer === options.anonKey && options.storedAccessToken() !== null) throw new StaleTokenError('the session could not be refreshed');
      const expiry = bearer && bearer !== options.anonKey ? tokenExpiry(bearer) : null;
      if (expiry !== null && expiry <= now()) throw new StaleTokenError('the access token has expired');
      init = withTimeLimit(init, timeLimit);
    }
    const response = await base(input, init);
    options.retryAfter?.record(response);
    if (response.status === 429 && REFRESH.test(urlOf(input))) {
      return new Response(await response.text(), { status: 503, statusText: 'Service Unavailable', headers: response.headers });
    }
    return response;
  };
}
