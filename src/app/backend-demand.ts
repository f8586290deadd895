// When the shell loads the data layer (session-backend.ts: supabase-js and Dexie, about 100 kB
// gzip). At once when the page needs it: a stored session (a patient coming back), a mailed
// link's answer in the address (#access_token=…, #error=…), or a route that is not public —
// main.tsx then asks for it beside the first view's files. A visitor on a public page gets it
// on the first interaction (they may be about to sign in) or when another tab changes the
// stored session; one who only reads never downloads it. Until then the shell shows the page
// as to a visitor who is signed out.
import { readStoredSession } from '../data/auth/stored-session';
import { routeAt } from './route-at';
import type { SessionBackend } from './session-context';

const AUTH_ANSWER_IN_HASH = /(^#|&)(access_token|refresh_token|error|error_code)=/u;

let backend: Promise<SessionBackend> | null = null;
let loaded: SessionBackend | null = null;

/** The data layer, loaded once. */
export function loadBackend(): Promise<SessionBackend> {
  backend ??= import('./session-backend').then(
    (module) => (loaded = module),
    (error: unknown) => {
      backend = null;
      throw error;
    },
  );
  return backend;
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
