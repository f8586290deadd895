// Imported first by main.tsx; in the task after the entry's evaluation it asks for the first
// view's files side by side: the texts, the landing route's chunk and, when the page needs it (a
// mailed link's answer, a route that is not public), the data layer (backend-demand.ts). A
// returning patient whose mirror holds their data (stored-patient.ts) gets their screen from the
// mirror first; the data layer loads after it (the provider asks), or at once when the mirror
// had nothing of them.
import { backendNeededAtOnce, loadBackend, localStorageOrNone } from './backend-demand';
import { preloadLanding } from './landing';
import { routeAt, signedInLandingPath } from './route-at';
import { startStoredPatient } from './stored-patient';
import type { ReadAhead } from '../data/local/read-ahead';
import { languageStore } from '../i18n/language-store';
import { splitLanguagePrefix } from '../i18n/languages';
import { nextTask } from '../lib/next-task';

// spec §2: /de/…, /fr/… set the language and show the same path without the prefix. At the
// start that happens here, before the first render, so the app renders the path the document
// was made for (the router still follows a prefixed link within the app).
const prefix = splitLanguagePrefix(window.location.pathname);
if (prefix) {
  languageStore.set(prefix.lang);
  history.replaceState(history.state, '', `${prefix.path}${window.location.search}${window.location.hash}`);
}
const { pathname, search } = window.location;
// A start that resumes a stored session (startStoredPatient answers) is signed in: / and /login
// send it on to its page (route-screen.tsx), so that page's chunk and data are what the start
// prepares. The read ahead runs once the mirror is open; its module is asked for at once, beside
// the mirror's opening (viewPath below is known by then).
let stored: Promise<boolean> | null = null;
const loadBackendNow = () => void loadBackend().catch(() => undefined);

function start(): Promise<void> {
  let readsOfView: Promise<ReadAhead | undefined> | undefined;
  stored = startStoredPatient({
    location: window.location,
    storage: localStorageOrNone(),
    readAhead: async (reads) => {
      const read = await readsOfView;
      await read?.(reads);
    },
  });
  const viewPath = stored ? signedInLandingPath(pathname, search) : pathname;
  if (stored) readsOfView = routeAt(viewPath)?.readAhead?.();
  // a returning patient's landing files in the next task: the stored session's read, the mirror's
  // opening and the read ahead's import above, with the catalogue's and the view's imports, were
  // up to 64 ms at 4× CPU in one task after the first paint
  const prepare = () => preloadLanding(pathname, stored, viewPath);
  const landed = stored ? nextTask().then(prepare) : prepare();
  if (stored) void stored.then((found) => found || loadBackendNow());
  else if (backendNeededAtOnce(window.location)) loadBackendNow();
  return landed;
}

/**
 * Settles once the catalogue and the landing view's chunk (for a returning patient: and their
 * data) have loaded, or failed: the provider and the view ask again. The start runs in the task
 * after the entry's evaluation, not in it: reading the stored session and the language, opening
 * the mirror and finding the route took about 20 ms at 4× CPU of the entry's one task (45–73 ms
 * after the first paint); the document has asked for the route's files already (route-preload.ts),
 * so nothing arrives later for it.
 */
export const landing: Promise<void> = nextTask().then(start);

/**
 * Whether the document's prerendered markup (scripts/prerender.ts; `data-variant` names the one
 * the document shows) is what the app's first render makes: a public page for a visitor, in the
 * language the app reads. Then main.tsx hydrates it; otherwise its first render replaces it.
 */
export function prerenderedFits(): boolean {
  const variant = document.getElementById('root')?.dataset.variant;
  return stored === null && search === '' && variant === `${languageStore.get()}:out` && routeAt(pathname)?.guard === 'public';
}
