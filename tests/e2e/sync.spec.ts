// spec §8 "Lost realtime connection: ask the user to restore the connection and reload";
// The lost-connection notice reads the sync state, appears when the connection goes and clears when
// it returns (real Chromium, the built app, the local stack of this run).
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
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

  await context.setOffline(true);
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(notice).toHaveCount(0, { timeout: 15_000 });
});

// The notice must not wait for the data layer: a returning patient's first screen comes from the
// stored session and the mirror, and supabase-js and Dexie load after it — if the connection goes
// while they load, their files never arrive. The notice still shows; back online they load.
test('offline while the data layer loads: the notice shows, and back online the data layer loads after all', async ({ page, context }) => {
  const P = await patientWithProfile('Lina', 1);
  await signIn(page, P);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const dataLayer = /\/assets\/supabase-[^/]*\.js$/;
  await page.route(dataLayer, async (route) => {
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
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  // a screen that needs the data layer (the base data form reads through it) works without a reload
  await page.evaluate(() => history.pushState(null, '', '/profile/basedata'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await expect(page.getByLabel(de['profile.field.street'])).toHaveValue('Rosenweg');
});
