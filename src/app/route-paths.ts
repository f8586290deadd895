// The concrete paths that show every route of the routes table: a pattern's parameters filled
// with sample values (an optional one both left out and filled in), and the query variants that
// change a screen. The axe test and `npm run lighthouse` visit exactly these, so a new route is
// checked without touching either; a route with a parameter that has no sample fails loudly.
import { addDays, dateInTimeZone } from '../domain/zoned-time';
import { ROUTES, type RouteDef } from './routes';

/** Sample values for route parameters: `:name` → value. */
export const ROUTE_SAMPLES: Readonly<Record<string, string>> = {
  showInfo: '1',
  reset: 'reset',
  // a past day whose plan can still be filled in (dose marks): yesterday in Zurich
  day: addDays(dateInTimeZone(new Date()), -1),
};

/** Queries that show another screen on the same route (spec §2: the Active/Expired and Open/Closed toggles). */
export const QUERY_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  '/prescriptions': ['?active=false'],
  '/orders': ['?active=false'],
};

/** Every concrete path to visit for one route pattern: optional parameters both left out and filled in. */
export function pathsOf(pattern: string, samples: Readonly<Record<string, string>> = ROUTE_SAMPLES): string[] {
  const names = [...pattern.matchAll(/:(\w+)(\?)?/g)].map(([, name, optional]) => ({ name: name!, optional: optional === '?' }));
  const missing = names.filter((p) => samples[p.name] === undefined);
  if (missing.length > 0) throw new Error(`${pattern}: add a sample value for ${missing.map((p) => `:${p.name}`).join(', ')} to ROUTE_SAMPLES`);
  const filled = pattern.replace(/:(\w+)\??/g, (_, name: string) => samples[name]!);
  const bare = pattern.replace(/\/:\w+\?/g, '');
  return [...new Set([names.some((p) => p.optional) ? bare : null, filled].filter((p): p is string => p !== null))];
}

export interface RoutePath {
  path: string;
  route: RouteDef;
}

/** Every path of the routes table, with its query variants. */
export function routePaths(routes: readonly RouteDef[] = ROUTES): RoutePath[] {
  return routes.flatMap((route) => pathsOf(route.path).flatMap((path) => [path, ...(QUERY_VARIANTS[path] ?? []).map((q) => `${path}${q}`)].map((p) => ({ path: p, route }))));
}
