// What Lighthouse looks at on the first load (npm run lighthouse): no layout shift
// on a first load or while a lazily loaded view arrives, robots.txt as text, and a console
// without errors when the pharmacy's site (disruption post) and the product image host cannot
// be reached.
import type { Page } from '@playwright/test';
import { catalogues, expect, test } from './fixtures';
import { DEMO, service, signIn } from './patients';
import { inlinedSheetLinkPattern } from '../../scripts/inlined-sheet-link';

const de = catalogues.de;

/** Records every layout shift from the start of the page, those right after an input too. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
        shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
const total = (shifts: { value: number }[]) => shifts.reduce((sum, s) => sum + s.value, 0);

/** Console errors and uncaught exceptions of the page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page is settled: its heading shows and no request is under way for a moment. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

test.describe('layout stability (no layout shift while a lazy view loads)', () => {
  // the phone Lighthouse's mobile preset emulates: the tall footer is in sight below a short page
  test.use({ viewport: { width: 412, height: 823 } });

  for (const [path, heading] of [
    ['/', de['public.home.hero.title']],
    ['/login', de['auth.login.heading']],
  ] as const) {
    test(`the first load of ${path} shifts nothing`, async ({ page }) => {
      await recordLayoutShifts(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await settled(page);
      const shifts = await layoutShifts(page);
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.01);
    });
  }

  // the day's plan paints its rows as the view arrives: a row in sight that Chromium first lays
  // out at a placeholder's height (content-visibility) moves what follows it (Lighthouse found
  // 0.004 on this route); not even a small shift
  test('the day\'s plan of a signed-in patient shifts nothing as its rows arrive', async ({ page }) => {
    // signed in where the navigation shows the sign-out the helper waits for (on a phone: behind the menu)
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO);
    await page.setViewportSize({ width: 412, height: 823 });
    await recordLayoutShifts(page);
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() - 86_400_000));
    await page.goto(`/doses/day/${yesterday}`);
    await expect(page.getByRole('main').locator('.dose-row').first()).toBeVisible();
    await settled(page);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('going to a lazily loaded view shifts nothing while its chunk is on the way', async ({ page }) => {
    await recordLayoutShifts(page);
    // the tutorial's chunk arrives 1.5 s late: the spinner shows meanwhile
    let held = false;
    await page.route(/\/assets\/prescription-tutorial-view-[^/]+\.js$/, async (route) => {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/generics');
    await settled(page);
    // a navigation without an input, so no shift could hide behind one (hadRecentInput)
    await page.evaluate(() => history.pushState(null, '', '/prescriptiontutorial'));
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['public.tutorial.heading']);
    await settled(page);
    expect(held).toBe(true);
    const shifts = await layoutShifts(page);
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.01);
  });
});

test.describe('robots.txt', () => {
  test.use({ serviceWorkers: 'allow' });

  test('is served as text, also where the service worker answers navigations', async ({ page, request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*$/m);

    // the worker's navigation fallback (the app's shell) leaves files alone
    await page.goto('/generics');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
    await page.goto('/robots.txt');
    await expect(page.locator('body')).toContainText('User-agent: *');
    await expect(page.locator('#root')).toHaveCount(0);
  });
});

test.describe('console without errors when outside hosts cannot be reached', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the disruption post and the product pictures unreachable: first visit and with the worker in control', async ({ page, context }) => {
    await context.route(/^https:\/\/(www\.rezeptpost\.ch|documedis\.hcisolutions\.ch)\//, (route) => route.abort('namenotresolved'));
    // the worker's install is slow (a slow line, a busy machine): one file of its precache comes 9 s late
    await context.route(/\/assets\/zxing_reader-[^/]+\.wasm$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 9000));
      await route.continue();
    });
    const errors = collectErrors(page);

    // first visit: the banner asks once the worker has taken over the page, and the worker answers for the site
    await page.goto('/');
    await settled(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);

    // with the worker in control: the banner's request and the pictures (the placeholder) leave no error
    const { data } = await service().from('pharmindex').select('pharmacode').eq('dscrd', 'LIPORVA Filmtabl 20 mg 30 Stk').single();
    await page.goto(`/generics/calculator?pharmacode=${(data as { pharmacode: number }).pharmacode}`);
    const picture = page.getByRole('main').locator('img').first();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await settled(page);
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);
    await expect(page.getByRole('complementary', { name: de['disruption.label'] })).toHaveCount(0);
  });
});

// scripts/catalogue-preload.ts: the texts leave with the entry module, not after it has run,
// and only the language the page shows is downloaded
test.describe('the language catalogue of the first load', () => {
  for (const [locale, path, lang, heading] of [
    ['de-CH', '/', 'de', catalogues.de['public.home.hero.title']],
    ['fr-CH', '/', 'fr', catalogues.fr['public.home.hero.title']],
    ['fr-CH', '/de/generics', 'de', catalogues.de['public.generics.heading']],
  ] as const) {
    test.describe(`${locale} at ${path}`, () => {
      test.use({ locale });
      test(`the document itself asks for the ${lang} catalogue, and for no other`, async ({ page }) => {
        // who asked: the document (its inline script) or a module of the app (then after the entry had arrived and run)
        const asked: Array<{ lang: string; by: string }> = [];
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        cdp.on('Network.requestWillBeSent', (event) => {
          const match = /\/assets\/(de|fr)-[^/]+\.js$/.exec(event.request.url);
          if (match) asked.push({ lang: match[1]!, by: event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type });
        });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        expect(asked.map((a) => a.lang)).toEqual([lang]);
        expect(asked[0]!.by, JSON.stringify(asked)).not.toMatch(/\/assets\//);
        await cdp.detach();
      });
    });
  }
});

// scripts/route-preload.ts (issue 23): the landing route's files — its view's chunk, the module of
// its read ahead, what they import — leave with the entry module, asked for by the document
// itself, not after the entry has arrived and run; and none of them is fetched twice
test.describe("the landing route's files of the first load", () => {
  test('a returning patient opening /orders: the document asks for the view and its reads, each file once', async ({ context, page }) => {
    await signIn(page, DEMO);
    await page.close();

    const again = await context.newPage();
    const asked: Array<{ file: string; by: string }> = [];
    const cdp = await context.newCDPSession(again);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) => {
      const match = /\/assets\/([^/?]+\.(?:js|css))$/.exec(event.request.url);
      if (match) asked.push({ file: match[1]!, by: event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type });
    });
    const served = await again.goto('/orders');
    await expect(again.getByRole('heading', { level: 1 })).toHaveText(de['title.orders']);
    await again.waitForLoadState('networkidle');
    await cdp.detach();

    const byDocument = asked.filter((request) => !/\/assets\//.test(request.by)).map((request) => request.file);
    expect(byDocument, JSON.stringify(asked)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^orders-view-[\w-]+\.js$/), expect.stringMatching(/^orders-reads-[\w-]+\.js$/)]),
    );
    // the view's style sheet is in the document itself (scripts/prerender-document.ts), beside a
    // link to its file that is never fetched (scripts/inlined-sheet-link.ts): the document asks
    // for none of its style sheets (a disabled link alone was fetched in most runs)
    const html = await served!.text();
    expect(html).toMatch(new RegExp(`<style>[^<]+</style>\\s*${inlinedSheetLinkPattern('\\/assets\\/orders-view-[\\w-]+\\.css').source}`, 'u'));
    const inlined = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/gu)].map((m) => m[1]!);
    expect(inlined.length).toBeGreaterThan(1);
    expect(asked.filter((request) => inlined.includes(request.file)), JSON.stringify(asked)).toEqual([]);
    const scripts = asked.map((request) => request.file).filter((file) => file.endsWith('.js'));
    expect(scripts.filter((file, i) => scripts.indexOf(file) !== i), JSON.stringify(asked)).toEqual([]);
  });
});

test.describe('the test browser stays on this machine', () => {
  // playwright.config.ts ONLY_THIS_MACHINE: the browser resolves no name, not even `localhost`
  // (which the system resolves to this machine, and which the tests' routes let through), so
  // an outside service that no test answers (a worker's request, a bare benchmark page) fails
  // before any connection is tried
  test('a host name is not resolved; 127.0.0.1 is reached', async ({ page, baseURL }) => {
    const byName = new URL(baseURL!);
    byName.hostname = 'localhost';
    byName.pathname = '/robots.txt';
    await page.goto('/');
    const named = await page.evaluate((url) => fetch(url, { mode: 'no-cors' }).then(() => 'reached', () => 'failed'), byName.href);
    expect(named).toBe('failed');
    const here = await page.evaluate(() => fetch('/robots.txt').then((r) => r.status));
    expect(here).toBe(200);
    await expect(page.goto(byName.href)).rejects.toThrow(/ERR_NAME_NOT_RESOLVED/);
  });
});
