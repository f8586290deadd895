// A file of the app's code that did not arrive (the connection went while it loaded, or a new
// release removed it) cannot be asked for again in Chromium: its module loader keeps the
// failure for the life of the page (HTML's module map; whatwg/html#10327 lets browsers retry,
// Firefox and WebKit do, Chromium 150 does not — an import of the same file fails again at
// once, without a request). Where asking again in place failed while the browser says it is
// online, the page is loaded anew — the one cure, and what Vite advises for `vite:preloadError`.
// Before that the page's own address is asked for (HEAD, past every cache): a reload while the
// server cannot be reached would leave the patient on the browser's error page.
// At most one automatic reload per RELOAD_GUARD_MS: when the reload did not help (a file that
// is gone for good), the error view's reload button stays the patient's choice.

export const RELOAD_GUARD_MS = 30_000;
export const PROBE_PAUSE_MS = 5000;
const STAMP_KEY = 'rp.reloadForFailedCode';

const CODE_LOAD_FAILURE = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // WebKit
  /Unable to preload CSS/i, // Vite's preload of a chunk's style sheet
];

/** Whether `error` says that a file of the app's code did not arrive (not that it threw). */
export function isCodeLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CODE_LOAD_FAILURE.some((pattern) => pattern.test(message));
}

export interface ReloadDeps {
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> & {
    navigator: Pick<Navigator, 'onLine'>;
    location: Pick<Location, 'href' | 'reload'>;
  };
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  probe: (url: string) => Promise<boolean>;
  now: () => number;
}

const browserDeps = (): ReloadDeps => ({
  win: window,
  storage: sessionStorageOrNone(),
  probe: (url) =>
    fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.ok,
      () => false,
    ),
  now: Date.now,
});

function sessionStorageOrNone(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked: no guard across reloads, so no automatic reload
  }
}

let waiting = false;

/**
 * Loads the page anew once the server answers: at once when it does, else when the browser is
 * back online or after a pause. Does nothing when it reloaded less than RELOAD_GUARD_MS ago.
 */
export function reloadForFailedCode(deps: ReloadDeps = browserDeps()): void {
  if (waiting) return;
  const { win, storage, probe, now } = deps;
  const last = Number(storage?.getItem(STAMP_KEY) ?? Number.NaN);
  if (!storage || now() - last < RELOAD_GUARD_MS) return;
  waiting = true;
  let probing = false;
  let timer: number | undefined;
  const attempt = async () => {
    if (probing) return;
    probing = true;
    win.removeEventListener('online', attempt);
    win.clearTimeout(timer);
    const answered = win.navigator.onLine && (await probe(win.location.href));
    probing = false;
    if (answered) {
      storage.setItem(STAMP_KEY, String(now()));
      win.location.reload();
      return;
    }
    win.addEventListener('online', attempt);
    timer = win.setTimeout(() => void attempt(), PROBE_PAUSE_MS);
  };
  void attempt();
}

/** For tests: forget a reload on its way. */
export function resetReloadForFailedCode(): void {
  waiting = false;
}
