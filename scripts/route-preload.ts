// Vite plugin: index.html asks for the landing route's files (its view's chunk, the module of its
// read ahead, the chunks and styles they import) while it is still being parsed, beside the entry
// module, instead of after the entry has arrived and run (issue 23).
//
// Each file before a screen's first paint is a round trip of a mobile network, six at a time
// over HTTP/1.1; the entry asked for the route's files only once it had arrived, its own imports
// with it, and run (src/app/boot-start.ts). Which files a route needs comes from the routes
// table itself (src/app/routes.ts: the modules its view and its read ahead import, followed
// through the table's own helpers), read with the TypeScript parser at build time, and from the
// bundle (the chunks those modules are in, with their static imports and styles). Paths are
// matched by the app's own rule (src/app/route-pattern.ts). A wrong guess costs a download,
// never a wrong screen: the app loads what it decides on, and a preloaded module is only
// fetched, not run.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { LANGUAGE_PREFIX_SOURCE, scriptBeforeEntry } from './before-entry.ts';
import { APPEND_IN_SLICES } from './links-in-slices.ts';
import { paths } from '../src/domain/paths.ts';
import { patternSource } from '../src/app/route-pattern.ts';

const ROUTES_FILE = fileURLToPath(new URL('../src/app/routes.ts', import.meta.url));

export interface RouteModules {
  /** the route's pattern (src/domain/paths.ts) */
  pattern: string;
  /** the modules its view and its read ahead import, absolute paths */
  modules: string[];
  /** where a signed-in start goes instead (the route's `signedInRedirect`: `paths.<name>.href()`) */
  signedInRedirect?: string;
}

/** The module a specifier of routes.ts names (the extensions the app's imports leave out). */
function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [`${base}.tsx`, `${base}.ts`, base].find((file) => existsSync(file) && statSync(file).isFile());
  if (!found) throw new Error(`route-preload: ${specifier} (imported by ${from}) not found`);
  return found;
}

/**
 * The routes of the table in `source` (the array ROUTES of `route(paths.x.path, …)` calls) with
 * the modules each imports: the `import()`s in its arguments and in the top-level constants
 * they name, followed through those constants' own (a view wrapped by the order flow's gate, a
 * review step's reads). A property name (`paths.dashboard.href()`) is not a reference.
 */
export function routeModules(source: string, file: string = ROUTES_FILE, resolveSpecifier: (from: string, specifier: string) => string = resolveModule): RouteModules[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const constants = new Map<string, ts.Expression>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) constants.set(declaration.name.text, declaration.initializer);
    }
  }
  const isPropertyName = (node: ts.Identifier) =>
    (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) || (ts.isPropertyAssignment(node.parent) && node.parent.name === node);
  const importsOf = (node: ts.Node, seen: Set<string>, found: Set<string>): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (!specifier || !ts.isStringLiteral(specifier)) throw new Error(`route-preload: an import() in ${file} without a literal specifier`);
      found.add(resolveSpecifier(file, specifier.text));
    }
    if (ts.isIdentifier(node) && !isPropertyName(node) && constants.has(node.text) && !seen.has(node.text)) {
      seen.add(node.text);
      importsOf(constants.get(node.text)!, seen, found);
    }
    ts.forEachChild(node, (child) => importsOf(child, seen, found));
  };

  let table = constants.get('ROUTES');
  while (table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table) || ts.isParenthesizedExpression(table))) table = table.expression;
  if (!table || !ts.isArrayLiteralExpression(table)) throw new Error(`route-preload: no array ROUTES in ${file}`);
  return table.elements.map((element) => {
    const path = ts.isCallExpression(element) ? element.arguments[0] : undefined;
    // paths.<name>.path
    const name = path && ts.isPropertyAccessExpression(path) && path.name.text === 'path' && ts.isPropertyAccessExpression(path.expression) ? path.expression.name.text : undefined;
    const entry = name === undefined ? undefined : (paths as Record<string, { path?: unknown }>)[name];
    if (!ts.isCallExpression(element) || typeof entry?.path !== 'string') throw new Error(`route-preload: a route of ${file} is not route(paths.<name>.path, …): ${element.getText(sourceFile)}`);
    const found = new Set<string>();
    for (const argument of element.arguments.slice(1)) importsOf(argument, new Set(), found);
    const redirect = signedInRedirectOf(element, file);
    return { pattern: entry.path, modules: [...found], ...(redirect !== undefined && { signedInRedirect: redirect }) };
  });
}

/** A route's `{ signedInRedirect: paths.<name>.href() }` option, as the path it names. */
function signedInRedirectOf(call: ts.CallExpression, file: string): string | undefined {
  for (const argument of call.arguments) {
    if (!ts.isObjectLiteralExpression(argument)) continue;
    for (const property of argument.properties) {
      if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'signedInRedirect') continue;
      const value = property.initializer;
      const target = ts.isCallExpression(value) && ts.isPropertyAccessExpression(value.expression) && value.expression.name.text === 'href' && value.arguments.length === 0 ? value.expression.expression : undefined;
      const name = target && ts.isPropertyAccessExpression(target) && target.expression.getText() === 'paths' ? target.name.text : undefined;
      const entry = name === undefined ? undefined : (paths as unknown as Record<string, { href?: () => string }>)[name];
      if (typeof entry?.href !== 'function') throw new Error(`route-preload: a signedInRedirect of ${file} is not paths.<name>.href(): ${value.getText()}`);
      return entry.href();
    }
  }
  return undefined;
}

/** What of the bundle's chunks is read (rolldown's output chunk fits). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundleOutputs = Record<string, BundleChunk | { type: 'asset'; fileName: string }>;

/**
 * The files each route's modules need: first the chunks that hold its modules, then what they
 * import statically and their styles (the styles in the order the app asks for them). What the
 * entry loads already (index.html preloads it) is left out.
 */
export function routeFiles(routes: readonly RouteModules[], bundle: BundleOutputs): Array<{ pattern: string; files: string[]; signedInRedirect?: string }> {
  const chunks = Object.values(bundle).filter((output): output is BundleChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly BundleChunk[]) => {
    const files: string[] = [];
    const visit = (chunk: BundleChunk) => {
      if (files.includes(chunk.fileName)) return;
      files.push(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    start.forEach(visit);
    return files;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`route-preload: expected one entry chunk, found ${entries.length}`);
  const loaded = new Set(closure(entries));
  return routes.map(({ pattern, modules, signedInRedirect }) => {
    const holders = modules.map((id) => {
      const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`route-preload: no chunk holds ${id} (route ${pattern})`);
      return chunk;
    });
    // the holders first: the document appends its links a few per task (links-in-slices.ts), and
    // a module the entry reaches before its link is asked for twice over (issue 36, CI of stop 50)
    const files = [...new Set([...holders.map((chunk) => chunk.fileName), ...closure(holders)])];
    return { pattern, files: files.filter((file) => !loaded.has(file)), ...(signedInRedirect !== undefined && { signedInRedirect }) };
  });
}

/** A stored supabase-js session: a returning patient (src/data/stored-session.ts names the key). */
const STORED_SESSION_KEY = /^sb-.+-auth-token$/;

/**
 * The document's script: the files of the route the app shows at the address (a /de or /fr prefix
 * left aside), as modulepreload links (styles: preload as style, unless the document links them
 * already; Vite's loader adds the stylesheet itself, in its order), a few per task (links-in-slices.ts). Where a signed-in start goes on
 * (`/` and `/login` to the dashboard) and a session is stored, that page's files: not the sign-in
 * form's, which a returning patient does not see. `files` as one list, the routes as indexes into
 * it, to keep the document small.
 */
export function routePreloadScript(routes: ReadonlyArray<{ pattern: string; files: readonly string[]; signedInRedirect?: string }>): string {
  const files = [...new Set(routes.flatMap((route) => route.files))];
  const table = routes
    .filter((route) => route.files.length > 0 || route.signedInRedirect !== undefined)
    .map((route) => [patternSource(route.pattern), route.files.map((file) => files.indexOf(file)), ...(route.signedInRedirect !== undefined ? [route.signedInRedirect] : [])]);
  return (
    `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(table)},p=location.pathname,m=new RegExp(${JSON.stringify(LANGUAGE_PREFIX_SOURCE)}).exec(p),i,d;` +
    `if(m)p=m[2]&&m[2]!=="/"?m[2]:"/";` +
    // the storage is read only where a route goes on for a signed-in start (/ and /login)
    `function s(){try{return Object.keys(localStorage).some(function(k){return ${STORED_SESSION_KEY.toString()}.test(k)})}catch(e){return!1}}` +
    // a style sheet the document links already (a prerendered route's own, scripts/prerender-document.ts)
    // is not asked for a second time
    `for(i=0;i<r.length;i++)if(new RegExp(r[i][0],"i").test(p)){if(r[i][2]&&!d&&s()){p=r[i][2];d=1;i=-1;continue}(${APPEND_IN_SLICES})(r[i][1].map(function(n){var k=document.createElement("link"),h="/"+f[n];` +
    `if(/\\.css$/.test(h)){if(document.querySelector('link[href="'+h+'"]'))return null;k.rel="preload";k.as="style"}else k.rel="modulepreload";k.crossOrigin="";k.href=h;return k}).filter(Boolean));return}})()`
  );
}

export const routePreload = (): Plugin =>
  scriptBeforeEntry('route-preload', (bundle) => routePreloadScript(routeFiles(routeModules(readFileSync(ROUTES_FILE, 'utf8')), bundle as BundleOutputs)));
