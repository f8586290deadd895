// spec §8 "Lost realtime connection: ask the user to restore the connection and reload";
// The lost-connection notice reads the sync state, appears when the connection goes and clears when
// it returns (real Chromium, the built app, the local stack of this run).
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';

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
