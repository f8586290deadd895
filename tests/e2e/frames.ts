import type { Page } from '@playwright/test';

/** How long one wait for two frames may take before the viewport is set again. */
const FRAME_WAIT_MS = 5_000;
const NUDGES = 3;

/**
 * Two animation frames of the page: every wait of the suite for a frame goes through here (a unit
 * test, tests/unit/e2e-frame-waits.test.ts, keeps bare `requestAnimationFrame` waits out of
 * tests/e2e). Under the stress run's load (two busy loops), headless Chromium drew no frame for
 * minutes after viewport changes: twice in the WCAG pass (`wcag-routes.spec.ts`; the failed
 * test's trace held no screencast frame after the change to 1280 × 800, while the page's scripts
 * and Playwright's calls went on), once in the accessibility pass (`axe-routes.spec.ts`; after
 * 640 back to 1280 px and a change of route, the wait before reading the focus after a Tab), so a
 * wait for `requestAnimationFrame` waited out the test's whole budget. The page's own timers still
 * run then: after 5 s without the frames, the viewport is set again (a pixel taller, then back:
 * the browser sends the page new sizes), up to three times, each said in the test's output; then
 * the test fails, saying the browser drew no frame, instead of running out of time.
 */
export async function framesDrawn(page: Page): Promise<void> {
  for (let nudge = 0; ; nudge++) {
    const drawn = await page.evaluate(
      (ms) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ms);
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              clearTimeout(timer);
              resolve(true);
            }),
          );
        }),
      FRAME_WAIT_MS,
    );
    if (drawn) {
      if (nudge > 0) console.log(`${new URL(page.url()).pathname}: frames again after ${nudge} new viewport size(s)`);
      return;
    }
    const size = page.viewportSize();
    if (nudge === NUDGES || !size) throw new Error(`${new URL(page.url()).pathname}: the browser drew no frame for ${((nudge + 1) * FRAME_WAIT_MS) / 1000} s`);
    console.log(`${new URL(page.url()).pathname}: no frame for ${FRAME_WAIT_MS / 1000} s, the viewport set again`);
    await page.setViewportSize({ width: size.width, height: size.height + 1 });
    await page.setViewportSize(size);
  }
}
