// issue 40: WCAG 2.2 AA beyond what axe sees, on every route of the routes table (with its query
// variants), in German and French, signed in as the demo patient (the seed's patient with a plan,
// running-low stock and orders in every status) and signed out (the paths of visit.ts
// `signedOutSample`: the other guarded ones show the same login prompt). Generated from the table:
// a new route is checked without touching this file. The routes in groups (routeGroups), one test
// and one page per group, language and kind, each route visited once, every check run on that
// visit, every dialog a route opens checked open:
// - reflow (1.4.10): 320 px wide, and a 1280 × 800 window zoomed to 400 % (a 320 × 200 CSS px
//   viewport: zoom changes the CSS px per window px, which is what layout sees; decision 0051);
// - large text: the browser's default font size at 200 % (DevTools `Page.setFontSizes`, what the
//   browser's text size setting changes; decision 0051), then reflow at 1280, 390 and 320 px
//   (1.4.4, and a phone with its text at 200 %);
// - text spacing (1.4.12): the W3C's style sheet forced, then reflow at 320 px;
// - forced colours: focus outlined at every focusable element, every SVG graphic in the forced
//   palette, nothing shown by a background colour alone; reduced motion: nothing animates or
//   transitions;
// - target size (2.5.8): 24 × 24 or spaced; navigation, dose and amount controls 44 × 44; the
//   sizes printed per route;
// - not WCAG, but visited the same way: every font strike a screen uses at 412 and 1280 px is one
//   the documents warm up (src/ui/font-strikes.ts, decision 0059).
// Every problem of a run is collected and shown at the end, so one run lists them all.
import type { Page } from '@playwright/test';
import { routePaths } from '../../src/app/route-paths';
import { catalogues, expect, test } from './fixtures';
import { unlistedFontStrikes, STRIKE_WIDTHS } from './font-strikes';
import { framesDrawn } from './frames';
import { DEMO } from './patients';
import { backgroundOnlyElements, forcedColourProblems, motionProblems, mutedColours } from './wcag/colours-motion';
import { reflowProblems } from './wcag/reflow';
import { measureTargets } from './wcag/target-size';
import { rootFontSize, setDefaultFontScale, withTextSpacing } from './wcag/text-settings';
import { signedOutSample, titleOfRoute, visit } from './wcag/visit';

const PATHS = routePaths();
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 640 };
const PHONE = { width: 390, height: 844 };
/** a 1280 × 800 window at 400 % zoom */
const ZOOMED = { width: 320, height: 200 };

/**
 * The reflow problems once the layout has settled after a change of size: measured until two
 * readings a frame apart agree (a list that renders in slices, an image that loads, may still
 * move), so a problem is reported as the patient would go on seeing it.
 */
async function settledReflowProblems(page: Page): Promise<string[]> {
  let last = await reflowProblems(page);
  for (let i = 0; i < 5; i++) {
    await framesDrawn(page);
    const now = await reflowProblems(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** Runs the checks of one screen (the page, or a dialog open on it) and answers its problems, each prefixed with `where`. */
async function checkScreen(page: Page, where: string, report: string[]): Promise<string[]> {
  const problems: string[] = [];
  const add = (what: string, found: string[]) => problems.push(...found.map((p) => `${where} ${what}: ${p}`));

  await page.setViewportSize(DESKTOP);
  const backgroundOnly = await backgroundOnlyElements(page);
  await page.emulateMedia({ forcedColors: 'active' });
  add('forced colours', await forcedColourProblems(page, backgroundOnly));
  await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'reduce' });
  add('reduced motion', await motionProblems(page));
  await page.emulateMedia({ reducedMotion: null });

  await page.setViewportSize(NARROW);
  add('at 320px', await reflowProblems(page));
  const targets = await measureTargets(page);
  report.push(`${where}: ${targets.count} targets, smallest ${targets.smallest}, ${targets.failures.length} too small`);
  add('target size', targets.failures);
  add('text spacing at 320px', await withTextSpacing(page, () => reflowProblems(page)));
  await setDefaultFontScale(page, 2);
  for (const size of [DESKTOP, PHONE, NARROW]) {
    await page.setViewportSize(size);
    add(`large text at ${size.width}px`, await settledReflowProblems(page));
  }
  await setDefaultFontScale(page, 1);

  await page.setViewportSize(ZOOMED);
  add('at 1280px zoomed 400%', await reflowProblems(page));
  return problems;
}

/** Opens each kind of dialog the page offers (one per kind of button), checks it, closes it. */
async function checkDialogs(page: Page, path: string, report: string[]): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(DESKTOP);
  const openers = page.getByRole('main').locator('[aria-haspopup="dialog"]:not([disabled])');
  const kinds = new Map<string, number>();
  for (const [i, cls] of (await openers.evaluateAll((els) => els.map((el) => el.className))).entries()) if (!kinds.has(cls)) kinds.set(cls, i);
  for (const [cls, i] of kinds) {
    const opener = openers.nth(i);
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    problems.push(...(await checkScreen(page, `${path} dialog of ${cls}`, report)));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  return problems;
}

/** Paths per test at least: a test's budget grows with its paths (ROUTE_BUDGET_MS). */
const GROUP_SIZE = 6;
/** Under the stress run's load one route's checks took up to 30 s. */
const ROUTE_BUDGET_MS = 30_000;

/**
 * The paths in groups, each checked by a test of its own (its own sign-in and time budget): the
 * paths of one first segment stay together (the order flow's steps follow /order, as a patient
 * goes), consecutive segments joined until a group holds GROUP_SIZE paths; a short last group
 * joins the one before.
 */
function routeGroups(paths: readonly string[]): string[][] {
  const segment = (path: string) => path.split(/[/?]/)[1] ?? '';
  const bySegment: string[][] = [];
  for (const path of paths) {
    const last = bySegment.at(-1);
    if (last && segment(last[0]!) === segment(path)) last.push(path);
    else bySegment.push([path]);
  }
  const groups: string[][] = [];
  for (const paths of bySegment) {
    const last = groups.at(-1);
    if (last && last.length < GROUP_SIZE) last.push(...paths);
    else groups.push([...paths]);
  }
  const tail = groups.at(-1);
  if (groups.length > 1 && tail && tail.length < GROUP_SIZE) groups.at(-2)!.push(...groups.pop()!);
  return groups;
}

async function checkRoutes(page: Page, lang: 'de' | 'fr', signedIn: boolean, paths: readonly string[]): Promise<void> {
  const titleOf = titleOfRoute(catalogues[lang], signedIn);
  const problems: string[] = [];
  const report: string[] = [];
  await setDefaultFontScale(page, 2);
  // the app's sizes follow the browser's default font size (rem, and a root size in %)
  expect(await rootFontSize(page)).toBeGreaterThan(30);
  await setDefaultFontScale(page, 1);
  for (const path of paths) {
    await page.setViewportSize(DESKTOP);
    await visit(page, `/${lang}${path}`, titleOf);
    await test.step(path, async () => {
      // decision 0059: the strikes the screen uses are those the documents warm up
      for (const width of STRIKE_WIDTHS) {
        await page.setViewportSize({ width, height: DESKTOP.height });
        problems.push(...(await unlistedFontStrikes(page)).map((strike) => `${path} at ${width}px: font strike not in src/ui/font-strikes.ts: ${strike}`));
      }
      problems.push(...(await checkScreen(page, path, report)));
      problems.push(...(await checkDialogs(page, path, report)));
    });
  }
  console.log(`target sizes, ${lang}, ${signedIn ? 'signed in' : 'signed out'}, ${paths[0]} … ${paths.at(-1)}:\n${report.join('\n')}`);
  await test.info().attach('target sizes', { body: report.join('\n'), contentType: 'text/plain' });
  expect(problems).toEqual([]);
}

/** Signs the demo patient in on the login in `lang` (the account is German: the app turns German; each visit's /fr prefix turns it back). */
async function signInDemo(page: Page, lang: 'de' | 'fr'): Promise<void> {
  const t = catalogues[lang];
  await page.goto(`/${lang}/login`);
  await page.getByLabel(t['auth.field.email']).fill(DEMO.email);
  await page.getByLabel(t['auth.field.password'], { exact: true }).fill(DEMO.password);
  await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
  await expect(page.getByRole('navigation').getByRole('button', { name: catalogues.de['nav.logout'] })).toBeVisible();
}

test('more contrast asked for: the muted greys become the text colour, the borders darker', async ({ page }) => {
  await page.goto('/de/');
  const normal = await mutedColours(page);
  await page.emulateMedia({ contrast: 'more' });
  const more = await mutedColours(page);
  expect(more.muted).toBe(more.text);
  expect(more.border).not.toBe(normal.border);
});

const GROUPS = routeGroups(PATHS.map(({ path }) => path));
/** signed out, the other guarded paths show the same login prompt (visit.ts `signedOutSample`) */
const SIGNED_OUT_GROUPS = routeGroups(signedOutSample(PATHS).map(({ path }) => path));

test('every path of the routes table is in exactly one group of the WCAG checks', () => {
  expect(GROUPS.flat()).toEqual(PATHS.map(({ path }) => path));
  expect(SIGNED_OUT_GROUPS.flat()).toEqual(signedOutSample(PATHS).map(({ path }) => path));
  expect(GROUPS.every((group) => group.length >= Math.min(GROUP_SIZE, PATHS.length))).toBe(true);
});

for (const lang of ['de', 'fr'] as const) {
  test.describe(`WCAG on every route in ${lang}`, () => {
    for (const group of SIGNED_OUT_GROUPS) {
      test(`signed out: ${group[0]} … ${group.at(-1)}`, async ({ page }) => {
        test.setTimeout(60_000 + group.length * ROUTE_BUDGET_MS);
        await page.goto(`/${lang}/`);
        await checkRoutes(page, lang, false, group);
      });
    }
    for (const group of GROUPS) {
      test(`signed in as the demo patient: ${group[0]} … ${group.at(-1)}`, async ({ page }) => {
        test.setTimeout(60_000 + group.length * ROUTE_BUDGET_MS);
        await signInDemo(page, lang);
        await checkRoutes(page, lang, true, group);
      });
    }
  });
}
