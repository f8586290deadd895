// The installable, offline-capable shell (docs/architecture.md: "an installable, offline-capable
// React PWA"; spec §2 shell, §7 "Other"): the built app's service worker in real Chromium.
// Every test has a fresh browser context, so each starts with a first install.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { E2E_STACK_PORT } from '../../playwright.config';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';

const { de, fr } = catalogues;

test.use({ serviceWorkers: 'allow' });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Waits for the first install; with clients.claim() the worker then controls this page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every request URL held in Cache Storage, per cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => r.url);
    }
    return out;
  });
}

test.describe('service worker', () => {
  test('installs, controls the page, precaches the shell, every chunk and both languages, and says so once', async ({ page }) => {
    await page.goto('/generics');
    await expect(h1(page)).toHaveText(de['public.generics.heading']);
    await waitForServiceWorker(page);
    // the first install in a browser tab says nothing (issue 22: the bubble covered the login);
    // "stored on this device" comes once the app is installed (Chromium fires appinstalled)
    await expect(page.getByText(de['pwa.offlineReady'])).toHaveCount(0);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(page.getByRole('status').filter({ hasText: de['pwa.offlineReady'] })).toBeVisible();

    await page.reload();
    await expect(h1(page)).toHaveText(de['public.generics.heading']);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    // not a first install any more: no second "ready" notice
    await page.waitForTimeout(500);
    await expect(page.getByText(de['pwa.offlineReady'])).toHaveCount(0);

    const urls = Object.entries(await cachedUrls(page))
      .filter(([name]) => name.includes('precache'))
      .flatMap(([, list]) => list.map((u) => new URL(u).pathname));
    expect(urls).toContain('/index.html');
    expect(urls).toContain('/manifest.webmanifest');
    expect(urls).toContain('/images/product-placeholder.png');
    expect(urls.some((u) => /^\/assets\/de-[\w-]+\.js$/.test(u))).toBe(true);
    expect(urls.some((u) => /^\/assets\/fr-[\w-]+\.js$/.test(u))).toBe(true);
    // route chunks (lazily loaded views) are there before they are first visited
    expect(urls.some((u) => /^\/assets\/login-view-[\w-]+\.js$/.test(u))).toBe(true);
    expect(urls.some((u) => /^\/assets\/home-view-[\w-]+\.js$/.test(u))).toBe(true);
    // the e-prescription scanner's QR decoder, WebAssembly included: offline, and never from a CDN
    expect(urls.some((u) => /^\/assets\/zxing_reader-[\w-]+\.wasm$/.test(u))).toBe(true);
  });

  test('offline, a public page and a protected route open from the cache, in German and in French', async ({ page, context }) => {
    await page.goto('/generics');
    await expect(h1(page)).toHaveText(de['public.generics.heading']);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(h1(page)).toHaveText(de['public.generics.heading']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // a protected route's shell (signed out: the login prompt), never visited online
    await page.goto('/orders');
    await expect(h1(page)).toHaveText(de['loginPrompt.title']);

    // French: the other catalogue comes from the precache too
    await page.goto('/fr/prescriptions');
    await expect(page).toHaveURL(/\/prescriptions$/);
    await expect(h1(page)).toHaveText(fr['loginPrompt.title']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/generics');
    await expect(h1(page)).toHaveText(fr['public.generics.heading']);
    await context.setOffline(false);
  });

  test('Supabase API calls go to the network and never into the cache', async ({ page }) => {
    const api: Array<{ url: string; fromServiceWorker: boolean }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).port === String(E2E_STACK_PORT)) api.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
    });
    await page.goto('/login');
    await waitForServiceWorker(page);
    await page.reload();
    await expect(h1(page)).toBeVisible();
    // the demo patient signs in: auth, PostgREST (and realtime) calls while the worker controls the page
    await page.getByLabel(de['auth.field.email']).fill('demo@rezeptpost.ch');
    await page.getByLabel(de['auth.field.password'], { exact: true }).fill('Demo-Rezept-2026');
    await page.getByRole('button', { name: de['auth.login.submit'] }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect.poll(() => api.some((r) => r.url.includes('/auth/v1/token'))).toBe(true);
    await expect.poll(() => api.some((r) => r.url.includes('/rest/v1/'))).toBe(true);
    expect(api.filter((r) => r.fromServiceWorker)).toEqual([]);

    const all = Object.values(await cachedUrls(page)).flat();
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((u) => new URL(u).port === String(E2E_STACK_PORT) || /\/(auth|rest|functions|realtime)\/v1\//.test(u))).toEqual([]);
  });

  test('product pictures are cached (cache-first) and show offline; an unknown one offline gets the placeholder', async ({ page, context }) => {
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    let served = 0;
    let reachable = true;
    // the default image host (VITE_PRODUCT_IMAGE_HOST unset), answered here
    await context.route(/documedis\.hcisolutions\.ch\/2020-01\/api\/products\/image\//, (route) => {
      if (!reachable) return route.abort('internetdisconnected');
      served += 1;
      return route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: PNG });
    });
    await page.goto('/generics');
    await waitForServiceWorker(page);

    const load = (src: string) =>
      page.evaluate(
        (url) =>
          new Promise<{ ok: boolean; width: number }>((resolve) => {
            const img = new Image();
            img.onload = () => resolve({ ok: true, width: img.naturalWidth });
            img.onerror = () => resolve({ ok: false, width: 0 });
            img.src = url;
          }),
        src,
      );
    const picture = 'https://documedis.hcisolutions.ch/2020-01/api/products/image/PICFRONT3D/Pharmacode/712345/150';
    expect(await load(picture)).toEqual({ ok: true, width: 1 });
    await expect.poll(async () => (await cachedUrls(page))['product-images'] ?? []).toContain(picture);
    expect(served).toBe(1);
    // cache-first: online too, the second showing asks the host nothing
    expect(await load(picture)).toEqual({ ok: true, width: 1 });
    expect(served).toBe(1);

    await context.setOffline(true);
    reachable = false;
    expect(await load(picture)).toEqual({ ok: true, width: 1 });
    // not cached and offline: the placeholder (a 500 px square PNG) instead of a broken image
    const other = await load('https://documedis.hcisolutions.ch/2020-01/api/products/image/PICFRONT/Pharmacode/767890/500');
    expect(other.ok).toBe(true);
    expect(other.width).toBe(500);
    await context.setOffline(false);
  });
  // the URLs name pharmacodes (medical data): only answers known to be pictures are kept
  test('only verified pictures are cached: a 404 is not kept', async ({ page, context }) => {
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await context.route(/documedis\.hcisolutions\.ch\/2020-01\/api\/products\/image\//, (route) => {
      const url = route.request().url();
      if (url.includes('/111111/')) return route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' }, body: '' });
      return route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: PNG });
    });
    await page.goto('/generics');
    await waitForServiceWorker(page);
    const base = 'https://documedis.hcisolutions.ch/2020-01/api/products/image/PICFRONT3D/Pharmacode';
    const load = (src: string) =>
      page.evaluate((url) => new Promise<boolean>((resolve) => Object.assign(new Image(), { onload: () => resolve(true), onerror: () => resolve(false), src: url })), src);
    expect(await load(`${base}/111111/150`)).toBe(false);
    expect(await load(`${base}/333333/150`)).toBe(true);
    await expect.poll(async () => (await cachedUrls(page))['product-images'] ?? []).toEqual([`${base}/333333/150`]);
  });
});

test.describe('disruption post', () => {
  // spec §2 disruption banner; network-first, 3 s timeout, then the last answer from the cache
  test('a slow network shows the last post from the cache after 3 s', async ({ page, context }) => {
    let text = 'Lieferungen heute verzögert';
    let delayMs = 0;
    await context.route(/rezeptpost\.ch\/wp-json/, async (route) => {
      const body = JSON.stringify([{ content: { rendered: `<p>${text}</p>` } }]);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body }).catch(() => undefined);
    });
    await page.goto('/generics');
    await waitForServiceWorker(page);
    await page.reload();
    const banner = page.getByRole('complementary', { name: de['disruption.label'] });
    await expect(banner).toHaveText(/Lieferungen heute verzögert/);
    await expect
      .poll(async () => ((await cachedUrls(page))['disruption-post'] ?? []).some((u) => u.includes('stoerung-de')))
      .toBe(true);

    // the site answers only after 6 s (the page gives up after 5 s): the worker answers from its cache after 3 s
    text = 'Neuer Text, zu spät';
    delayMs = 6000;
    await page.reload();
    await expect(banner).toHaveText(/Lieferungen heute verzögert/, { timeout: 4500 });
  });
});

test.describe('updates', () => {
  const SW_FILE = fileURLToPath(new URL('../../dist/sw.js', import.meta.url));

  test('a new version waits for the user: the notice stays, "reload" activates it and reloads the page', async ({ page }) => {
    await page.clock.install();
    await page.goto('/generics');
    await waitForServiceWorker(page);
    await page.reload();
    await expect(h1(page)).toHaveText(de['public.generics.heading']);

    // the next build: the same worker with other bytes. The browser fetches a worker's script
    // itself (no page route sees it), so the served file changes; `vite preview` reads it per request.
    // It stays served until the end: the reload's navigation checks for an update too, and the
    // old bytes back would be a third version, waiting again
    const original = readFileSync(SW_FILE);
    writeFileSync(SW_FILE, Buffer.concat([original, Buffer.from(`\n// next build ${Date.now()}\n`)]));
    try {
      // coming back to the window checks for an update (at most once a minute)
      await page.clock.fastForward('01:05');
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null), { timeout: 15_000 })
        .toBe(true);

      const notice = page.getByRole('region', { name: de['pwa.update.text'] });
      await expect(notice).toBeVisible();
      await expectNoAxeViolations(page);
      // persistent, unlike the bubbles that vanish after 3.5 s
      await page.clock.fastForward(5000);
      await expect(notice).toBeVisible();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      // A worker that called skipWaiting activates once the old worker has no work, and Chromium
      // stops an idle old worker at once for it. A worker with DevTools attached (Playwright
      // attaches to every worker) never reports idle, so here the activation waited until the page
      // left (the reload fallback) and the page's navigation then hung in that race. The test stops
      // the old worker as the browser would (again if a message from the page woke it).
      const cdp = await page.context().newCDPSession(page);
      const versions = new Map<string, { status: string; runningStatus: string }>();
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => updated.forEach((v) => versions.set(v.versionId, v)));
      await cdp.send('ServiceWorker.enable');
      let reloaded = false;
      const load = page.waitForEvent('load').then(() => (reloaded = true));
      await notice.getByRole('button', { name: de['pwa.update.reload'] }).click();
      await expect
        .poll(async () => {
          const waiting = [...versions.values()].some((v) => v.status === 'installed');
          for (const [versionId, v] of versions) {
            if (waiting && v.status === 'activated' && v.runningStatus === 'running') await cdp.send('ServiceWorker.stopWorker', { versionId }).catch(() => undefined);
          }
          return reloaded;
        }, { timeout: 20_000 })
        .toBe(true);
      await load;
      await cdp.detach();
      await expect(h1(page)).toHaveText(de['public.generics.heading']);
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      await expect(notice).toHaveCount(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(page.getByText(de['pwa.offlineReady'])).toHaveCount(0);
    } finally {
      writeFileSync(SW_FILE, original);
    }
  });
});

test.describe('web app manifest', () => {
  test('is linked, valid and installable', async ({ page, request }) => {
    await page.goto('/generics');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const answer = await request.get('/manifest.webmanifest');
    expect(answer.status()).toBe(200);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      id: string;
      lang: string;
      theme_color: string;
      background_color: string;
      categories: string[];
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Rezeptpost',
      short_name: 'Rezeptpost',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      lang: 'de-CH',
      categories: ['medical', 'health'],
    });
    expect(manifest.id).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icon = (sizes: string, purpose: string) => manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(icon('192x192', 'any')).toBeTruthy();
    expect(icon('512x512', 'any')).toBeTruthy();
    expect(icon('512x512', 'maskable')).toBeTruthy();
    for (const { src } of manifest.icons) {
      const file = await request.get(src);
      expect(file.status(), src).toBe(200);
      expect(file.headers()['content-type'], src).toBe('image/png');
    }

    // Chromium's own reading: no manifest errors, and installable once the worker controls the page
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // a Playwright context is an off-the-record profile, which Chromium never offers to install
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});
