#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (the npm package, mobile preset, simulated throttling) on the
// production build, driven with the system Chromium headless, for every route of the routes
// table (src/app/route-paths.ts: each pattern's sample paths and the query variants that change a
// screen): the public ones as a visitor, the others as the demo patient signed in. Prints the four
// category scores and LCP / CLS / TBT per route and exits 1 when a route misses the goal
// (performance >= 95, accessibility, best practices and SEO 100).
//
// What it does, all on this machine (nothing is downloaded):
//   1. builds the app (`vite build` + the bundle check) with VITE_SUPABASE_URL pointing at a
//      local stack on a free port; `--no-build` reuses dist/ when it was built by this script;
//   2. starts the local Supabase stack on that port (fresh in-memory database with the demo
//      data) and `vite preview` on another free port;
//   3. runs Lighthouse on each public route with Lighthouse's own storage reset (cold cache,
//      no service worker);
//   4. signs the demo patient in through the login form, then clears the HTTP cache, the
//      service worker and Cache Storage itself and runs Lighthouse on /dashboard with
//      disableStorageReset, so the stored session (localStorage) and the mirror (IndexedDB)
//      stay while the app's files come over the (throttled) network as on a cold start.
//
// Lighthouse's simulated throttling scales the CPU time it observes, so other work on the
// machine (a test run beside it) lowers the performance score: the script prints the load
// average and takes the median of several runs.
//
// Options: --no-build, --runs N (median run per route by performance score; default 3),
// --routes /,/login,/orders?active=false (a subset), --keep (leave the servers running until Ctrl-C),
// --trace (also save each chosen run's trace, observed and unthrottled, beside its report).
// Environment: CHROMIUM_PATH (default /usr/bin/chromium).
// Reports (HTML and JSON per route) land in .local/lighthouse/.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
// puppeteer-core (a devDependency, the version lighthouse itself uses) drives the browser Lighthouse audits.
import puppeteer from 'puppeteer-core';

const GOAL = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(GOAL);
// the routes table itself (run with tsx: `node --import tsx`), so a new route is measured too
const { routePaths } = await import('../src/app/route-paths.ts');
const ALL = routePaths();
const PUBLIC_ROUTES = ALL.filter((r) => r.route.guard === 'public').map((r) => r.path);
const SIGNED_IN_ROUTES = ALL.filter((r) => r.route.guard !== 'public').map((r) => r.path);
const DEMO = { email: 'demo@rezeptpost.ch', password: 'Demo-Rezept-2026' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags the end-to-end tests use too: without the background-networking ones Chromium
// keeps trying to reach hosts this machine cannot reach.
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // no host name but this machine's resolves (the image host and the site have stand-ins here)
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const OUT = '.local/lighthouse';
const BUILD_MARK = join(OUT, 'build.json');

const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    keep: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number.parseInt(opts.runs, 10) || 3);
const wanted = opts.routes ? opts.routes.split(',').map((r) => r.trim()) : null;
const unknown = (wanted ?? []).filter((r) => !PUBLIC_ROUTES.includes(r) && !SIGNED_IN_ROUTES.includes(r));
if (unknown.length) throw new Error(`--routes: not a path of the routes table: ${unknown.join(', ')} (paths: ${[...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].join(' ')})`);
const publicRoutes = PUBLIC_ROUTES.filter((r) => !wanted || wanted.includes(r));
const signedInRoutes = SIGNED_IN_ROUTES.filter((r) => !wanted || wanted.includes(r));

const children = [];
let browser = null;
let stopping = false;

async function cleanUp() {
  await browser?.close().catch(() => {});
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitFor(url, what, timeoutMs, child) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} ended (exit ${child.exitCode}) before answering on ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer on ${url} within ${timeoutMs / 1000} s`);
}

function start(command, args, env, what) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code) => {
    if (code && !stopping) console.error(`${what} ended with ${code}:\n${output}`);
  });
  children.push(child);
  return child;
}

/** A fingerprint of the built document (its asset names change with every build's content). */
const builtIndex = () => createHash('sha256').update(readFileSync('dist/index.html')).digest('hex');

/** The ports dist/ was built for, when this script built it (and nothing rebuilt it since) and those ports are free again. */
async function reusableBuild() {
  if (!opts['no-build'] || !existsSync(BUILD_MARK) || !existsSync('dist/index.html')) return null;
  const { stackPort, imagePort, index } = JSON.parse(readFileSync(BUILD_MARK, 'utf8'));
  // dist/ rebuilt since (the end-to-end tests build it for their own stack): not this script's
  if (typeof imagePort !== 'number' || index !== builtIndex()) return null;
  return (await portIsFree(stackPort)) && (await portIsFree(imagePort)) ? { stackPort, imagePort } : null;
}

/**
 * A stand-in for the product image host and the pharmacy site's disruption post (outside the
 * project and unreachable from this machine): every picture is the app's icon, a real PNG,
 * cached for a day; the post answers 204 (no disruption), as the service worker answers for an
 * unreachable site. Without it each product picture fails to load, and on a busy machine the
 * post is asked for before the service worker has taken over, which Chromium logs as console
 * errors: Lighthouse would measure this machine's missing internet rather than the app.
 */
function startImageHost(port) {
  const png = readFileSync('public/icons/icon-192.png');
  const server = createHttpServer((req, res) => {
    if (req.url?.startsWith('/disruption')) {
      res.writeHead(204, { 'access-control-allow-origin': '*' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' });
    res.end(req.method === 'HEAD' ? undefined : png);
  });
  server.listen(port, '127.0.0.1');
  return server;
}

function median(results) {
  const sorted = [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const pct = (score) => (score === null || score === undefined ? null : Math.round(score * 100));

function summarise(route, lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, pct(lhr.categories[id]?.score)]));
  const metric = (id) => lhr.audits[id]?.numericValue;
  // audits that cost points in a category that missed its goal (performance: the metrics' own)
  const missed = CATEGORIES.filter((id) => (scores[id] ?? 0) < GOAL[id]).flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? pct(lhr.audits[ref.id].score)})`),
  );
  return {
    route,
    scores,
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    fcp: metric('first-contentful-paint'),
    missed,
    ok: CATEGORIES.every((id) => (scores[id] ?? 0) >= GOAL[id]),
  };
}

async function audit(page, url, flags) {
  // with --trace, V8's sampling profiler too: the saved trace then says which functions ran in each task
  const profiler = opts.trace ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {};
  const result = await lighthouse(url, { output: ['html', 'json'], logLevel: 'error', onlyCategories: CATEGORIES, ...profiler, ...flags }, undefined, page);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  return result;
}

function save(route, result) {
  const name = route === '/' ? 'home' : route.slice(1).replace(/[/?=&]/g, '-');
  const [html, json] = result.report;
  writeFileSync(join(OUT, `${name}.report.html`), html);
  writeFileSync(join(OUT, `${name}.report.json`), json);
  // the page's trace, for what the report sums up (which task blocked, what ran in it): open it in
  // Chromium's Performance panel
  const trace = result.artifacts?.Trace;
  if (opts.trace && trace) writeFileSync(join(OUT, `${name}.trace.json`), JSON.stringify(trace));
}

/** Signs the demo patient in through the login form and waits for the dashboard. */
async function signIn(page, base) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type=email]').fill(DEMO.email);
  await page.locator('input[type=password]').fill(DEMO.password);
  await Promise.all([page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 }), page.locator('form button[type=submit]').click()]);
  // the patient's data arrived (the mirror is written) once the network is quiet
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 });
  // a patient in the middle of an order: one pack chosen, so the order flow's review steps show
  // themselves (with an empty selection they redirect to it, spec §2)
  await page.goto(`${base}/order/select`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.amount__step:last-of-type', { timeout: 30_000 });
  await page.evaluate(() => document.querySelectorAll('.amount__row .amount__step')[1]?.click());
  await page.waitForFunction(() => Number(document.querySelector('.amount__input')?.value) > 0, { timeout: 10_000 });
}

/** Cold caches as Lighthouse's own reset makes them, but the session and the mirror stay. */
async function clearCachesKeepSession(page, base) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage,file_systems,shader_cache' });
  await cdp.detach();
}

/** True when the page shows the signed-in view, not the login form that /dashboard shows signed out. */
async function signedInViewShown(page, base, route) {
  const url = new URL(page.url());
  if (url.origin !== new URL(base).origin || `${url.pathname}${url.search}` !== route) await page.goto(`${base}${route}`, { waitUntil: 'networkidle0' });
  // the login form asks for an e-mail and a password together; no signed-in page does
  return page.evaluate(() => !(document.querySelector('input[type=email]') && document.querySelector('input[type=password]')));
}

function printTable(rows) {
  const ms = (v) => (v === undefined ? '-' : `${(v / 1000).toFixed(2)} s`);
  const header = ['route', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'CLS', 'TBT', 'FCP'];
  const lines = rows.map((r) => [
    r.route,
    ...CATEGORIES.map((id) => String(r.scores[id] ?? '-')),
    ms(r.lcp),
    r.cls === undefined ? '-' : r.cls.toFixed(3),
    r.tbt === undefined ? '-' : `${Math.round(r.tbt)} ms`,
    ms(r.fcp),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(fmt(line));
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  mkdirSync(OUT, { recursive: true });

  const reused = await reusableBuild();
  const { stackPort, imagePort } = reused ?? { stackPort: await freePort(), imagePort: await freePort() };
  if (reused === null) {
    if (opts['no-build']) console.log('--no-build: dist/ was not built by this script (or its ports are taken); building.');
    const env = {
      VITE_SUPABASE_URL: `http://127.0.0.1:${stackPort}`,
      VITE_PRODUCT_IMAGE_HOST: `http://127.0.0.1:${imagePort}/image`,
      VITE_DISRUPTION_URL: `http://127.0.0.1:${imagePort}/disruption?slug=stoerung-{lang}`,
    };
    console.log(`Building with ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')} …`);
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, ...env } });
    if (build.status !== 0) throw new Error('the build failed');
    writeFileSync(BUILD_MARK, JSON.stringify({ stackPort, imagePort, index: builtIndex() }));
  } else {
    console.log(`Reusing dist/ (built for the stack on port ${stackPort}, pictures on ${imagePort}).`);
  }
  startImageHost(imagePort).unref();

  const appPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const stackUrl = `http://127.0.0.1:${stackPort}`;
  const stack = start(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], { SUPABASE_PORT: String(stackPort), SITE_URL: base, PGLITE_DATA_DIR: 'memory' }, 'the local stack');
  const preview = start(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(appPort), '--strictPort', '--host', '127.0.0.1'], {}, 'vite preview');
  await waitFor(base, 'vite preview', 60_000, preview);
  await waitFor(`${stackUrl}/health`, 'the local stack', 180_000, stack);
  console.log(`App ${base}, stack ${stackUrl}; Lighthouse ${runs} run(s) per route (the median by performance), mobile preset.`);
  const load = loadavg()[0];
  const cores = availableParallelism();
  console.log(`Load average ${load.toFixed(1)} on ${cores} cores${load > cores ? ': the machine is busy, performance scores will come out low' : ''}.`);

  browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS, defaultViewport: null });
  const rows = [];
  const measure = async (route, prepare, flags) => {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage();
      await prepare(page);
      results.push(await audit(page, `${base}${route}`, flags));
      if (flags.disableStorageReset && !(await signedInViewShown(page, base, route))) {
        throw new Error(`${route} showed the login form: the stored session was not used`);
      }
      await page.close();
    }
    const chosen = results.find((r) => r.lhr === median(results.map((x) => x.lhr)));
    save(route, chosen);
    const row = summarise(route, chosen.lhr);
    rows.push(row);
    console.log(`  ${route}: ${CATEGORIES.map((id) => `${id} ${row.scores[id]}`).join(', ')}`);
  };

  for (const route of publicRoutes) await measure(route, async () => {}, {});
  if (signedInRoutes.length) {
    const page = await browser.newPage();
    await signIn(page, base);
    await page.close();
    for (const route of signedInRoutes) await measure(route, (p) => clearCachesKeepSession(p, base), { disableStorageReset: true });
  }

  console.log('');
  printTable(rows);
  const failing = rows.filter((r) => !r.ok);
  for (const row of failing) console.log(`\n${row.route} misses the goal:\n  ${row.missed.join('\n  ')}`);
  console.log(`\nGoal: performance >= ${GOAL.performance}, accessibility, best practices and SEO 100. Reports: ${OUT}/`);
  if (opts.keep) {
    console.log('--keep: servers stay up; Ctrl-C ends.');
    await browser.close();
    browser = null;
    await new Promise(() => {});
  }
  return failing.length === 0;
}

main().then(
  async (ok) => {
    stopping = true;
    await cleanUp();
    process.exit(ok ? 0 : 1);
  },
  async (error) => {
    stopping = true;
    console.error(error instanceof Error ? error.message : error);
    await cleanUp();
    process.exit(2);
  },
);
