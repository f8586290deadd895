// What a home-screen user expects of the installed dashboard: manifest
// shortcuts (Today's plan, Reorder), screenshots for the richer install dialog, id and scope,
// Chromium's own installability verdict, "Install the app" where the browser offers it, the
// iOS Safari how-to, and the "Today's plan" shortcut landing on the plan.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import e2eConfig from '../../playwright.config';
import { catalogues, expect, test } from './fixtures';
import { DEMO, signIn, underServiceWorker } from './patients';

const { de } = catalogues;

test.use({ serviceWorkers: 'allow' });

interface Manifest {
  id: string;
  scope: string;
  start_url: string;
  shortcuts: Array<{ name: string; short_name: string; url: string; icons: Array<{ src: string; sizes: string }> }>;
  screenshots: Array<{ src: string; sizes: string; type: string; form_factor: string; label: string }>;
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer): string => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

const installSection = (page: Page) => page.getByRole('region', { name: de['dashboard.install.title'] });

test.describe('manifest of the installed app', () => {
  test('id and scope, shortcuts to today\'s plan and to reordering, screenshots narrow and wide; Chromium finds no error', async ({ page, request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(manifest).toMatchObject({ id: '/dashboard', scope: '/', start_url: '/dashboard' });
    expect(manifest.shortcuts.map((s) => [s.short_name, s.url])).toEqual([
      ['Heute', '/dashboard#intake-plan'],
      ['Nachbestellen', '/order'],
    ]);
    for (const icon of manifest.shortcuts.flatMap((s) => s.icons)) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

    // the richer install dialog: one narrow and one wide screenshot, each the size it claims
    expect(manifest.screenshots.map((s) => s.form_factor)).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const file = await request.get(shot.src);
      expect(file.status(), shot.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(pngSize(await file.body()), shot.src).toBe(shot.sizes);
      expect(shot.label).toBeTruthy();
      const [w = 0, h = 0] = shot.sizes.split('x').map(Number);
      // Chromium shows screenshots of 320..3840 px whose sides differ at most 2.3 times
      expect(Math.min(w, h)).toBeGreaterThanOrEqual(320);
      expect(Math.max(w, h) / Math.min(w, h)).toBeLessThanOrEqual(2.3);
      expect(shot.form_factor === 'wide' ? w > h : h > w).toBe(true);
    }

    await page.goto('/dashboard');
    await underServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
    expect(parsed.errors).toEqual([]);
    // the screenshots are not precached (no patient needs them offline)
    const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)))).flat());
    expect(cached.filter((u) => u.includes('/screenshots/'))).toEqual([]);
  });

  // A Playwright context is off the record, where Chromium never offers installation: a real profile here.
  test('installable in a real Chromium profile: the browser offers it and the dashboard shows "Install the app"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rezeptpost-profile-'));
    const use = e2eConfig.use ?? {};
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: use.launchOptions?.executablePath,
      args: [...(use.launchOptions?.args ?? []), '--bypass-app-banner-engagement-checks'],
      baseURL: use.baseURL,
      locale: 'de-CH',
      timezoneId: 'Europe/Zurich',
      serviceWorkers: 'allow',
    });
    try {
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, DEMO);
      await underServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      await expect(installSection(page).getByRole('button', { name: de['dashboard.install.button'] })).toBeVisible({ timeout: 15_000 });
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('install offer on the dashboard', () => {
  test('"Install the app" prompts with the browser\'s offer once, and goes once installed', async ({ page }) => {
    await signIn(page, DEMO);
    await expect(page.getByRole('region', { name: de['dashboard.plan.title'] })).toBeVisible();
    await expect(installSection(page)).toHaveCount(0);
    // the browser's offer (Chromium fires it once the app is installable; off the record it never does)
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      (window as unknown as { promptCalls: number }).promptCalls = 0;
      Object.assign(offer, {
        prompt: async () => void ((window as unknown as { promptCalls: number }).promptCalls += 1),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    const button = installSection(page).getByRole('button', { name: de['dashboard.install.button'] });
    await button.click();
    expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(installSection(page).getByText(de['dashboard.install.done'])).toBeVisible();
  });

  test.describe('on an iPhone', () => {
    test.use({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    test('the how-to: share, add to the home screen', async ({ page }) => {
      await page.setViewportSize({ width: 1024, height: 800 });
      await signIn(page, DEMO);
      await page.setViewportSize({ width: 390, height: 844 });
      const install = installSection(page);
      await expect(install.getByRole('heading', { level: 3, name: de['dashboard.install.ios.title'] })).toBeVisible();
      await expect(install.getByRole('listitem')).toHaveText([de['dashboard.install.ios.step1'], de['dashboard.install.ios.step2'], de['dashboard.install.ios.step3']]);
      await expect(install.getByRole('button')).toHaveCount(0);
    });
  });
});

test.describe('home-screen shortcut', () => {
  test('"Today\'s plan" opens the dashboard at the plan, which has the focus', async ({ page }) => {
    await signIn(page, DEMO);
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/dashboard#intake-plan');
    const plan = page.getByRole('region', { name: de['dashboard.plan.title'] });
    await expect(plan).toBeFocused();
    await expect(plan).toBeInViewport();
  });
});
