// spec §8 "Lost realtime connection: ask the user to restore the connection and reload";
// The lost-connection notice reads the sync state, appears when the connection goes and clears when
// it returns (real Chromium, the built app, the local stack of this run).
import { appFilesLoaded, backOnline, catalogues, expect, expectNoAxeViolations, pageKnowsOffline, test } from './fixtures';
import { patientWithProfile, signIn } from './patients';

const { de } = catalogues;

test('the lost-connection notice appears offline and clears when the connection returns', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel(de['auth.field.email']).fill('demo@rezeptpost.ch');
  await page.getByLabel(de['auth.field.password'], { exact: true }).fill('Demo-Rezept-2026');
  await page.getByRole('main').getByRole('button', { name: de['auth.login.submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/prescriptions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['title.prescriptions']);
  const notice = page.getByText(de['sync.connection.lost']);
  await expect(notice).toHaveCount(0);
  // the app's files all here first: one cut off by the loss would reload the page on the return
  // (the next test's case), and this one is about the notice alone
  await appFilesLoaded(page);

  await context.setOffline(true);
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(notice).toHaveCount(0, { timeout: 15_000 });
});

// The notice must not wait for the data layer: a returning patient's first screen comes from the
// stored session and the mirror, and supabase-js and Dexie load after it — if the connection goes
// while they load, their files never arrive (nor the lazy code of the sync status). The notice
// still shows; back online they load after all (Chromium keeps a failed file failed for the life
// of the page: the page is loaded anew then, reload-for-failed-code.ts), and a screen that needs
// them works.
test('offline while the data layer loads: the notice shows, and back online the data layer loads after all', async ({ page, context }) => {
  const P = await patientWithProfile('Lina', 1);
  await signIn(page, P);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const dataLayer = /\/assets\/supabase-[^/]*\.js$/;
  let dataLayerArrived = false;
  page.on('requestfinished', (request) => void (dataLayer.test(request.url()) && (dataLayerArrived = true)));
  await page.route(dataLayer, async (route) => {
    await held;
    await route.abort('internetdisconnected');
  });
  // the status's lazy code does not arrive either: the notice is in the shell's own code
  const statusCode = /\/assets\/sync-status-[^/]*\.js$/;
  await page.route(statusCode, async (route) => {
    await held;
    await route.abort('internetdisconnected');
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const notice = page.getByText(de['sync.connection.lost']);
  await expect(notice).toHaveCount(0);

  await context.setOffline(true);
  release();
  await expect(notice).toBeVisible();

  await page.unroute(dataLayer);
  await page.unroute(statusCode);
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await expect.poll(() => dataLayerArrived).toBe(true);
  // a screen that needs the data layer (the base data form reads through it) works — asked for
  // again when the page was loaded anew meanwhile (the reload comes once the server answers)
  await expect(async () => {
    await page.waitForLoadState();
    await page.evaluate(() => {
      history.pushState(null, '', '/profile/basedata');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByLabel(de['profile.field.street'])).toHaveValue('Rosenweg', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
});

// A screen opened offline whose code this page has not loaded yet cannot show: it says so. Back
// online it shows by itself (in Chromium, which keeps a failed file failed, by loading the page anew).
test('a screen whose code did not arrive offline says so, and shows by itself once the connection returns', async ({ page, context }) => {
  const P = await patientWithProfile('Noemi', 1);
  await signIn(page, P);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await pageKnowsOffline(page);
  await page.evaluate(() => history.pushState(null, '', '/profile/basedata'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await expect(page.getByRole('alert').filter({ hasText: de['app.viewFailed.title'] })).toBeVisible();
  await expectNoAxeViolations(page);

  await backOnline(context);
  await expect(page.getByLabel(de['profile.field.street'])).toHaveValue('Rosenweg');
  await expect(page).toHaveURL(/\/profile\/basedata$/);
});
