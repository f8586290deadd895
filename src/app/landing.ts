// What the first screen needs, asked for as soon as the entry script runs. The shell shows
// nothing until its texts are there, and a view's chunk used to be asked for only once the
// shell had rendered: entry -> catalogue -> view, one after the other. Here the language's
// catalogue and the landing route's chunk load side by side, right behind the entry.
import { loadCatalogue } from '../i18n/catalogues';
import { languageStore } from '../i18n/language-store';
import { splitLanguagePrefix } from '../i18n/languages';
import { REDIRECTS, ROUTES, type RouteDef } from './routes';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `path` matches a route pattern as the router reads it (`:name`, `:name?`, a trailing slash). */
export function matchesPattern(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${escape(segment)}`))
    .join('');
  return new RegExp(`^${source}/?$`, 'i').test(path);
}

/** The route a path shows (a /de, /fr prefix and the redirects of the routes table followed); undefined: not found. */
export function routeAt(pathname: string): RouteDef | undefined {
  const path = splitLanguagePrefix(pathname)?.path ?? pathname;
  const target = REDIRECTS[path] ?? path;
  return ROUTES.find((def) => matchesPattern(def.path, target));
}

/**
 * Loads the catalogue and the landing route's view side by side; settles when both have
 * (main.tsx renders then, so the first paint shows the whole view, not a spinner first). A /de
 * or /fr prefix takes effect here already, so only that language's catalogue is loaded.
 * Failures are left to the provider and the view, which ask again and show them.
 */
export async function preloadLanding(pathname: string): Promise<void> {
  const prefix = splitLanguagePrefix(pathname);
  if (prefix) languageStore.set(prefix.lang);
  await Promise.allSettled([loadCatalogue(languageStore.get()), routeAt(pathname)?.view.preload?.()]);
}
