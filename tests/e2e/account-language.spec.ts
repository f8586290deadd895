// The patient's language follows them (spec §1 "Changing the language also
// updates the user's stored language", §3 webshop_customers.language): a sign-in on a device
// whose browser speaks the other language shows the account's language; a choice made there
// afterwards wins, is stored with the account (metadata and customer row), and is what the next
// sign-in on another device shows.
import type { Browser, Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { patientWithProfile, storedLanguages, type TestPatient } from './patients';

type Lang = 'de' | 'fr';

const nav = (page: Page) => page.getByRole('navigation');

/** Signs in through the form, written in the language the page shows (`shown`). */
async function signInShown(page: Page, who: TestPatient, shown: Lang): Promise<void> {
  const t = catalogues[shown];
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', shown);
  await page.getByLabel(t['auth.field.email']).fill(who.email);
  await page.getByLabel(t['auth.field.password'], { exact: true }).fill(who.password);
  await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
}

async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(nav(page).getByRole('button', { name: catalogues[lang]['nav.logout'] })).toBeVisible();
  await expect(page.getByRole('button', { name: catalogues[lang][`language.name.${lang}`] })).toHaveAttribute('aria-pressed', 'true');
}

async function newPage(browser: Browser, browserLang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: `${browserLang}-CH`, timezoneId: 'Europe/Zurich', serviceWorkers: 'block' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
  return context.newPage();
}

for (const [account, other] of [
  ['fr', 'de'],
  ['de', 'fr'],
] as const) {
  test(`an account in ${account} signs in with a ${other} browser: ${account}; switched to ${other}, stored, and the next device shows ${other}`, async ({ browser }) => {
    const patient = await patientWithProfile(account === 'fr' ? 'Amelie' : 'Annina', 0, account);

    const first = await newPage(browser, other);
    await signInShown(first, patient, other);
    await expectLanguage(first, account);
    await expect(first).toHaveURL(/\/dashboard$/);
    await expectNoAxeViolations(first);

    // a choice on this device after the sign-in wins, here and on reload, and goes to the account
    await first.getByRole('button', { name: catalogues[other][`language.name.${other}`] }).click();
    await expectLanguage(first, other);
    await expect.poll(() => storedLanguages(patient)).toEqual({ metadata: other, row: other });
    await first.reload();
    await expectLanguage(first, other);
    await expectNoAxeViolations(first);
    await first.context().close();

    // another device whose browser speaks the account's first language
    const second = await newPage(browser, account);
    await signInShown(second, patient, account);
    await expectLanguage(second, other);
    await expect(second).toHaveURL(/\/dashboard$/);
    await expectNoAxeViolations(second);
    await second.context().close();
  });
}

// a language chosen before signing in belongs to the browser (spec §1: the switch while signed
// out changes only this browser); the sign-in brings the account's
test('a choice made on the sign-in page gives way to the account at sign-in, and is not stored', async ({ page }) => {
  const patient = await patientWithProfile('Urs', 0, 'de');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Français' }).click();
  await signInShown(page, patient, 'fr');
  await expectLanguage(page, 'de');
  expect(await storedLanguages(patient)).toEqual({ metadata: 'de', row: 'de' });
});
