// When the shell loads the data layer (data/session/app-session.ts: supabase-js and Dexie, about 100 kB
// gzip). At once when the page needs it: a stored session (a patient coming back), a mailed
// link's answer in the address (#access_token=…, #error=…), or a route that is not public —
// main.tsx then asks for it beside the first view's files. A visitor on a public page gets it
// on the first interaction (they may be about to sign in) or when another tab changes the
// stored session; one who only reads never downloads it. Until then the shell shows the page
// as to a visitor who is signed out.
import { readStoredSession } from '../data/stored-session';
import { nextTask } from '../lib/next-task';
import { isCodeLoadFailure, reloadForFailedCode } from './reload-for-failed-code';
import { routeAt } from './route-at';
import type { SessionBackend } from './session-context';

const AUTH_ANSWER_IN_HASH = /(^#|&)(access_token|refresh_token|error|error_code)=/u;

let backend: Promise<SessionBackend> | null = null;
let loaded: SessionBackend | null = null;

/**
 * The data layer's libraries, asked for before the data layer itself, each in a task of its own.
 * One import() evaluates every module of its graph not evaluated yet in one task: the data layer
 * at once was one task of about 40 ms at 1× right after the first paint (compiling and running
 * supabase-js, then the session's modules). A library whose graph has arrived runs alone; the
 * files are all asked for within a few tasks, so nothing waits for another round trip. Dexie
 * too: evaluated with the data layer's own modules, it made the longest task of a returning
 * start on several routes (89–122 ms at 4× CPU in the first-paint benchmark).
 */
const LIBRARIES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('@supabase/auth-js'),
  () => import('@supabase/realtime-js'),
  () => import('@supabase/supabase-js'),
  () => import('dexie'),
  // the patient's runtime (sync, pull, realtime, the tables): half of the data layer's own modules
  () => import('../data/session/patient-session'),
];

async function importInStages(): Promise<typeof import('../data/session/app-session')> {
  for (const library of LIBRARIES) {
    // its failure is the data layer's: the import below fails the same way and is handled there
    library().catch(() => undefined);
    await nextTask();
  }
  const module = await import('../data/session/app-session');
  // the client (supabase-js' auth, realtime and PostgREST set up: 50–60 ms at 4× CPU) and the
  // screens' move to the session store, each in a task of its own, before the session starts
  await module.authHandedOver;
  await nextTask();
  return module;
}

/** The data layer, loaded once. */
export function loadBackend(): Promise<SessionBackend> {
  backend ??= importInStages().then(
    (module) => (loaded = module.appBackend),
    (error: unknown) => {
      backend = null;
      throw error;
    },
  );
  return backend;
}

/** Pauses between tries of a data layer whose files did not arrive (then the last one, again and again). */
export const BACKEND_RETRY_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

/**
 * The data layer, tried until it has loaded: files that did not arrive (the connection went while
 * they loaded, a server hiccup) are asked for again as soon as the browser is back online, else
 * after a growing pause. Without this, a page whose data layer failed to load stayed without sync
 * and sign-out until reloaded. The browser's `online` is heard for the whole time, also while a
 * try is on its way: a try begun offline whose failure arrives after the connection returned is
 * followed by the next one at once, not after the pause (up to 30 s). A try that fails while the
 * browser says it is online hands over to reload-for-failed-code.ts (Chromium keeps the failed
 * files failed: only a new page loads them). Returns a cancel.
 */
export function loadBackendUntilLoaded(
  loaded: (backend: SessionBackend) => void,
  {
    load = loadBackend,
    target = globalThis as Pick<Window, 'addEventListener' | 'removeEventListener'>,
    pauses = BACKEND_RETRY_MS,
    isOnline = () => globalThis.navigator?.onLine !== false,
    reload = reloadForFailedCode,
  } = {},
): () => void {
  let done = false;
  let attempt = 0;
  let inFlight = false;
  let onlineDuringTry = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    target.removeEventListener('online', online);
  };
  function online() {
    if (inFlight) onlineDuringTry = true;
    else tryOnce();
  }
  function tryOnce() {
    if (done) return;
    clearTimeout(timer);
    inFlight = true;
    onlineDuringTry = false;
    load().then(
      (backend) => {
        inFlight = false;
        if (done) return;
        stop();
        loaded(backend);
      },
      (error: unknown) => {
        inFlight = false;
        if (done) return;
        console.error(error);
        if (isOnline() && isCodeLoadFailure(error)) reload();
        if (onlineDuringTry) tryOnce();
        else timer = setTimeout(tryOnce, pauses[Math.min(attempt++, pauses.length - 1)]);
      },
    );
  }
  target.addEventListener('online', online);
  tryOnce();
  return stop;
}

/** The data layer if it has loaded already: the shell's first render uses it at once (a returning patient's installed app). */
export const loadedBackend = (): SessionBackend | null => loaded;

/** Not-found pages are public. */
export const isPublicPath = (pathname: string): boolean => (routeAt(pathname)?.guard ?? 'public') === 'public';

export function localStorageOrNone(): Pick<Storage, 'getItem'> | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked: nobody can be signed in here
  }
}

export function backendNeededAtOnce(where: Pick<Location, 'pathname' | 'hash'>, storage = localStorageOrNone()): boolean {
  return readStoredSession(storage) !== null || AUTH_ANSWER_IN_HASH.test(where.hash) || !isPublicPath(where.pathname);
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Calls `run` once, on the first interaction or `storage` event. Returns a cancel. */
export function onInteraction(run: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let done = false;
  const cancel = () => {
    done = true;
    for (const type of INTERACTIONS) target.removeEventListener(type, fire, { capture: true });
    target.removeEventListener('storage', fire);
  };
  function fire() {
    if (done) return;
    cancel();
    run();
  }
  for (const type of INTERACTIONS) target.addEventListener(type, fire, { capture: true, passive: true });
  target.addEventListener('storage', fire);
  return cancel;
}
