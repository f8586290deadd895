// The one Supabase client of the app (auth, PostgREST, realtime, functions), on the URL and
// key of the build (build-env.ts). Its fetch never sends a stale token, notes the server's
// Retry-After and gives up on a request gone quiet (net/fetch-guard.ts), and sends the requests
// asked for in one task a task apart (net/request-per-task.ts).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { authAnswerIn, readStoredSession, storedSessionKey } from './stored-session';
import { guardFetch } from './net/fetch-guard';
import { oneRequestPerTask } from './net/request-per-task';
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
  /** the auth client's start (reading the stored session, the address's answer) left to the caller: `client.auth.initialize()` */
  authStartedLater?: boolean;
  /** requests asked for in one task sent one task apart (net/request-per-task.ts): the app's own client */
  requestPerTask?: boolean;
  /** how long a request to the database or a function may take (default: net/fetch-guard.ts REQUEST_TIME_LIMIT_MS) */
  requestTimeLimitMs?: number;
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
  const network = o.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const base = o.requestPerTask ? oneRequestPerTask(network) : network;
  return createClient<Database>(o.url, o.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: o.realtimeTransport === undefined,
      flowType: 'implicit',
      storage: o.storage,
      storageKey: key,
      ...(o.authStartedLater && { skipAutoInitialize: true }),
    },
    global: {
      fetch: guardFetch(base, {
        anonKey: o.anonKey,
        storedAccessToken: storedToken,
        ...(o.retryAfter && { retryAfter: o.retryAfter }),
        ...(o.requestTimeLimitMs !== undefined && { timeLimitMs: o.requestTimeLimitMs }),
      }),
    },
    realtime: {
      accessToken: async () => storedToken(),
      // supabase-js' realtime option types the transport loosely (a WebSocket class)
      ...(o.realtimeTransport !== undefined && { transport: o.realtimeTransport as never }),
    },
  });
}

let client: AppClient | null = null;
let authStarted = false;

function made(): AppClient {
  client ??= createAppClient({ url: buildEnv.supabaseUrl, anonKey: buildEnv.supabaseKey, storage: globalThis.localStorage, retryAfter: appRetryAfter, authStartedLater: true, requestPerTask: true });
  return client;
}

/**
 * The auth client's start, once: what supabase-js runs at the end of `createClient` unless told
 * not to. Every auth method awaits it once it has begun; begun after a method, the method would
 * not wait for it, so every use of the client goes through supabase(), which begins it.
 */
function startAuth(c: AppClient): void {
  if (authStarted) return;
  authStarted = true;
  // (it never rejects: supabase-js reports a failed start as the session's error)
  c.auth.initialize().catch(() => undefined);
}

/** Created on first use, so public pages that never touch the backend do not pay for it. Its auth has begun to start. */
export function supabase(): AppClient {
  const c = made();
  startAuth(c);
  return c;
}

/**
 * Makes the client now and begins its auth's start in the next task: the setup (supabase-js'
 * auth, realtime and PostgREST clients, 40–45 ms at 4× CPU) and the start (the stored session
 * read, the address looked at, the first event: about 10 ms) were one task of 50–55 ms after a
 * returning patient's first paint. A use of the client before that task begins the start itself.
 */
export function prepareClient(): void {
  const c = made();
  // an answer of the auth service in the address is read first, as supabase-js does: the client's
  // own listener reads the stored session (and refreshes it when expired) at once, which could
  // race the answer's new session
  if (authAnswerIn(globalThis.location)) startAuth(c);
  else void nextTask().then(() => startAuth(c));
}

/**
 * The client, made in a task after the one that asked: for code that has just imported this
 * module, whose evaluation (supabase-js' modules) ran in the task that resolved the import. Made
 * at once it added the client's setup (50–60 ms at 4× CPU) to that task: one of 107 ms on
 * /order/select, whose generic tip asks at once. The caller goes on a task later still, its
 * auth's start in the task between: its first requests (and supabase-js' reading of the session
 * for them) made the setup's task one of up to 122 ms there.
 */
export async function supabaseAfterImport(): Promise<AppClient> {
  await nextTask();
  prepareClient();
  await nextTask();
  return supabase();
}
