// The screenshots of the web app manifest (the richer install dialog): the built app's
// dashboard for the demo patient on a phone (390×844 CSS px at 2×: 780×1688) and on a wide
// screen (1280×800), at 08:10 in Zurich. Run `npm run screenshots`; the next build ships them.
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../../tests/e2e/patients';
import { latestZurich } from '../../tests/e2e/zurich-clock';

const SHOTS = [
  { file: 'public/screenshots/dashboard-narrow.png', width: 390, height: 844, deviceScaleFactor: 2 },
  { file: 'public/screenshots/dashboard-wide.png', width: 1280, height: 800, deviceScaleFactor: 1 },
];

for (const shot of SHOTS) {
  test(`dashboard ${shot.width}×${shot.height}`, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-CH', timezoneId: 'Europe/Zurich', viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: shot.deviceScaleFactor, serviceWorkers: 'block' });
    // nothing leaves the machine: product pictures show the placeholder, no disruption banner
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
    const page = await context.newPage();
    await page.clock.install({ time: latestZurich('08:10') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, DEMO);
    await page.setViewportSize({ width: shot.width, height: shot.height });
    await expect(page.locator('#intake-plan li[aria-current="time"] .dash-med__name').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: shot.file, animations: 'disabled' });
    await context.close();
  });
}
