// Which route of the table a path shows, as the router reads it — without the router, so the
// entry (landing.ts, backend-demand.ts) and the end-to-end tests can ask before React runs.
import { splitLanguagePrefix } from '../i18n/languages';
import { signedInTarget } from './guards';
import { patternSource } from './route-pattern';
import { REDIRECTS, ROUTES, type RouteDef } from './routes';

/** Each pattern's expression, made once: every navigation asks which route it leads to (root.tsx). */
const expressions = new Map<string, RegExp>();

/** Whether `path` matches a route pattern as the router reads it (`:name`, `:name?`, a trailing slash). */
export function matchesPattern(pattern: string, path: string): boolean {
  let expression = expressions.get(pattern);
  if (!expression) expressions.set(pattern, (expression = new RegExp(patternSource(pattern), 'i')));
  return expression.test(path);
}

/** The route a path shows (a /de, /fr prefix and the redirects of the routes table followed); undefined: not found. */
export function routeAt(pathname: string): RouteDef | undefined {
  const path = splitLanguagePrefix(pathname)?.path ?? pathname;
  const target = REDIRECTS[path] ?? path;
  return ROUTES.find((def) => matchesPattern(def.path, target));
}

/**
 * The path a signed-in start shows: a page that sends signed-in users on (/, /login:
 * RouteDef.signedInRedirect) gives the path route-screen.tsx redirects to (the login's ?next=
 * included); any other path is shown itself.
 */
export function signedInLandingPath(pathname: string, search: string): string {
  const target = routeAt(pathname)?.signedInRedirect;
  return target ? new URL(signedInTarget(target, search), 'https://same.site').pathname : pathname;
}
