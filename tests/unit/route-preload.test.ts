// The route preload of index.html (scripts/route-preload.ts, issue 23): the routes table's own
// modules per route, the bundle's files for them, and a classic script that picks the route of
// the address by the app's own rule (src/app/route-at.ts), before any module runs.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeFiles, routeModules, routePreloadScript, type BundleChunk } from '../../scripts/route-preload';
import { withScriptBeforeEntry } from '../../scripts/before-entry';
import { LINKS_PER_TASK } from '../../scripts/links-in-slices';
import { routeAt } from '../../src/app/route-at';
import { ROUTES } from '../../src/app/routes';

const ROUTES_FILE = fileURLToPath(new URL('../../src/app/routes.ts', import.meta.url));
const source = readFileSync(ROUTES_FILE, 'utf8');
const feature = (file: string) => fileURLToPath(new URL(`../../src/features/${file}`, import.meta.url));

describe('the modules of each route, read from the routes table', () => {
  const routes = routeModules(source, ROUTES_FILE);

  it('finds every route of the table, in its order, each with the modules it loads', () => {
    expect(routes.map((route) => route.pattern)).toEqual(ROUTES.map((route) => route.path));
    for (const route of routes) expect(route.modules.length, route.pattern).toBeGreaterThan(0);
  });

  it('knows where a signed-in start goes on instead: / and /login to the dashboard', () => {
    const redirects = routes.filter((route) => route.signedInRedirect !== undefined).map((route) => [route.pattern, route.signedInRedirect]);
    expect(redirects).toEqual(ROUTES.filter((route) => route.signedInRedirect !== undefined).map((route) => [route.path, route.signedInRedirect]));
    expect(redirects).toEqual([
      ['/', '/dashboard'],
      ['/login', '/dashboard'],
    ]);
  });

  it("takes a route's view and its read ahead", () => {
    const orders = routes.find((route) => route.pattern === '/orders')!;
    expect(orders.modules.sort()).toEqual([feature('orders/orders-reads.ts'), feature('orders/orders-view.tsx')].sort());
  });

  it('follows the constants a route names through their own (the order flow gate, a review step’s reads, the overview’s base data)', () => {
    const questionnaire = routes.find((route) => route.pattern === '/order/questionnaire')!;
    expect(questionnaire.modules).toEqual(
      expect.arrayContaining([feature('profile/questionnaire-view.tsx'), feature('order-flow/draft-gate.tsx'), feature('profile/profile-reads.ts'), feature('order-flow/order-flow-reads.ts')]),
    );
    const overview = routes.find((route) => route.pattern.startsWith('/profile/overview'))!;
    expect(overview.modules).toEqual(expect.arrayContaining([feature('profile/overview-view.tsx'), feature('profile/basedata-view.tsx')]));
  });

  it("does not take a page a route only names as a property (the home's redirect to /dashboard)", () => {
    const home = routes.find((route) => route.pattern === '/')!;
    expect(home.modules).toEqual([feature('public/home-view.tsx')]);
  });

  it('fails on a route it cannot read, rather than leave it out', () => {
    const odd = `const ROUTES = [route('/x', 't', 'public', () => import('./a'))];`;
    expect(() => routeModules(odd, ROUTES_FILE, (_, s) => s)).toThrow(/not route\(paths/);
    const computed = `const v = 'a'; const ROUTES = [route(paths.home.path, 't', 'public', () => import(v))];`;
    expect(() => routeModules(computed, ROUTES_FILE, (_, s) => s)).toThrow(/literal specifier/);
  });
});

describe('the files of each route, from the bundle', () => {
  const chunk = (fileName: string, extra: Partial<BundleChunk> = {}): BundleChunk => ({
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    imports: [],
    ...extra,
  });
  const bundle = {
    'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/compat.js'] }),
    'assets/compat.js': chunk('assets/compat.js'),
    'assets/view.js': chunk('assets/view.js', { facadeModuleId: '/src/view.tsx', imports: ['assets/shared.js', 'assets/compat.js'], viteMetadata: { importedCss: new Set(['assets/view.css']) } }),
    'assets/shared.js': chunk('assets/shared.js', { moduleIds: ['/src/reads.ts', '/src/query.ts'], viteMetadata: { importedCss: new Set(['assets/shared.css']) } }),
    'assets/view.css': { type: 'asset' as const, fileName: 'assets/view.css' },
  };

  it("lists the chunks holding the route's modules first, then what they import and their styles, without what the entry loads", () => {
    expect(routeFiles([{ pattern: '/x', modules: ['/src/view.tsx', '/src/reads.ts'] }], bundle)).toEqual([
      { pattern: '/x', files: ['assets/view.js', 'assets/shared.js', 'assets/view.css', 'assets/shared.css'] },
    ]);
  });

  // a module the entry imports before the document's slices reach its link is fetched twice
  it("puts a holder before the chunks its sibling imports, so the route's own modules are asked for first", () => {
    const deep = {
      ...bundle,
      'assets/view.js': chunk('assets/view.js', { facadeModuleId: '/src/view.tsx', imports: ['assets/a.js', 'assets/b.js'] }),
      'assets/a.js': chunk('assets/a.js'),
      'assets/b.js': chunk('assets/b.js'),
      'assets/reads.js': chunk('assets/reads.js', { facadeModuleId: '/src/reads.ts' }),
    };
    expect(routeFiles([{ pattern: '/x', modules: ['/src/view.tsx', '/src/reads.ts'] }], deep)[0]!.files).toEqual(['assets/view.js', 'assets/reads.js', 'assets/a.js', 'assets/b.js']);
  });

  it('fails on a module no chunk holds', () => {
    expect(() => routeFiles([{ pattern: '/x', modules: ['/src/gone.tsx'] }], bundle)).toThrow(/no chunk holds \/src\/gone\.tsx/);
  });
});

describe("the document's script", () => {
  const table = ROUTES.map((route, i) => ({ pattern: route.path, files: [`assets/r${i}.js`, `assets/r${i}.css`, 'assets/shared.js'] }));
  const script = routePreloadScript(table);

  /** Runs the script at `pathname`, then the tasks it queued; the links it added, and per task how many. */
  function run(pathname: string, source = script, storage?: Record<string, string>, linked: readonly string[] = []) {
    const added: Array<{ rel: string; as?: string; href: string; crossOrigin: string | null }> = [];
    const tasks: Array<() => void> = [];
    const perTask: number[] = [];
    const task = (work: () => void) => {
      const before = added.length;
      work();
      perTask.push(added.length - before);
    };
    task(() =>
      runInNewContext(source, {
        location: { pathname },
        ...(storage && { localStorage: storage }),
        setTimeout: (next: () => void) => tasks.push(next),
        document: {
          createElement: () => ({ rel: '', href: '', crossOrigin: null }),
          head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
          // the document's own links (a prerendered route's style sheets)
          querySelector: (selector: string) => (linked.some((href) => selector === `link[href="${href}"]`) ? {} : null),
        },
      }),
    );
    while (tasks.length) task(tasks.shift()!);
    return { added, perTask };
  }
  const preloadsFor = (pathname: string) => run(pathname).added;

  // spec §2's addresses, with a language prefix, a parameter, an optional one and a trailing slash
  const addresses = ['/', '/de', '/fr/', '/login', '/dashboard', '/de/dashboard', '/fr/orders/', '/orders', '/order/address', '/ORDER/Address', '/profile/overview', '/profile/overview/1', '/doses/day/2026-11-24', '/profile/password/reset', '/plan/print'];

  it.each(addresses)("preloads at %s the files of the route the app shows there", (pathname) => {
    const index = ROUTES.indexOf(routeAt(pathname)!);
    expect(index, pathname).toBeGreaterThanOrEqual(0);
    expect(preloadsFor(pathname)).toEqual([
      { rel: 'modulepreload', href: `/assets/r${index}.js`, crossOrigin: '' },
      { rel: 'preload', as: 'style', href: `/assets/r${index}.css`, crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/shared.js', crossOrigin: '' },
    ]);
  });

  // each was a second request for the sheet the parser had fetched (5 per profile page, a round
  // trip each in Lighthouse's simulation: decision 0062)
  it('asks for no style sheet the document links already', () => {
    const index = ROUTES.indexOf(routeAt('/dashboard')!);
    expect(run('/dashboard', script, undefined, [`/assets/r${index}.css`]).added.map((link) => link.href)).toEqual([`/assets/r${index}.js`, '/assets/shared.js']);
  });

  // issue 36 item 4: twenty links appended at once were one task of 120–210 ms at 4× CPU
  it(`appends ${LINKS_PER_TASK} links per task at most, each task's links in the route's order`, () => {
    const many = routePreloadScript([{ pattern: '/dashboard', files: Array.from({ length: 8 }, (_, i) => `assets/d${i}.js`) }]);
    const { added, perTask } = run('/dashboard', many);
    expect(added.map((link) => link.href)).toEqual(Array.from({ length: 8 }, (_, i) => `/assets/d${i}.js`));
    expect(perTask).toEqual([2, 2, 2, 2]);
  });

  // a returning patient's start at / or /login shows the dashboard (boot-start.ts): its files,
  // not the sign-in form's (which load supabase-js, the data layer the start puts after the paint)
  it('at / and /login with a stored session, the files of the page the start goes on to', () => {
    const withRedirects = routePreloadScript(
      ROUTES.map((route, i) => ({ pattern: route.path, files: [`assets/r${i}.js`], ...(route.signedInRedirect !== undefined && { signedInRedirect: route.signedInRedirect }) })),
    );
    const hrefs = (pathname: string, storage?: Record<string, string>) => run(pathname, withRedirects, storage).added.map((link) => link.href);
    const filesAt = (pathname: string) => [`/assets/r${ROUTES.indexOf(routeAt(pathname)!)}.js`];
    const session = { 'sb-127-auth-token': '{}' };
    for (const pathname of ['/', '/login', '/fr/login', '/de']) {
      expect(hrefs(pathname, session), pathname).toEqual(filesAt('/dashboard'));
      expect(hrefs(pathname), pathname).toEqual(filesAt(pathname.replace(/^\/(de|fr)(?=\/|$)/u, '') || '/'));
      expect(hrefs(pathname, { lang: 'fr', 'sb-127-auth-token-code-verifier': 'x' }), pathname).toEqual(filesAt(pathname.replace(/^\/(de|fr)(?=\/|$)/u, '') || '/'));
    }
    expect(hrefs('/orders', session)).toEqual(filesAt('/orders'));
    // the storage is read only where a route goes on for a signed-in start
    let reads = 0;
    const counted = new Proxy(session, { ownKeys: (target) => (reads++, Reflect.ownKeys(target)) });
    run('/orders', withRedirects, counted);
    expect(reads).toBe(0);
    run('/login', withRedirects, counted);
    expect(reads).toBe(1);
  });

  it('preloads nothing where no route is (the app shows its not-found page)', () => {
    for (const pathname of ['/nothing', '/dashboard/x', '/doses/day', '/french']) {
      expect(routeAt(pathname), pathname).toBeUndefined();
      expect(preloadsFor(pathname), pathname).toEqual([]);
    }
  });

  it('goes right before the entry module', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index.js"></script></head>';
    expect(withScriptBeforeEntry(html, 'x()', 'route-preload')).toBe('<head><script>x()</script>\n    <script type="module" crossorigin src="/assets/index.js"></script></head>');
    expect(() => withScriptBeforeEntry('<head></head>', 'x()', 'route-preload')).toThrow(/no entry module/);
  });
});
