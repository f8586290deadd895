// How a route pattern of the routes table (wouter's syntax) reads a path, as a regular
// expression's source: one rule for the app (route-at.ts) and the document's preload of the
// landing route (scripts/route-preload.ts), which runs before any module.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `:name` one segment, `:name?` an optional one, a trailing slash allowed; match it case-insensitively. */
export function patternSource(pattern: string): string {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${escape(segment)}`))
    .join('');
  return `^${source}/?$`;
}
