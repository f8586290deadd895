// Which route of the table a path shows, as the router reads it — without the router, so the
// entry (landing.ts, backend-demand.ts) and the end-to-end tests can ask before React runs.
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

