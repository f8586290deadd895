// The device's network as the fault-injection suite sees it: a `fetch` for supabase-js
// (`createClient(url, key, { global: { fetch } })`) that takes the next fault of one queue
// shared by every tab of the device. A fault either never reaches the server (a cut network, a
// 500/429/503 answered on the way) or reaches it and loses the answer (the server committed, the
// device never hears of it). Each tab has its own line, so closing a tab can kill it mid-request.

export const FAULT_KINDS = ['cut', 'dropAck', 'status500', 'status429', 'status429RetryAfter', 'status503', 'status503RetryAfter'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What browsers throw when the network is gone. */
const networkError = () => new TypeError('Failed to fetch');

function injectedAnswer(status: number, retryAfter: boolean): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // one second: honouring it must not make a run slow (postgrest-js waits it out for reads)
  if (retryAfter) headers['retry-after'] = '1';
  return new Response(JSON.stringify({ message: `injected ${status}`, code: `injected_${status}` }), { status, headers });
}

const ANSWERS: Partial<Record<FaultKind, () => Response>> = {
  status500: () => injectedAnswer(500, false),
  status429: () => injectedAnswer(429, false),
  status429RetryAfter: () => injectedAnswer(429, true),
  status503: () => injectedAnswer(503, false),
  status503RetryAfter: () => injectedAnswer(503, true),
};

export interface TabLine {
  fetch: typeof fetch;
  /** the next data request (rest, functions) of this tab reaches the server, then the tab is gone (resolves then) */
  dieOnNextRequest(): Promise<void>;
  /** the tab is gone: no data request reaches the server any more */
  kill(): void;
  readonly dead: boolean;
}

/**
 * Faults waiting for requests, at most: a hiccup, not an outage. supabase-js retries a failed
 * token refresh by itself (200 ms, doubling, for 30 s); a longer queue would keep that loop
 * going for real seconds.
 */
export const MAX_QUEUED_FAULTS = 3;

export interface FaultNetwork {
  /** faults for the next requests of any tab, in order (beyond MAX_QUEUED_FAULTS dropped) */
  add(faults: readonly FaultKind[]): void;
  /** the rest of the run without faults */
  off(): void;
  line(): TabLine;
  /** requests under way */
  readonly inFlight: number;
  /** until when supabase-js may still retry a failed token refresh on its own (epoch ms) */
  readonly authRetriesUntil: number;
  readonly injected: Readonly<Record<FaultKind, number>>;
}

/** FAULT_DEBUG=1: every request on the console (tab, method, path, fault, answer), to follow a failing case. */
const debug = process.env.FAULT_DEBUG === '1';
const t0 = Date.now();

export function createFaultNetwork(base: typeof fetch = globalThis.fetch): FaultNetwork {
  const queue: FaultKind[] = [];
  const injected = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  let on = true;
  let inFlight = 0;
  let authRetriesUntil = 0;
  /** token requests in a row that met a fault: auth-js waits 200 ms * 2^n before the next */
  let authFailures = 0;

  let lines = 0;

  function line(): TabLine {
    const name = `line ${++lines}`;
    let dead = false;
    let dying: (() => void) | null = null;
    const tabFetch: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const log = (what: string) => debug && console.log(`${Date.now() - t0} ms ${name} ${init?.method ?? 'GET'} ${url.pathname}${url.search.slice(0, 60)}: ${what}`);
      // A closed tab sends no data any more. Its client's token refresh still goes through:
      // auth-js retries a failed refresh for 30 s with the same refresh token, which the server
      // stops taking back 10 s after rotating it, so a dead tab's refresh would end the session
      // of the tab that opens next (a browser's closed tab takes its retries with it).
      const auth = url.pathname.startsWith('/auth/v1/');
      if (dead && !auth) {
        log('dead');
        throw networkError();
      }
      // the data request a closing tab makes last reaches the server, and its answer is lost
      const dies = auth ? null : dying;
      if (dies) dying = null;
      const fault = on && !dies ? queue.shift() : undefined;
      if (fault) injected[fault]++;
      if (url.pathname.includes('/auth/v1/token')) {
        // auth-js retries a failed refresh after 200, 400, 800 ms…: nobody can see it waiting
        authFailures = fault || dies ? authFailures + 1 : 0;
        authRetriesUntil = authFailures ? Date.now() + 200 * 2 ** authFailures + 300 : 0;
      }
      log(dies ? 'dies' : (fault ?? 'pass'));
      inFlight++;
      try {
        const early = fault === 'cut' ? 'cut' : fault ? ANSWERS[fault] : undefined;
        if (early === 'cut') throw networkError();
        if (early) return early();
        const res = await base(input, init);
        log(`answered ${res.status}`);
        if (fault === 'dropAck' || dies) {
          await res.arrayBuffer().catch(() => undefined);
          throw networkError();
        }
        return res;
      } finally {
        inFlight--;
        if (dies) {
          dead = true;
          dies();
        }
      }
    };
    return {
      fetch: tabFetch,
      dieOnNextRequest: () => new Promise<void>((resolve) => (dying = resolve)),
      kill: () => void (dead = true),
      get dead() {
        return dead;
      },
    };
  }

  return {
    add: (faults) => void queue.push(...faults.slice(0, Math.max(0, MAX_QUEUED_FAULTS - queue.length))),
    off() {
      on = false;
      queue.length = 0;
    },
    line,
    get inFlight() {
      return inFlight;
    },
    get authRetriesUntil() {
      return authRetriesUntil;
    },
    injected,
  };
}
