// Accessibility: axe on every route of the routes table (src/app/routes.ts), in both
// languages, signed in and signed out (signed out, the paths of visit.ts `signedOutSample`: the
// other guarded ones show the same login prompt), at desktop width and at 390 px; and no horizontal
// scrolling at 390 px or at 200 % zoom (a 1280 px window zoomed to 200 % lays out 640 CSS px);
// and, tabbing through each page, a visible focus indicator at every stop; and every id of a
// page once (issue 38: a label's `for` found another element of the same id).
// The list is generated from the table, so a new route is checked without touching this file;
// a route with a required parameter this file has no sample for fails instead of being skipped.
import type { Page } from '@playwright/test';
import { routeAt } from '../../src/app/route-at';
import { pathsOf } from '../../src/app/route-paths';
import { ROUTES } from '../../src/app/routes';
import { runAxe } from './axe';
import { catalogues, expect, expectNoAxeViolations, expectNoDuplicateIds, focusStop, test } from './fixtures';
import { patientWithProfile, service, signIn } from './patients';
import { signedOutSample, titleOfRoute, visit } from './wcag/visit';

const PATHS = ROUTES.flatMap((r) => pathsOf(r.path).map((path) => ({ path, route: r })));
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [390, 640];


async function noHorizontalScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/**
 * Tabs through the whole page and returns every stop that shows no focus indicator (outline or
 * box shadow) or has no size on screen. Focus styles do not depend on the language, so one
 * language suffices.
 */
async function stopsWithoutVisibleFocus(page: Page): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const bad: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop === null || stop.key === first) break;
    first ??= stop.key;
    if (!stop.visible) bad.push(stop.name);
  }
  return bad;
}

async function checkEveryRoute(page: Page, t: Record<string, string>, signedIn: boolean, focus = false): Promise<void> {
  const titleOf = titleOfRoute(t, signedIn);
  for (const { path } of signedIn ? PATHS : signedOutSample(PATHS)) {
    await page.setViewportSize(DESKTOP);
    await visit(page, path, titleOf);
    await test.step(`${path} at ${DESKTOP.width}px`, async () => {
      await expectNoAxeViolations(page);
      await expectNoDuplicateIds(page);
    });
    if (focus) await test.step(`${path}: focus visible at every stop`, async () => expect(await stopsWithoutVisibleFocus(page)).toEqual([]));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await test.step(`${path} at ${width}px`, async () => {
        await noHorizontalScroll(page, `${path} at ${width}px`);
        if (width === 390) await expectNoAxeViolations(page);
      });
    }
  }
}

test('the generated list holds every route of the table', () => {
  expect(new Set(PATHS.map((p) => p.route))).toEqual(new Set(ROUTES));
  expect(pathsOf('/profile/password/:reset?')).toEqual(['/profile/password', '/profile/password/reset']);
  expect(() => pathsOf('/orders/:orderId')).toThrow(/:orderId/);
  expect(routeAt('/profile/overview/2')?.path).toBe('/profile/overview/:showInfo?');
  expect(routeAt('/profile/overview')?.path).toBe('/profile/overview/:showInfo?');
  expect(routeAt('/order/select')?.path).toBe('/order/select');
  // signed out: every public path, the dashboard (the login in its place), one path of each guard
  const out = signedOutSample(PATHS);
  expect(out.filter((p) => p.route.guard === 'public')).toEqual(PATHS.filter((p) => p.route.guard === 'public'));
  expect(out.map((p) => p.path)).toContain('/dashboard');
  expect(new Set(out.map((p) => p.route.guard))).toEqual(new Set(ROUTES.map((r) => r.guard)));
  expect(out.length).toBeLessThan(PATHS.length / 2);
});

// the checks of every test run axe in the page (axe.ts): it must find what it is there to find
test('the axe check finds a field without a label and a picture without a text, in the part it is given', async ({ page }) => {
  await page.goto('/de/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // an element with the id "axe" is window.axe too: the check must still put axe in
  await page.evaluate(() => {
    const part = document.createElement('div');
    part.id = 'axe';
    part.innerHTML = '<input type="text"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
    document.querySelector('main')!.append(part);
  });
  const found = (await runAxe(page)).violations.map((v) => v.id);
  expect(found).toEqual(expect.arrayContaining(['label', 'image-alt']));
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt: img.*label: input/s);
  // a second check on the same document (axe already there) finds the same
  expect((await runAxe(page)).violations.map((v) => v.id)).toEqual(found);
  // only the part asked for: the header holds neither
  expect((await runAxe(page, { include: 'header' })).violations.map((v) => v.id)).not.toContain('label');
  await page.evaluate(() => document.getElementById('axe')!.remove());
  await expectNoAxeViolations(page);
});

for (const lang of ['de', 'fr'] as const) {
  const t = catalogues[lang];
  test.describe(`every route in ${lang}`, () => {
    test('signed out', async ({ page }) => {
      // every route at two widths: minutes on a busy machine (a stress run's 2 busy loops took it past 4)
      test.setTimeout(480_000);
      await page.goto(`/${lang}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await checkEveryRoute(page, t, false, lang === 'de');
    });

    test('signed in, setup complete', async ({ page }) => {
      test.setTimeout(480_000);
      const patient = await patientWithProfile(lang === 'de' ? 'Axel' : 'Aline', 2, lang);
      // an e-prescription sent before: /prescriptions/add lists it beside the panel (issue 38: two ids alike there)
      const summary = { id: 'rx-axe', date: '2026-01-05T09:00:00+01:00', doctor: { name: 'Dr. Anna Müller', gln: null, organisation: null }, remark: null, medicaments: [] };
      const { error } = await service().from('webshop_customer_eprescription').insert({ customer_id: patient.id, rx_id: 'rx-axe', raw: 'CHMED16A1H4sI', summary });
      expect(error).toBeNull();
      await signIn(page, patient, `/${lang}/login`, t);
      await checkEveryRoute(page, t, true, lang === 'de');
    });
  });
}
