// Vite plugin: every route of the routes table gets a document of its own whose first paint
// needs no script (issue 36). After the client build has written its files, the routes are
// rendered with React's static renderer (src/server-render.tsx, loaded through Vite's SSR loader
// with the app's own plugins) into the built index.html:
//
// - a public route whole, as a visitor's first render makes it (the browser hydrates it), and as
//   a signed-in patient's shell shows it (unless the route sends them on: /, /login);
// - a signed-in route as its frame in the signed-in shell (its data is on the patient's device);
// - each in German and French. The German markup of the route's first kind is in the root; the
//   others wait in templates, and two small classic scripts (prerender-scripts.ts) put the one
//   due in place before the first paint.
//
// The documents are named by src/app/route-document.ts (dashboard.html, doses/day/_day.html);
// `vite preview` and the service worker answer a navigation with them, and `dist/_redirects`
// gives a static host the rewrites for the paths with a parameter. Written in writeBundle, before
// the service worker's precache list is made (vite-plugin-pwa's closeBundle), so they are in it.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Connect, Plugin, ResolvedConfig } from 'vite';
import { createServer } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../src/domain/constants.ts';
import { LANG_STORAGE_KEY } from '../src/i18n/languages.ts';
import { documentFile, documentFor } from '../src/app/route-document.ts';
import { fileURLToPath } from 'node:url';
import { patternSource } from '../src/app/route-pattern.ts';
import { LANGUAGE_PREFIX_SOURCE } from './before-entry.ts';
import { redirectsFile, renderedPath, routeDocument } from './prerender-document.ts';
import type { DocumentFacts } from './prerender-scripts.ts';
import { routeFiles, routeModules, type BundleChunk } from './route-preload.ts';

const ROUTES_FILE = fileURLToPath(new URL('../src/app/routes.ts', import.meta.url));

/** The route patterns of the routes table, in its order. */
export const routePatterns = (): string[] => routeModules(readFileSync(ROUTES_FILE, 'utf8')).map((route) => route.pattern);

/** What the server render module offers (src/server-render.tsx). */
interface ServerRender {
  renderRoute: (path: string, lang: string, signedIn: boolean) => Promise<{ html: string; title: string }>;
  routeKinds: () => Array<{ pattern: string; isPublic: boolean; signedInLeaves: boolean }>;
  /** where this build's supabase-js keeps a session */
  sessionKey: () => string;
}

type Outputs = Record<string, BundleChunk | { type: 'asset'; fileName: string; source: string | Uint8Array }>;

/** The style sheets of each route's files (route-preload.ts routeFiles), by pattern. */
function routeStyles(bundle: Outputs): Map<string, Array<{ file: string; css: string }>> {
  const files = routeFiles(routeModules(readFileSync(ROUTES_FILE, 'utf8')), bundle as Parameters<typeof routeFiles>[1]);
  return new Map(
    files.map(({ pattern, files: needed }) => [
      pattern,
      needed
        .filter((file) => file.endsWith('.css'))
        .map((file) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`prerender: no style sheet ${file}`);
          return { file, css: String(asset.source) };
        }),
    ]),
  );
}

async function renderDocuments(config: ResolvedConfig, shell: string, outDir: string, bundle: Outputs): Promise<number> {
  const styles = routeStyles(bundle);
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  let written = 0;
  try {
    const render = (await server.ssrLoadModule('/src/server-render.tsx')) as ServerRender;
    for (const { pattern, isPublic, signedInLeaves } of render.routeKinds()) {
      const kinds = isPublic ? (signedInLeaves ? ['out'] : ['out', 'in']) : ['in'];
      const variants = kinds.flatMap((kind) => LANGUAGES.map((lang) => `${lang}:${kind}`));
      const markups: Record<string, string> = {};
      const titles: Record<string, string> = {};
      for (const variant of variants) {
        const [lang = DEFAULT_LANGUAGE, kind] = variant.split(':');
        const rendered = await render.renderRoute(renderedPath(pattern), lang, kind === 'in');
        markups[variant] = rendered.html;
        titles[variant] = rendered.title;
      }
      const facts: DocumentFacts = {
        pattern: patternSource(pattern),
        variants,
        titles,
        sessionKey: render.sessionKey(),
        langKey: LANG_STORAGE_KEY,
        prefix: LANGUAGE_PREFIX_SOURCE,
        languages: [...LANGUAGES],
        defaultLanguage: DEFAULT_LANGUAGE,
        signedInLeaves,
      };
      const file = join(outDir, documentFile(pattern));
      mkdirSync(dirname(file), { recursive: true });
      // a public page is hydrated as it is: painted before its view's chunk, it needs that chunk's
      // styles; a signed-in screen's replace its frame without a new style sheet to apply to the
      // whole page just before (on a long page, a long task of style recalculation)
      writeFileSync(file, routeDocument(shell, facts, markups, styles.get(pattern) ?? []));
      written += 1;
    }
  } finally {
    await server.close();
  }
  return written;
}

/** `vite preview` answers a navigation with its route's document, as the service worker and a host's rewrites do. */
function previewDocuments(outDir: string): Connect.NextHandleFunction {
  const patterns = routePatterns();
  return (request, _response, next) => {
    const accept = request.headers.accept ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && accept.includes('text/html') && request.url) {
      const url = new URL(request.url, 'http://preview');
      const file = documentFor(url.pathname, patterns);
      if (file && existsSync(join(outDir, file))) request.url = `${file}${url.search}`;
    }
    next();
  };
}

export function prerenderedDocuments(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerendered-documents',
    configResolved(resolved) {
      config = resolved;
    },
    configurePreviewServer(server) {
      server.middlewares.use(previewDocuments(server.config.build.outDir));
    },
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        const index = bundle['index.html'];
        // the service worker's own build (vite-plugin-pwa) has no document
        if (config.command !== 'build' || !index || index.type !== 'asset' || !options.dir) return;
        const started = performance.now();
        const written = await renderDocuments(config, String(index.source), options.dir, bundle as unknown as Outputs);
        writeFileSync(join(options.dir, '_redirects'), redirectsFile(routePatterns()));
        config.logger.info(`prerendered ${written} route documents in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
