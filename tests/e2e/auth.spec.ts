// Authentication end to end (spec §2 /login and /resetPassword, §4 Authentication, §5, §8):
// the built app in Chromium against the local stack of this run (port 54329, fresh database).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_STACK_URL } from '../../playwright.config';
import { DEFAULT_ANON_KEY } from '../../supabase/local/config';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';

const { de } = catalogues;
const PASSWORD = 'Rezept-Test-2026';
const DEMO = { email: 'demo@rezeptpost.ch', password: 'Demo-Rezept-2026' };

const randomEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const alert = (page: Page, id: keyof typeof de) => page.getByRole('alert').filter({ hasText: de[id] });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel(de['auth.field.email']).fill(email);
  await page.getByLabel(de['auth.field.password'], { exact: true }).fill(password);
  await page.getByRole('button', { name: de['auth.login.submit'] }).click();
}

const authHeaders = (token = DEFAULT_ANON_KEY) => ({ apikey: DEFAULT_ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

/** A patient made through the auth API (the registration form has its own test). */
async function signUpByApi(request: APIRequestContext, email: string, data: Record<string, unknown> = {}): Promise<string> {
  const answer = await request.post(`${E2E_STACK_URL}/auth/v1/signup`, {
    headers: authHeaders(),
    data: { email, password: PASSWORD, data: { language: 'de', platform: 'prescription-platform', ...data } },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

test.describe('registration and sign-in', () => {
  // spec §2 registration mode, §5 registration, §4 SIGNED_IN / SIGNED_OUT
  test('a new patient registers, signs out and signs in again', async ({ page, request }) => {
    const email = randomEmail('register');
    await page.goto('/login?register=1');
    await expect(h1(page)).toHaveText(de['auth.register.heading']);
    await expect(page.getByRole('heading', { level: 2, name: de['auth.register.benefitsTitle'] })).toBeVisible();
    await expectNoAxeViolations(page);

    // §5: nothing sent until every rule holds; the first invalid field takes the focus
    await page.getByRole('button', { name: de['auth.register.submit'] }).click();
    const emailField = page.getByLabel(de['auth.field.email']);
    await expect(emailField).toBeFocused();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toHaveAccessibleDescription(de['validation.required']);
    await expectNoAxeViolations(page);

    await emailField.fill(email);
    await page.getByLabel(de['auth.field.password'], { exact: true }).fill(PASSWORD);
    await page.getByLabel(de['auth.field.passwordConfirmation']).fill(PASSWORD);
    await page.getByRole('button', { name: de['auth.register.submit'] }).click();
    // §8 terms not accepted: the message sits on the checkbox
    const terms = page.getByRole('checkbox');
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAccessibleDescription(de['validation.acceptTerms']);
    await terms.check();
    await page.getByRole('button', { name: de['auth.register.submit'] }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const logout = page.getByRole('navigation').getByRole('button', { name: de['nav.logout'] });
    await expect(logout).toBeVisible();

    // §7 POST /signup options.data: language, platform and the localized mail subjects
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '') ?? '{}').access_token as string);
    const user = (await (await request.get(`${E2E_STACK_URL}/auth/v1/user`, { headers: authHeaders(token) })).json()) as { user_metadata: Record<string, unknown> };
    expect(user.user_metadata).toMatchObject({
      language: 'de',
      platform: 'prescription-platform',
      passwordResetSubject: de['mail.subject.passwordReset'],
      emailSubject: de['mail.subject.emailChange'],
    });

    await logout.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation').getByRole('link', { name: de['nav.login'] })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);

    await page.goto('/login');
    await expect(h1(page)).toHaveText(de['auth.login.heading']);
    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation').getByRole('button', { name: de['nav.logout'] })).toBeVisible();
  });

  // spec §8 "Other sign-up failure": an existing account gives #su02
  test('registering an existing e-mail shows #su02', async ({ page }) => {
    await page.goto('/login?register=1');
    await page.getByLabel(de['auth.field.email']).fill(DEMO.email);
    await page.getByLabel(de['auth.field.password'], { exact: true }).fill(PASSWORD);
    await page.getByLabel(de['auth.field.passwordConfirmation']).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: de['auth.register.submit'] }).click();
    await expect(alert(page, 'auth.error.su02')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?register=1$/);
  });

  // spec §2 "links switch between the modes"
  test('links switch between sign-in and registration', async ({ page }) => {
    await page.goto('/login');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: de['auth.login.toRegister'] }).click();
    await expect(page).toHaveURL(/\/login\?register=1$/);
    await expect(h1(page)).toHaveText(de['auth.register.heading']);
    await page.getByRole('link', { name: de['auth.register.toLogin'] }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(h1(page)).toHaveText(de['auth.login.heading']);
  });

  // spec §2 "A signed-in user is redirected to /dashboard" (/ and /login); the login prompt's ?next=
  test('the demo patient signs in from a protected page and comes back to it; / and /login lead on', async ({ page }) => {
    await page.goto('/prescriptions');
    await page.getByRole('main').getByRole('link', { name: de['loginPrompt.login'] }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fprescriptions$/);
    await signInThroughForm(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/prescriptions$/);
    // full profile with active prescriptions: the whole navigation
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: de['nav.orders'] })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('failed sign-in', () => {
  // spec §2 "After a failed login a counter is raised so that this notice stays visible", §8 #av02
  test('a wrong password shows #av02 and the web-shop notice stays, emphasised', async ({ page }) => {
    await page.goto('/login');
    const notice = page.locator('.shop-notice');
    await expect(notice).toContainText(de['auth.shopNotice.text']);
    await signInThroughForm(page, DEMO.email, 'not-the-password');
    await expect(alert(page, 'auth.error.av02')).toBeVisible();
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-failures', '1');
    await expect(notice.getByRole('status')).toContainText('Die Anmeldung ist fehlgeschlagen.');
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page);
  });

  // spec §7 "on sign-in, status 429 is treated separately", §8 #av00; the stack answers 429
  // after 10 failed password grants for one e-mail within 5 minutes (supabase/local/auth/README.md)
  test('repeated failures reach the rate limit: #av00', async ({ page }) => {
    const email = randomEmail('limit');
    await page.goto('/login');
    const submit = page.getByRole('button', { name: de['auth.login.submit'] });
    for (let attempt = 1; attempt <= 10; attempt++) {
      await signInThroughForm(page, email, `wrong-${attempt}`);
      await expect(page.locator('.shop-notice')).toHaveAttribute('data-failures', String(attempt));
      await expect(submit).toBeEnabled();
    }
    await signInThroughForm(page, email, 'wrong-11');
    await expect(alert(page, 'auth.error.av00')).toBeVisible();
    await expect(alert(page, 'auth.error.av00')).toContainText('#av00');
  });
});

test.describe('password reset', () => {
  // spec §2 /resetPassword, §4 "Password reset: form, then sent confirmation", §7 /recover
  // with redirect to /profile/password/reset; the mailed link signs in (PASSWORD_RECOVERY)
  test('through the mailed link to a new password, then sign-in with it', async ({ page, request }) => {
    const email = randomEmail('reset');
    await signUpByApi(request, email);

    await page.goto('/login');
    await page.getByRole('link', { name: de['auth.login.forgotPassword'] }).click();
    await expect(page).toHaveURL(/\/resetPassword$/);
    await expect(h1(page)).toHaveText(de['auth.reset.heading']);
    await expectNoAxeViolations(page);
    await page.getByLabel(de['auth.field.email']).fill(email);
    await page.getByRole('button', { name: de['auth.reset.submit'] }).click();
    await expect(page.getByRole('heading', { level: 2, name: de['auth.reset.sentTitle'] })).toBeFocused();
    await expect(page.getByRole('main')).toContainText(email);
    await expectNoAxeViolations(page);

    const mails = await request.get(`${E2E_STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
    const [mail] = (await mails.json()) as { subject: string; text: string }[];
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/u.exec(mail?.text ?? '')?.[0];
    expect(link).toContain('redirect_to=');

    await page.goto(link ?? '');
    await expect(page).toHaveURL(/\/profile\/password\/reset/);
    await expect(h1(page)).toHaveText(de['title.passwordChange']);
    await expectNoAxeViolations(page);

    // §5: at least 8 characters and equal
    await page.getByLabel(de['auth.field.newPassword'], { exact: true }).fill('short');
    await page.getByLabel(de['auth.field.passwordConfirmation']).fill('short');
    await page.getByRole('button', { name: de['auth.password.submit'] }).click();
    await expect(page.getByLabel(de['auth.field.newPassword'], { exact: true })).toHaveAccessibleDescription(`${de['auth.field.passwordHint']} ${de['validation.passwordMin']}`);
    await expectNoAxeViolations(page);

    const fresh = 'Neues-Passwort-2026';
    await page.getByLabel(de['auth.field.newPassword'], { exact: true }).fill(fresh);
    await page.getByLabel(de['auth.field.passwordConfirmation']).fill(fresh);
    await page.getByRole('button', { name: de['auth.password.submit'] }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('navigation').getByRole('button', { name: de['nav.logout'] }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await signInThroughForm(page, email, PASSWORD);
    await expect(alert(page, 'auth.error.av02')).toBeVisible();
    await signInThroughForm(page, email, fresh);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // spec §8 "does not reveal whether the e-mail exists"
  test('an unknown address gets the same sent confirmation', async ({ page }) => {
    await page.goto('/resetPassword');
    await page.getByLabel(de['auth.field.email']).fill(randomEmail('nobody'));
    await page.getByRole('button', { name: de['auth.reset.submit'] }).click();
    await expect(page.getByRole('heading', { level: 2, name: de['auth.reset.sentTitle'] })).toBeVisible();
  });
});

test.describe('forced password change', () => {
  // spec §4 "Forced password change: shown while require_pw_reset is set ... After success the flag is cleared."
  test('replaces every view until a new, different password is set', async ({ page, request }) => {
    const email = randomEmail('forced');
    await signUpByApi(request, email, { require_pw_reset: true });

    await page.goto('/login?next=%2Fprofile%2Fbasedata');
    await signInThroughForm(page, email, PASSWORD);
    await expect(h1(page)).toHaveText(de['title.passwordChange']);
    await expect(page).toHaveTitle(`Rezeptplattform - ${de['title.passwordChange']}`);
    await expectNoAxeViolations(page);
    await page.goto('/generics');
    await expect(h1(page)).toHaveText(de['title.passwordChange']);

    // §8 "error contains 'should be different'": same_password
    await page.getByLabel(de['auth.field.newPassword'], { exact: true }).fill(PASSWORD);
    await page.getByLabel(de['auth.field.passwordConfirmation']).fill(PASSWORD);
    await page.getByRole('button', { name: de['auth.password.submit'] }).click();
    await expect(alert(page, 'validation.passwordSame')).toBeVisible();

    await page.getByLabel(de['auth.field.newPassword'], { exact: true }).fill('Anderes-Passwort-2026');
    await page.getByLabel(de['auth.field.passwordConfirmation']).fill('Anderes-Passwort-2026');
    await page.getByRole('button', { name: de['auth.password.submit'] }).click();
    await expect(h1(page)).not.toHaveText(de['title.passwordChange']);
    await expect(page).toHaveURL(/\/generics$/);
    await page.reload();
    await expect(h1(page)).not.toHaveText(de['title.passwordChange']);
  });
});
