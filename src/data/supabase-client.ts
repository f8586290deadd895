// The one Supabase client of the app (auth, PostgREST, realtime, functions), on the URL and
// key of the build (build-env.ts). Its fetch never sends a stale token and notes
// the server's Retry-After (net/fetch-guard.ts).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { readStoredSession, storedSessionKey } from './stored-session';
import { guardFetch } from './net/fetch-guard';
import { createRetryAfterLog, type RetryAfterLog } from './net/retry-after';
import { buildEnv } from './build-env';
import { nextTask } from '../lib/next-task';

/** The client every query and command takes as a parameter (typed by the generated schema, `npm run gen:types`). */
export type AppClient = SupabaseClient<Database>;

/** The Retry-After hints of the app client's answers (the replay reads them). */
export const appRetryAfter: RetryAfterLog = createRetryAfterLog();

export interface AppClientOptions {
  url: string;
  /** the project's public API key: publishable (sb_publishable_…) or the legacy anon key */
  anonKey: string;
  /** where the session lives (the browser's localStorage in the app) */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** the storage key (default: supabase-js' own for this URL) */
  storageKey?: string;
  /** the network (default: the global fetch) */
  fetch?: typeof fetch;
  retryAfter?: RetryAfterLog;
  /** extra settings for Node (tests): no URL session detection, a WebSocket class */
  realtimeTransport?: unknown;
}

/**
 * The app's client configuration. supabase-js' refresh ticker is off: the patient session
 * refreshes each token once (auth/token-refresher.ts). Besides the guarded fetch: realtime reads the stored token
 * instead of supabase-js' getSession(), which refreshes a token within 90 s of its expiry — a
 * realtime heartbeat every 25 s would refresh on each beat with short-lived tokens. supabase-js
 * hands realtime each refreshed token itself (TOKEN_REFRESHED), so nothing is missed.
 */
export function createAppClient(o: AppClientOptions): AppClient {
  const key = o.storageKey ?? storedSessionKey(o.url);
  const storedToken = () => readStoredSession(o.storage, key)?.access_token ?? null;
  const base = o.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  return createClient<Database>(o.url, o.anonKey, {
    auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: o.realtimeTransport === undefined, flowType: 'implicit', storage: o.storage, storageKey: key },
    global: { fetch: guardFetch(base, { anonKey: o.anonKey, storedAccessToken: storedToken, ...(o.retryAfter && { retryAfter: o.retryAfter }) }) },
    realtime: {
      accessToken: async () => storedToken(),
      // supabase-js' realtime option types the transport loosely (a WebSocket class)
      ...(o.realtimeTransport !== undefined && { transport: o.realtimeTransport as never }),
    },
  });
}

let client: AppClient | null = null;

/** Created on first use, so public pages that never touch the backend do not pay for it. */
export function supabase(): AppClient {
  client ??= createAppClient({ url: buildEnv.supabaseUrl, anonKey: buildEnv.supabaseKey, storage: globalThis.localStorage, retryAfter: appRetryAfter });
  return client;
}

/**
 * The client, made in a task after the one that asked: for code that has just imported this
 * module, whose evaluation (supabase-js' modules) ran in the task that resolved the import. Made
 * at once it added the client's setup (50–60 ms at 4× CPU) to that task: one of 107 ms on
 * /order/select, whose generic tip asks at once. The caller goes on a task later still: its first
 * requests (and supabase-js' reading of the session for them) made the setup's task one of up to
 * 122 ms there.
 */
export async function supabaseAfterImport(): Promise<AppClient> {
  await nextTask();
  const made = supabase();
  await nextTask();
  return made;
}
