// The app is written against React's API and rendered by Preact's compatibility layer
// (docs/decisions/0038-preact-renders-the-react-api.md): React DOM alone was 60 of the first
// load's 97 kB gzip, Preact with its compat layer is 11. One renderer everywhere — the build, the
// dev server and the unit tests — so what the tests render is what the patient gets.
import type { Alias } from 'vite';

export const preactForReact: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // wouter's shim of React 17: compat has the hook itself
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
