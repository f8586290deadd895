import { test as base, expect, type BrowserContext, type CDPSession, type Page, type Request, type Response } from '@playwright/test';
import de from '../../lang/de.json' with { type: 'json' };
import fr from '../../lang/fr.json' with { type: 'json' };
import { runAxe } from './axe';
import { framesDrawn } from './frames';

export const catalogues = { de, fr } as const;

/** What a medication's name reads until its details are in the mirror ("Medikament <pharmacode>"): its words before the code. */
export const medicationStandIn = (t: typeof de): string => t['prescriptions.medicationFallback'].split('{')[0] as string;

/**
 * A page of the app's whose `goto` and `reload` resolve once the app has taken the document over
 * (appReady): every document paints its route's prerendered markup before any script runs
 * (decision 0042), so a heading in sight no longer says the app is running — what a test does
 * next must meet the app, not the document's markup. A navigation elsewhere (the stack's
 * mailbox), or one a test times itself (`waitUntil: 'commit'`), is left as it is.
 */
const waiting = new WeakSet<Page>();
function waitingForTheApp(page: Page, appOrigin: string): Page {
  if (waiting.has(page)) return page;
  waiting.add(page);
  trackAppFiles(page, appOrigin);
  keepPageLog(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settled = async (response: Response | null, options: { waitUntil?: string } | undefined) => {
    if (options?.waitUntil === 'commit' || new URL(page.url()).origin !== appOrigin) return;
    // a file (robots.txt), not one of the app's documents
    if (!response || !(response.headers()['content-type'] ?? '').includes('text/html')) return;
    await appReady(page);
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settled(response, options);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await settled(response, options);
    return response;
  };
  return page;
}

/** The requests for the app's own files a page has in flight (with when each started), and when the last one started or ended. */
const appFiles = new WeakMap<Page, { inFlight: Map<Request, number>; changedAt: number; recent: string[] }>();
/** How many of a page's latest starts and ends of app files a timed-out wait names. */
const RECENT_FILE_EVENTS = 20;
function trackAppFiles(page: Page, appOrigin: string): void {
  if (appFiles.has(page)) return;
  const files = { inFlight: new Map<Request, number>(), changedAt: Date.now(), recent: [] as string[] };
  appFiles.set(page, files);
  const note = (what: string, request: Request) => {
    files.changedAt = Date.now();
    files.recent.push(`${new Date(files.changedAt).toISOString().slice(11, 23)} ${what} ${request.url().slice(appOrigin.length)}`);
    if (files.recent.length > RECENT_FILE_EVENTS) files.recent.shift();
  };
  page.on('request', (request) => {
    if (!request.url().startsWith(`${appOrigin}/`)) return;
    files.inFlight.set(request, Date.now());
    note('started', request);
  });
  const ended = (what: string) => (request: Request) => {
    if (files.inFlight.delete(request)) note(what, request);
  };
  page.on('requestfinished', ended('finished'));
  page.on('requestfailed', ended('failed'));
}

/** No request for the app's files in flight, none started or ended for `ms` (nor since `since`). Untracked: undefined. */
function appFilesQuietFor(page: Page, ms: number, since = 0): boolean | undefined {
  const files = appFiles.get(page);
  return files && files.inFlight.size === 0 && Date.now() - Math.max(files.changedAt, since) >= ms;
}

/** What kept a page's app files from being quiet: the requests in flight (how long each has been) and the latest events. */
function appFilesNotQuiet(page: Page): string {
  const files = appFiles.get(page);
  if (!files) return 'the page was not tracked';
  const now = Date.now();
  const inFlight = [...files.inFlight].map(([request, at]) => `${request.method()} ${request.url()} (${request.resourceType()}, ${now - at} ms)`);
  return [`in flight: ${inFlight.length ? inFlight.join(', ') : 'none'}`, 'latest:', ...files.recent].join('\n  ');
}

/**
 * The page has loaded the app's files: its load event came, and no request for a file of the
 * app's origin has been in flight for half a second. Unlike Playwright's `networkidle`, the data
 * traffic with the stack is not waited for (a pull, a realtime catch-up), so a busy machine's
 * slow answers do not hold a test that only needs the page's scripts before it goes offline.
 * A page of a context the fixtures do not know (`browser.newContext()`) is tracked from here on.
 */
export async function appFilesLoaded(page: Page): Promise<void> {
  trackAppFiles(page, new URL(page.url()).origin);
  await page.waitForLoadState('load');
  // a wait that times out names what kept it (the one failure of it so far left no clue)
  await expect.poll(() => appFilesQuietFor(page, 500), { timeout: 20_000, intervals: [100], message: 'the app\'s files quiet for 500 ms' }).toBe(true).catch((error: unknown) => {
    throw new Error(`${String(error instanceof Error ? error.message : error)}\n  ${appFilesNotQuiet(page)}`);
  });
}

/**
 * Whether the context went offline and back during the test. Back online, the app loads anew the
 * files that failed while it was offline (reload-for-failed-code.ts): a page asks for its address,
 * then reloads, a few milliseconds after the test's last step. Closing the context in the middle
 * of that reload hung Chromium's close past the test timeout twice in stress runs
 * ("Tearing down \"context\" exceeded the test timeout").
 */
function watchReturnOnline(context: BrowserContext): () => number | undefined {
  const setOffline = context.setOffline.bind(context);
  let wentOffline = false;
  let backAt: number | undefined;
  context.setOffline = async (offline) => {
    wentOffline ||= offline;
    await setOffline(offline);
    if (wentOffline && !offline) backAt = Date.now();
  };
  return () => backAt;
}

/**
 * The context's pages, after a return online, left alone until their reload (if any) is done: no
 * request for the app's files for a second since the return and since the last one.
 */
async function settledAfterReturn(context: BrowserContext, backAt: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  // a page the fixtures do not track has no reload of theirs to wait for
  const quiet = (page: Page) => appFilesQuietFor(page, 1000, backAt) ?? true;
  for (const page of context.pages()) {
    // a settled page is one the test may close: a failure here is not the test's, so it is not raised
    while (!page.isClosed() && Date.now() < deadline && !quiet(page)) await new Promise((pause) => setTimeout(pause, 100));
    if (!page.isClosed()) await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
  }
}

/** Every request that would leave the machine is answered here: the disruption post 404s by default. */
export const test = base.extend<{ offsite: void }>({
  offsite: [
    async ({ context }, use) => {
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
      await use();
    },
    { auto: true },
  ],
  page: async ({ page, baseURL }, use) => {
    await use(baseURL ? waitingForTheApp(page, new URL(baseURL).origin) : page);
  },
  context: async ({ context, baseURL }, use) => {
    // tabs a test opens itself wait the same way
    if (baseURL) context.on('page', (opened) => void waitingForTheApp(opened, new URL(baseURL).origin));
    const cameBackAt = watchReturnOnline(context);
    await use(context);
    const backAt = cameBackAt();
    if (backAt !== undefined) await settledAfterReturn(context, backAt);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await runAxe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Every id of the page once (issue 38: two elements with one id, and a label's `for` found the
 * wrong one). axe no longer checks it (its duplicate-id rules are deprecated), so it is checked
 * here: each id named twice, with the tags of its elements.
 */
export async function expectNoDuplicateIds(page: Page): Promise<void> {
  const twice = await page.evaluate(() => {
    const seen = new Map<string, string[]>();
    for (const element of document.querySelectorAll('[id]')) {
      const tags = seen.get(element.id) ?? [];
      tags.push(element.tagName.toLowerCase());
      seen.set(element.id, tags);
    }
    return [...seen].filter(([, tags]) => tags.length > 1).map(([id, tags]) => `#${id}: ${tags.join(', ')}`);
  });
  expect(twice, 'ids used more than once').toEqual([]);
}

/**
 * Waits until the app has taken the document over (src/app/root.tsx): its prerendered markup is
 * the app's now, its first render committed. Before a test holds the page's clock, so what the
 * test does next meets the app, not the document's markup.
 */
export async function appReady(page: Page): Promise<void> {
  // a start waits for the texts, the view's chunk and the patient's mirror; once, under the stress
  // run's load (npm run test:e2e:stress, load average 6 on 2 cores), a reload beside the service
  // worker and a sync in flight took more than the 7 s of an expectation
  const ready = page.locator('html[data-app="ready"]');
  try {
    await expect(ready).toBeAttached({ timeout: 10_000 });
    return;
  } catch {
    // CI once saw an offline reload never become ready, and kept nothing to say why
    // (docs/testing.md); a headless Chromium that draws no frame (frames.ts) is one known way for
    // a page to stand still: it is given new sizes before the last wait
  }
  try {
    await framesDrawn(page);
    await expect(ready).toBeAttached({ timeout: 5_000 });
  } catch (error) {
    console.log(`the app did not take the document over:\n${await whereTheStartStands(page)}`);
    throw error;
  }
}

/**
 * What a start that did not end shows, printed with the failure (a CI run keeps only its output):
 * how far main.tsx came (`data-start` is set once the texts, the view's chunk and a returning
 * patient's mirror read have settled), the app's files still on their way, the page's last words.
 */
async function whereTheStartStands(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => ({
      address: location.href,
      online: navigator.onLine,
      start: document.documentElement.dataset.start ?? '(not yet: main.tsx has not rendered)',
      inert: document.getElementById('root')?.hasAttribute('inert') ?? null,
      frame: document.querySelector('#root .route-frame')?.outerHTML.slice(0, 200) ?? null,
      worker: navigator.serviceWorker?.controller?.state ?? null,
    }))
    .catch((error: unknown) => ({ unreadable: String(error) }));
  const inFlight = [...(appFiles.get(page)?.inFlight.keys() ?? [])].map((request) => request.url());
  return [JSON.stringify(state, null, 1), `app files in flight: ${inFlight.join(', ') || 'none'}`, ...(pageLog.get(page) ?? [])].join('\n');
}

/** A page's last console lines, errors and failed requests, with the time they came (whereTheStartStands). */
const pageLog = new WeakMap<Page, string[]>();
function keepPageLog(page: Page): void {
  const log: string[] = [];
  pageLog.set(page, log);
  const add = (line: string) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (log.length > 40) log.shift();
  };
  page.on('console', (message) => add(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => add(`page error: ${error.message}`));
  page.on('requestfailed', (request) => add(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`document: ${frame.url()}`);
  });
}

/** The DevTools sessions through which pageKnowsOffline told a context's pages they are offline. */
const offlineSessions = new WeakMap<BrowserContext, CDPSession[]>();

/**
 * Makes sure the page itself says it is offline (navigator.onLine) after the context went
 * offline, and waits for it. Chromium keeps the emulated offline state per renderer process and
 * clears it when any DevTools session that set it goes away: after a reload, the old document's
 * session could be cleaned up after the new one had set it, leaving a page that is offline
 * (its requests fail) but says it is online (seen under load). Playwright does not send an
 * unchanged state again, so a session of the test's own tells the page. That session holds the
 * state until `backOnline` closes it: go back online with `backOnline(context)`.
 */
export async function pageKnowsOffline(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  offlineSessions.set(page.context(), [...(offlineSessions.get(page.context()) ?? []), session]);
  await expect
    .poll(async () => {
      const online = await page.evaluate(() => navigator.onLine);
      if (online) await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      return online;
    })
    .toBe(false);
}

/**
 * The context online again, and the sessions of pageKnowsOffline closed (closing one clears the
 * state it set). The sessions go first: while one still held its page offline, the page would
 * hear `online` from the context and find the network still gone.
 */
export async function backOnline(context: BrowserContext): Promise<void> {
  for (const session of offlineSessions.get(context) ?? []) await session.detach().catch(() => undefined);
  offlineSessions.delete(context);
  await context.setOffline(false);
}

/** The focused element after a key press: a name for reports, a key for "seen before", and whether a focus indicator shows. */
export interface FocusStop {
  name: string;
  key: string;
  visible: boolean;
}

/**
 * Where the focus is now (null: on the page itself). Read after two frames: a date field takes the
 * focus into its segments a moment after the key press. A stop on a date or time field's picker
 * button (the browser's own part, which a page cannot style: the field is the active element
 * but not :focus) counts as visible. Visible means an outline or a box shadow, on a box with a
 * size.
 */
export async function focusStop(page: Page): Promise<FocusStop | null> {
  await framesDrawn(page);
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const rect = el.getBoundingClientRect();
    const type = el.getAttribute('type');
    const name = `${location.pathname} ${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const nativePart = !el.matches(':focus') && el instanceof HTMLInputElement && (el.type === 'date' || el.type === 'time');
    const key = `${name}${nativePart ? ' (calendar button)' : ''}@${Math.round(rect.top + scrollY)}`;
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return { name, key, visible: nativePart || (ring && rect.width > 0 && rect.height > 0) };
  });
}
