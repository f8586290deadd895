// issue 36: every route's document paints before any script runs (scripts/prerender.ts): a
// public page whole, which React then hydrates as it is; a signed-in page's frame, which the
// app's first render makes anew, and its screen with the patient's data replaces a frame later. In the language the device
// reads, without a layout shift and without an error in the console.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { routePaths } from '../../src/app/route-paths';
import { catalogues, expect, test } from './fixtures';
import { paths } from '../../src/domain/paths';
import { DEMO, patientWithProfile, signIn, underServiceWorker, withItsFiles } from './patients';

const { de, fr } = catalogues;
// the app as a patient's browser runs it: its service worker registers (and later serves the documents)
test.use({ serviceWorkers: 'allow' });

/** What the document showed once parsed, before any module ran (readyState 'interactive' comes before deferred scripts). */
async function recordParsedDocument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { h1: null as Element | null, text: '', lang: '', variant: '' as string | null, inert: false };
    (window as unknown as { __parsed: typeof seen }).__parsed = seen;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root');
      seen.h1 = root?.querySelector('h1') ?? null;
      seen.text = seen.h1?.textContent ?? '';
      seen.lang = document.documentElement.lang;
      seen.variant = root?.getAttribute('data-variant') ?? null;
      seen.inert = root?.hasAttribute('inert') ?? false;
    });
  });
}

const parsed = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { __parsed: { h1: Element | null; text: string; lang: string; variant: string | null; inert: boolean } }).__parsed;
    return { text: seen.text, lang: seen.lang, variant: seen.variant, inert: seen.inert, sameH1: seen.h1 !== null && seen.h1 === document.querySelector('#root h1') };
  });

/**
 * Console errors and uncaught exceptions (a hydration mismatch is reported as one). Not the
 * product pictures the test's stand-in for the outside picture host answers with 404.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function taken(page: Page): Promise<void> {
  await expect(page.locator('html[data-app="ready"]')).toBeAttached();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/**
 * When the document's first paint came, and when its last byte had arrived: the document served
 * from 127.0.0.1 in two parts, 800 ms apart, the first ending inside the header (after its first
 * language button).
 */
async function paintOfADocumentInTwoParts(browser: Browser, html: string): Promise<{ paint: number; lastByte: number }> {
  const cut = html.indexOf('</button>', html.indexOf('language-switch__button')) + '</button>'.length;
  expect(cut).toBeGreaterThan('</button>'.length);
  const server = createServer((request, response) => {
    if (request.url !== '/order/orderfinish') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(html.slice(0, cut));
    setTimeout(() => response.end(html.slice(cut)), 800);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/order/orderfinish`);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    return await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      lastByte: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    }));
  } finally {
    await context.close();
    server.close();
  }
}

test.describe('the documents as served', () => {
  test('a document is painted only once it is parsed whole: never half a header (a render-blocking link)', async ({ browser, request }) => {
    const html = await (await request.get('/order/orderfinish', { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<link rel="expect" href="#document-parsed" blocking="render">/u);
    const held = await paintOfADocumentInTwoParts(browser, html);
    expect(held.paint).toBeGreaterThanOrEqual(held.lastByte);
    // without the link the browser paints what it has: the test would see it
    const unheld = await paintOfADocumentInTwoParts(browser, html.replace(/<link rel="expect"[^>]*>/u, ''));
    expect(unheld.paint).toBeLessThan(unheld.lastByte - 400);
  });

  test('view-source of /login holds its form, of /dashboard its frame in the signed-in shell', async ({ request }) => {
    const login = await (await request.get('/login', { headers: { accept: 'text/html' } })).text();
    expect(login).toContain(`<h1 id="auth-heading">${de['auth.login.heading']}</h1>`);
    expect(login).toContain(de['auth.field.email']);
    expect(login).toContain(`<title>${de['app.titlePattern'].replace('{title}', de['title.login'])}</title>`);
    const dashboard = await (await request.get('/dashboard', { headers: { accept: 'text/html' } })).text();
    expect(dashboard).toContain(`<h1 id="route-frame-title">${de['title.dashboard']}</h1>`);
    expect(dashboard).toContain(de['nav.logout']);
    // the French markups wait in templates of the same document
    expect(dashboard).toContain(`<h1 id="route-frame-title">${fr['title.dashboard']}</h1>`);
  });

  test('without JavaScript the first paint is there all the same', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['auth.login.heading']);
    await expect(page.locator('input[type="email"]')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.locator('#root h1')).toHaveText(de['title.dashboard']);
    await context.close();
  });

  // The browser lays the document out while it still parses it: the header alone is shorter than the
  // window, the frame with its main taller. When the scrollbar came in with the main, the header was
  // laid out again 15 px narrower and wrapped otherwise (a layout shift the first-paint benchmark
  // caught on 3 of 22 starts of /dashboard). A wide window keeps the bar's room from the first layout.
  for (const { width, gutter } of [{ width: 800, gutter: true }, { width: 390, gutter: false }]) {
    test(`${width} px wide: the header keeps its boxes while the frame grows past the window, in German and French`, async ({ playwright, launchOptions }) => {
      // Playwright's headless Chromium hides its scrollbars; a patient's desktop browser does not
      const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
      try {
        // the frame as painted before any script runs, and for as long as it likes
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
        const page = await context.newPage();
        const measure = () =>
          page.evaluate(() => ({
            width: document.body.getBoundingClientRect().width,
            tall: document.documentElement.scrollHeight > innerHeight,
            boxes: [...document.querySelectorAll('#root header *, #root nav *')].map((el) => {
              const r = el.getBoundingClientRect();
              return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
            }),
          }));
        for (const lang of ['de', 'fr'] as const) {
          await page.goto('/dashboard');
          // the French frame waits in the document's template: put in place as its inline script does
          if (lang === 'fr') await page.evaluate(() => document.getElementById('root')!.replaceChildren((document.getElementById('prerender-fr:in') as HTMLTemplateElement).content));
          await expect(page.locator('#root h1')).toHaveText(catalogues[lang]['title.dashboard']);
          // as parsed up to the main
          await page.evaluate(() => document.getElementById('main')!.style.setProperty('display', 'none'));
          const parsing = await measure();
          expect(parsing.tall).toBe(false);
          // a phone draws its scrollbar over the page, and a narrow window needs the 15 px for the plan's first screen
          expect(parsing.width < width).toBe(gutter);
          await page.evaluate(() => document.getElementById('main')!.style.removeProperty('display'));
          const parsed = await measure();
          expect(parsed.tall).toBe(true);
          if (gutter) {
            expect(parsed.width).toBe(parsing.width);
            expect(parsed.boxes).toEqual(parsing.boxes);
          }
        }
      } finally {
        await browser.close();
      }
    });
  }
});

test.describe('a visitor: every public page is hydrated as it was painted', () => {
  const publicPaths = routePaths()
    .filter((r) => r.route.guard === 'public' && !r.path.includes('?'))
    .map((r) => r.path);
  for (const lang of ['de', 'fr'] as const) {
    test(`${lang}: ${publicPaths.join(' ')}`, async ({ page }) => {
      const errors = collectErrors(page);
      await recordParsedDocument(page);
      if (lang === 'fr') await page.addInitScript(() => localStorage.setItem('lang', 'fr'));
      for (const path of publicPaths) {
        await page.goto(path);
        await taken(page);
        const first = await parsed(page);
        expect(first.lang, path).toBe(lang);
        expect(first.variant, path).toBe(`${lang}:out`);
        expect(first.inert, path).toBe(true);
        expect(first.text, path).not.toBe('');
        // hydrated: the heading painted first is the app's own element now
        expect(first.sameH1, path).toBe(true);
        await expect(page.locator('html')).toHaveAttribute('data-start', 'hydrate');
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe('a returning patient', () => {
  test('a signed-in page paints its frame in the device’s language, then the data replace it with no shift', async ({ page }) => {
    const errors = collectErrors(page);
    // a French patient (the device takes the account's language at sign-in)
    await signIn(page, await patientWithProfile('Lea', 2, 'fr'), '/fr/login', fr);
    await page.waitForLoadState('networkidle');
    await recordParsedDocument(page);
    await page.addInitScript(() => {
      const shifts: Array<{ value: number; sources: string[] }> = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
          const what = (s: { node?: Node | null }) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName));
          shifts.push({ value: entry.value, sources: entry.sources.map((s) => `${what(s)} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/prescriptions');
    await taken(page);
    const first = await parsed(page);
    expect(first).toMatchObject({ lang: 'fr', variant: 'fr:in', text: fr['title.prescriptions'], inert: true });
    await expect(page.locator('html')).toHaveAttribute('data-start', 'render');
    await expect(page.locator('.rx-page h1')).toHaveText(fr['title.prescriptions']);
    await expect(page.locator('.route-frame')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts);
    expect(shifts.reduce((sum, s) => sum + s.value, 0), JSON.stringify(shifts, null, 1)).toBe(0);
    expect(errors).toEqual([]);
  });

  // issue 36 item 4: the takeover in two commits (route-screen.tsx FrameFirst): the first makes the
  // shell and the frame anew as painted, the screen with the data replaces the frame in the next;
  // the app says it is ready only with the screen in (the tests and the benchmark wait for that)
  test('the takeover of a frame: the frame made anew first, the screen a commit later, ready with the screen', async ({ page }) => {
    const errors = collectErrors(page);
    await signIn(page, DEMO);
    await page.waitForLoadState('networkidle');
    await page.addInitScript(() => {
      const steps: string[] = [];
      (window as unknown as { __steps: string[] }).__steps = steps;
      const note = () => {
        // while the parser still builds the document nothing is painted (its render-blocking link):
        // a busy machine's parser yields mid-#root, and that half-built root is no step of the takeover
        if (document.readyState === 'loading') return;
        const root = document.getElementById('root');
        if (!root) return;
        const step = [
          root.hasAttribute('inert') ? 'document' : 'app',
          root.querySelector('.route-frame[data-takeover]') ? 'frame' : root.querySelector('.route-frame') ? 'painted frame' : root.querySelector('.dash') ? 'screen' : 'other',
          document.documentElement.dataset.app === 'ready' ? 'ready' : 'not ready',
        ].join(', ');
        if (steps.at(-1) !== step) steps.push(step);
      };
      document.addEventListener('readystatechange', note);
      new MutationObserver(note).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert', 'data-app'] });
    });
    await page.goto('/dashboard');
    await taken(page);
    await expect(page.locator('.dash h1')).toBeVisible();
    const steps = await page.evaluate(() => (window as unknown as { __steps: string[] }).__steps);
    const app = steps.slice(steps.findIndex((s) => s.startsWith('app')));
    // (the screen's commit and the ready mark of its layout effect come in one task: one record)
    expect(app.slice(0, 2), steps.join('\n')).toEqual(['app, frame, not ready', 'app, screen, ready']);
    expect(steps[0], steps.join('\n')).toBe('document, painted frame, not ready');
    expect(errors).toEqual([]);
  });

  // issue 36 item 6: the screen's largest text, its introduction, is in the frame before any
  // script; the screen then shows the very same paragraph (so the largest paint stays the frame's)
  test('a frame holds its view’s introduction, and the screen shows the same paragraph, in German and French', async ({ page, request }) => {
    // a route's document serves all its parameters: the path without them
    const framed = routePaths().filter((r) => r.route.frameTexts && r.path === r.route.path);
    expect(framed.length).toBeGreaterThan(0);
    // two starts per framed route (9 now): 14.5–15.6 s in the stress runs of one machine, 43 s in
    // those of a slower one; the budget grows with the routes beyond the default
    test.setTimeout(60_000 + framed.length * 2 * 3_000);
    const text = (lang: 'de' | 'fr', id: string) => catalogues[lang][id as keyof typeof de];
    const errors = collectErrors(page);
    await signIn(page, DEMO);
    // the delivery address comes after a selection (spec §4 order flow): one package more
    await page.goto(paths.orderSelect.href());
    await page.locator('.select-item').first().getByRole('button', { name: new RegExp(`^${de['amount.more'].split('{')[0]}`, 'u') }).click();
    // the draft is in Dexie once the row shows it chosen: leaving before would lose it, and the
    // address step would redirect to the selection (spec §2)
    await expect(page.locator('.select-item--chosen')).toHaveCount(1);
    for (const { path, route } of framed) {
      const served = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      // both languages' frames are in the document (the French one in its template)
      for (const id of route.frameTexts!) {
        for (const lang of ['de', 'fr'] as const) expect(served, `${path} ${id} ${lang}`).toContain(`<p>${text(lang, id)}</p>`);
      }
    }
    // the screens show the same paragraphs, in German, then in French (/fr/… sets the language)
    for (const lang of ['de', 'fr'] as const) {
      for (const { path, route } of framed) {
        await page.goto(lang === 'fr' ? `/fr${path}` : path);
        await expect(page.locator('.route-frame')).toHaveCount(0);
        for (const id of route.frameTexts!) {
          await expect(page.locator('main p').filter({ hasText: text(lang, id) }), `${path} ${id} ${lang}`).toHaveText(text(lang, id));
        }
      }
    }
    expect(errors).toEqual([]);
  });

  test('offline, the service worker answers with the route’s document, a path with a parameter too', async ({ page, context }) => {
    await signIn(page, DEMO);
    await underServiceWorker(page);
    await withItsFiles(page);
    await recordParsedDocument(page);
    await context.setOffline(true);
    for (const [path, title] of [
      ['/orders', de['title.orders']],
      [paths.dosesDay.href('2026-11-20'), de['title.dosesDay']],
    ] as const) {
      await page.goto(path);
      await taken(page);
      expect(await parsed(page), path).toMatchObject({ variant: 'de:in', text: title });
    }
    await context.setOffline(false);
  });

  test('/login sends a returning patient on: its document paints nothing of the login', async ({ page }) => {
    await signIn(page, DEMO);
    await recordParsedDocument(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await parsed(page)).text).toBe('');
  });
});

test('a path of no document (a parameter the host did not rewrite) paints nothing before the app renders it', async ({ page }) => {
  await recordParsedDocument(page);
  await page.goto('/no-such-page');
  await taken(page);
  expect((await parsed(page)).variant).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['title.notFound']);
});

test('a query the document was not made with (/login?register=1): the app renders the page, no hydration mismatch', async ({ page }) => {
  const errors = collectErrors(page);
  await recordParsedDocument(page);
  await page.goto('/login?register=1');
  await taken(page);
  expect((await parsed(page)).text).toBe('');
  await expect(page.locator('html')).toHaveAttribute('data-start', 'render');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['auth.register.heading']);
  expect(errors).toEqual([]);
});
