// E-mail change of a patient with two-factor on (spec §4 "E-mail change: …
// Step 2 confirms the code. The change takes effect at next login." and "If the required
// assurance level is higher than the current one, the MFA screen is shown"). GoTrue answers the
// code with a new session of its own (aal1, amr otp); the patient's session, confirmed with the
// authenticator, must stay as it is until the next sign-in.
import type { Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { codeIn, mailsTo, patientWithTotp, randomEmail, totpCode } from './patients';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const notice = (page: Page, text: string) => page.locator('.notifications').getByRole('status').filter({ hasText: text });

async function signInWithCode(page: Page, email: string, password: string, secret: string, t: typeof catalogues.de, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel(t['auth.field.email']).fill(email);
  await page.getByLabel(t['auth.field.password'], { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
  await expect(h1(page)).toHaveText(t['title.secondFactor']);
  await page.getByLabel(t['account.code.label']).fill(totpCode(secret));
  await page.getByRole('button', { name: t['secondFactor.submit'] }).click();
  await expect(h1(page)).not.toHaveText(t['title.secondFactor']);
}

for (const lang of ['de', 'fr'] as const) {
  const t = catalogues[lang];

  test(`${lang}: confirming the mailed code keeps the confirmed sign-in; the next sign-in uses the new address and asks for the code`, async ({ page }) => {
    const patient = await patientWithTotp(lang);
    const next = randomEmail(`new-${lang}`);
    await signInWithCode(page, patient.email, patient.password, patient.secret, t, `/${lang}/login`);

    await page.goto('/profile/email');
    await expect(h1(page)).toHaveText(t['title.profileEmail']);
    await page.getByLabel(t['email.newLabel']).fill(next);
    await page.getByRole('button', { name: t['email.send'] }).click();
    await expect.poll(async () => (await mailsTo(next)).length).toBe(1);
    const [mail] = await mailsTo(next);
    await page.getByLabel(t['account.code.label']).fill(codeIn(mail));
    await page.getByRole('button', { name: t['email.confirm'] }).click();

    // the page stays, with its message; no login confirmation in between or after a reload
    await expect(notice(page, t['email.changed'])).toBeVisible();
    await expect(page.locator('main').getByText(t['email.changed'])).toBeFocused();
    await expect(h1(page)).toHaveText(t['title.profileEmail']);
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(h1(page)).toHaveText(t['title.profileEmail']);
    await page.goto('/profile/mfa');
    await expect(h1(page)).toHaveText(t['title.profileMfa']);
    await expect(page.getByText(t['mfa.enabled'])).toBeVisible();

    // the next sign-in: the new address, and the authenticator code as before
    await page.getByRole('navigation').getByRole('button', { name: t['nav.logout'] }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInWithCode(page, next, patient.password, patient.secret, t, '/login');
  });
}
