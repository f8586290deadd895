// The one Supabase client of the app (auth, PostgREST, realtime, functions), on the URL and
// anon key of the build (supabase-config.ts). Its fetch never sends a stale token and notes
// the server's Retry-After (net/fetch-guard.ts).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { readStoredSession } from './auth/stored-session';
import { guardFetch } from './net/fetch-guard';
import { createRetryAfterLog, type RetryAfterLog } from './net/retry-after';
import { supabaseAnonKey, supabaseUrl } from './supabase-config';

/** The client every query and command takes as a parameter (typed by the generated schema, `npm run gen:types`). */
export type AppClient = SupabaseClient<Database>;

export { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL, supabaseAnonKey, supabaseUrl } from './supabase-config';

/** The Retry-After hints of the app client's answers (the replay reads them). */
export const appRetryAfter: RetryAfterLog = createRetryAfterLog();

let client: AppClient | null = null;

/** Created on first use, so public pages that never touch the backend do not pay for it. */
export function supabase(): AppClient {
  client ??= createClient<Database>(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
    global: {
      fetch: guardFetch((...args) => globalThis.fetch(...args), {
        anonKey: supabaseAnonKey,
        storedAccessToken: () => readStoredSession(globalThis.localStorage)?.access_token ?? null,
        retryAfter: appRetryAfter,
      }),
    },
  });
  return client;
}
