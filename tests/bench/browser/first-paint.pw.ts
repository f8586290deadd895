// Issue 23: every signed-in route starts as the dashboard does — a returning patient's first paint
// shows the route's own screen with its data, read ahead from the mirror (RouteDef.readAhead), no
// spinner before it, and the data layer takes over after it without a spinner or a shift. The
// routes come from the routes table (as for the axe test and `npm run lighthouse`). A figure,
// not a gate: some starts still show a spinner for a moment (a race between the read ahead and
// the data layer's takeover, not yet found), so this prints, per route, how many of its starts
// did, and when.
import { routePaths } from '../../../src/app/route-paths';
import { catalogues, expect, test } from '../../e2e/fixtures';
import { DEMO, signIn, underServiceWorker } from '../../e2e/patients';

const { de } = catalogues;
// the installed app: its files from the service worker
test.use({ serviceWorkers: 'allow' });
// the two-factor screen lists the factors the auth service holds (nothing of it is mirrored)
const ASKS_THE_AUTH_SERVICE = new Set(['/profile/mfa']);
const SIGNED_IN = routePaths().filter((r) => r.route.guard !== 'public' && !ASKS_THE_AUTH_SERVICE.has(r.path));
const STARTS = Number(process.env.BENCH_FIRST_PAINT_STARTS ?? 3);

interface Start {
  /** a spinner in the main area before the screen's heading: where, and when */
  before: string | null;
  /** a spinner in the main area after it, while the data layer took over */
  after: string | null;
  /** the sum of the layout shifts without input */
  shift: number;
}

test('returning starts of every signed-in route: spinners before and after the first screen, layout shift', async ({ context, page }) => {
  test.setTimeout(60_000 + SIGNED_IN.length * STARTS * 8_000);
  await signIn(page, DEMO);
  await underServiceWorker(page);
  // in the middle of an order: one pack chosen, so the order flow's review steps show
  await page.goto('/order/select');
  await page.getByRole('button', { name: /^Eine Packung mehr/ }).first().click();
  await expect(page.locator('.amount__input').first()).not.toHaveValue('0');
  await page.close();

  await context.addInitScript(() => {
    const w = window as unknown as { __start: Start };
    w.__start = { before: null, after: null, shift: 0 };
    let shown = false;
    new MutationObserver(() => {
      const spinner = document.querySelector('main .spinner');
      const where = spinner && `${spinner.parentElement?.className || spinner.parentElement?.tagName} at ${Math.round(performance.now())} ms`;
      if (where && !shown) w.__start.before ??= where;
      if (where && shown) w.__start.after ??= where;
      shown ||= document.querySelector('main h1') !== null;
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__start.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

  const lines: string[] = [];
  for (const { path } of SIGNED_IN) {
    const starts: Start[] = [];
    for (let i = 0; i < STARTS; i++) {
      const tab = await context.newPage();
      await tab.goto(path);
      await expect(tab.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(tab.getByRole('navigation').getByRole('button', { name: de['nav.logout'] })).toBeEnabled();
      await tab.waitForLoadState('networkidle');
      starts.push(await tab.evaluate(() => (window as unknown as { __start: Start }).__start));
      await tab.close();
    }
    const before = starts.filter((s) => s.before);
    const after = starts.filter((s) => s.after);
    lines.push(
      `${path.padEnd(28)} spinner before the screen ${before.length}/${STARTS}${before.length ? ` (${before[0]!.before})` : ''}, during the takeover ${after.length}/${STARTS}${after.length ? ` (${after[0]!.after})` : ''}, CLS max ${Math.max(...starts.map((s) => s.shift)).toFixed(3)}`,
    );
  }
  console.log(`\nreturning starts, ${STARTS} per route, service worker in control:\n${lines.join('\n')}`);
});
