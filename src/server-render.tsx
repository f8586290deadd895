// The build's server render (scripts/prerender.ts loads this module with Vite's SSR loader):
// every route of the routes table rendered with React's static renderer, so each route's
// document paints before any script runs. Public routes render whole, as a visitor's first
// render makes them (the browser hydrates that markup); every route also as a returning
// patient first sees it — the shell signed in, a signed-in route's frame in place of its view
// (its data is on the patient's device only; the app's first render replaces the frame).
import { prerender } from 'react-dom/static';
import { Root } from './app/root';
import { routeAt } from './app/route-at';
import { ROUTES } from './app/routes';
import { SIGNED_OUT, type SessionView } from './app/guards';
import { storedSessionKey } from './data/stored-session';
import { loadCatalogue } from './i18n/catalogues';
import { makeIntl, translate } from './i18n/intl';
import { languageStore } from './i18n/language-store';
import type { Lang } from './i18n/languages';

/** A patient with a complete profile and setup: the shell as most returning patients see it. */
const RETURNING_PATIENT: SessionView = {
  ...SIGNED_OUT,
  status: 'signedIn',
  hasProfile: true,
  hasSetup: true,
  hasPrescriptions: true,
};

export interface RenderedRoute {
  /** the markup of #root */
  html: string;
  /** the document's title, as the app sets it (use-page-title.ts) */
  title: string;
}

export async function renderRoute(path: string, lang: Lang, signedIn: boolean): Promise<RenderedRoute> {
  const route = routeAt(path);
  if (!route) throw new Error(`server render: no route shows ${path}`);
  languageStore.set(lang);
  const messages = await loadCatalogue(lang);
  // the view renders at once, as in the browser, where the start loads its chunk first (landing.ts)
  await route.view.preload?.();
  const server = signedIn ? { session: RETURNING_PATIENT } : undefined;
  const { prelude } = await prerender(<Root ssrPath={path} ssrSearch="" server={server} />, {
    onError: (error) => {
      throw error;
    },
  });
  const html = await new Response(prelude).text();
  const intl = makeIntl(lang, messages);
  return { html, title: translate(intl, 'app.titlePattern', { title: translate(intl, route.titleId) }) };
}

/** Each route of the table: whether a visitor sees it, and whether it sends a signed-in patient on. */
export function routeKinds(): Array<{ pattern: string; isPublic: boolean; signedInLeaves: boolean }> {
  return ROUTES.map((route) => ({ pattern: route.path, isPublic: route.guard === 'public', signedInLeaves: route.signedInRedirect !== undefined }));
}

/** Where this build's supabase-js keeps a session: a device that keeps one is a returning patient's. */
export const sessionKey = (): string => storedSessionKey();
