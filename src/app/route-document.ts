// Which prerendered document (scripts/prerender.ts) serves a path: one per route pattern of the
// routes table, named after it — `/dashboard` is dashboard.html, `/` index.html, an optional
// parameter is left out (`/profile/overview/:showInfo?` is profile/overview.html) and a required
// one is named with an underscore (`/doses/day/:day` is doses/day/_day.html). The build writes
// them, the preview server and the service worker answer a navigation with them, and a host
// serves them by the rewrites the build writes beside them (dist/_redirects).
import { splitLanguagePrefix } from '../i18n/languages.ts';
import { patternSource } from './route-pattern.ts';

/** The document of a route pattern, as a path of the build (`/dashboard.html`). */
export function documentFile(pattern: string): string {
  const segments = pattern
    .split('/')
    .filter((segment) => segment !== '' && !(segment.startsWith(':') && segment.endsWith('?')))
    .map((segment) => (segment.startsWith(':') ? `_${segment.slice(1)}` : segment));
  return segments.length ? `/${segments.join('/')}.html` : '/index.html';
}

/** The document that serves `pathname` (a /de, /fr prefix left aside), or null when no pattern matches. */
export function documentFor(pathname: string, patterns: readonly string[]): string | null {
  const path = splitLanguagePrefix(pathname)?.path ?? pathname;
  const pattern = patterns.find((candidate) => new RegExp(patternSource(candidate), 'i').test(path));
  return pattern === undefined ? null : documentFile(pattern);
}
