// Account end to end (spec §2 /profile/mfa, /profile/email and the login confirmation, §4
// Authentication, §1 language, §8): the built app in Chromium against the local stack of this
// run (port 54329, fresh database). Codes come from the secret shown on screen (TOTP) and from
// the stack's mailbox.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_STACK_URL } from '../../playwright.config';
import { DEFAULT_ANON_KEY } from '../../supabase/local/config';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';

const { de, fr } = catalogues;
const PASSWORD = 'Rezept-Test-2026';

const randomEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const notice = (page: Page, role: 'alert' | 'status', text: string) => page.locator('.notifications').getByRole(role).filter({ hasText: text });
const fill = (text: string, values: Record<string, string>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), text);

async function signUpByApi(request: APIRequestContext, email: string): Promise<void> {
  const answer = await request.post(`${E2E_STACK_URL}/auth/v1/signup`, {
    headers: { apikey: DEFAULT_ANON_KEY, Authorization: `Bearer ${DEFAULT_ANON_KEY}`, 'Content-Type': 'application/json' },
    data: { email, password: PASSWORD, data: { language: 'de' } },
  });
  expect(answer.ok()).toBe(true);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(de['auth.field.email']).fill(email);
  await page.getByLabel(de['auth.field.password'], { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: de['auth.login.submit'] }).click();
}

async function signOut(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: de['nav.logout'] }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: de['nav.login'] })).toBeVisible();
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  return (await (await request.get(`${E2E_STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as Mail[];
}

const codeIn = (mail: Mail | undefined) => /: (\d{6})$/m.exec(mail?.text ?? '')?.[1] ?? '';

/** The current code of the factor whose secret the page shows (blocks of 4 allowed). */
const totpCode = (secret: string, offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp: Date.now() + offsetMs });

test.describe('two-factor authentication', () => {
  // spec §4 Two-factor; §2 "If the session needs a second factor, the MFA screen is shown instead of the routed view."
  test('enable with the shown secret, confirm the next sign-in with a code, disable', async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = randomEmail('mfa');
    await signUpByApi(request, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile/mfa');
    await expect(h1(page)).toHaveText(de['title.profileMfa']);
    const qr = page.getByRole('img', { name: de['mfa.qrAlt'] });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const grouped = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    expect(grouped).toMatch(/^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/);
    await expectNoAxeViolations(page);

    // a wrong code: not activated, with the provider's message (spec §8)
    const code = page.getByLabel(de['account.code.label']);
    const right = totpCode(grouped);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: de['mfa.activate'] }).click();
    await expect(notice(page, 'alert', fill(de['mfa.error.notActivated'], { message: 'Invalid TOTP code entered' }))).toBeVisible();
    await expect(code).toBeFocused();
    await expectNoAxeViolations(page);

    await code.fill(totpCode(grouped));
    await page.getByRole('button', { name: de['mfa.activate'] }).click();
    await expect(notice(page, 'status', de['mfa.activated'])).toBeVisible();
    await expect(page.getByText(de['mfa.enabled'])).toBeVisible();
    await expectNoAxeViolations(page);

    // the next sign-in asks for the second factor, whatever page is asked for
    await signOut(page);
    await signIn(page, email);
    await expect(h1(page)).toHaveText(de['title.secondFactor']);
    await expect(page).toHaveTitle(`Rezeptplattform - ${de['title.secondFactor']}`);
    await page.goto('/profile/email');
    await expect(h1(page)).toHaveText(de['title.secondFactor']);
    const field = page.getByLabel(de['account.code.label']);
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoAxeViolations(page);

    await field.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: de['secondFactor.submit'] }).click();
    await expect(notice(page, 'alert', de['secondFactor.error.at03'])).toBeVisible();
    await expect(field).toHaveValue('');
    await expectNoAxeViolations(page);

    await field.fill(totpCode(grouped));
    await page.getByRole('button', { name: de['secondFactor.submit'] }).click();
    await expect(h1(page)).toHaveText(de['title.profileEmail']);

    // disable: confirm first, then every factor goes and a new set-up shows
    await page.goto('/profile/mfa');
    await page.getByRole('button', { name: de['mfa.disable'] }).click();
    await expect(page.getByRole('group', { name: de['mfa.disable.question'] })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: de['mfa.disable.confirm'] }).click();
    await expect(notice(page, 'status', de['mfa.disabled'])).toBeVisible();
    await expect(page.getByRole('img', { name: de['mfa.qrAlt'] })).toBeVisible();

    // and the next sign-in needs no code
    await signOut(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(h1(page)).not.toHaveText(de['title.secondFactor']);
  });
});

test.describe('e-mail change', () => {
  // spec §4 "E-mail change: step 1 submits the new e-mail and a 6-digit code is sent to it, and a
  // code field appears. Step 2 confirms the code. The change takes effect at next login."
  test('a code mailed to the new address changes it; the next sign-in uses it', async ({ page, request }) => {
    const email = randomEmail('old');
    const taken = randomEmail('taken');
    const next = randomEmail('new');
    await signUpByApi(request, email);
    await signUpByApi(request, taken);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile/email');
    await expect(h1(page)).toHaveText(de['title.profileEmail']);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(de['email.nextLogin'])).toBeVisible();
    await expectNoAxeViolations(page);

    // §5 valid e-mail; §8 422 duplicate
    const address = page.getByLabel(de['email.newLabel']);
    await address.fill('anna@');
    await page.getByRole('button', { name: de['email.send'] }).click();
    await expect(address).toHaveAccessibleDescription(de['validation.email']);
    await address.fill(taken);
    await page.getByRole('button', { name: de['email.send'] }).click();
    await expect(notice(page, 'alert', de['email.error.exists'])).toBeVisible();
    await expect(address).toHaveAccessibleDescription(de['email.error.exists']);
    await expectNoAxeViolations(page);

    await address.fill(next);
    await page.getByRole('button', { name: de['email.send'] }).click();
    await expect(notice(page, 'status', fill(de['email.codeSent'], { email: next }))).toBeVisible();
    const code = page.getByLabel(de['account.code.label']);
    await expect(code).toBeFocused();
    await expectNoAxeViolations(page);

    await expect.poll(async () => (await mailsTo(request, next)).length).toBe(1);
    const [mail] = await mailsTo(request, next);
    expect(mail?.subject).toBe(de['mail.subject.emailChange']);
    const mailed = codeIn(mail);
    expect(mailed).toMatch(/^\d{6}$/);

    await code.fill(mailed === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: de['email.confirm'] }).click();
    await expect(notice(page, 'alert', de['email.error.wrongCode'])).toBeVisible();
    await expectNoAxeViolations(page);

    await code.fill(mailed);
    await page.getByRole('button', { name: de['email.confirm'] }).click();
    await expect(notice(page, 'status', de['email.changed'])).toBeVisible();
    await expect(page.locator('main').getByText(de['email.changed'])).toBeFocused();
    await expectNoAxeViolations(page);

    await signOut(page);
    await signIn(page, next);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('language of the account mails', () => {
  // spec §1 "Changing the language also updates the user's stored language and the localized
  // subjects of the password-reset and other account e-mails."
  test('switching to French while signed in makes the next reset mail French', async ({ page, request }) => {
    const email = randomEmail('lang');
    await signUpByApi(request, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // the choice is stored with the account
    const asPatient = async (path: string) => {
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('-auth-token')) ?? '') ?? '{}').access_token as string);
      return (await request.get(`${E2E_STACK_URL}${path}`, { headers: { apikey: DEFAULT_ANON_KEY, Authorization: `Bearer ${token}` } })).json() as Promise<unknown>;
    };
    await expect
      .poll(async () => ((await asPatient('/auth/v1/user')) as { user_metadata: Record<string, unknown> }).user_metadata)
      .toMatchObject({ language: 'fr', passwordResetSubject: fr['mail.subject.passwordReset'], emailSubject: fr['mail.subject.emailChange'] });

    // the choice is also queued for the customer row (spec §3 webshop_customers.language): the
    // outbox's code loads first, so the row may be queued after the metadata is stored, and
    // sign-out asks first while it waits; the test signs out once the row has it
    await expect.poll(() => asPatient('/rest/v1/webshop_customers?select=language')).toEqual([{ language: 'fr' }]);
    await expect(page.locator('.sync-pending')).toHaveCount(0);
    await page.getByRole('navigation').getByRole('button', { name: fr['nav.logout'] }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/resetPassword');
    await expect(h1(page)).toHaveText(fr['auth.reset.heading']);
    await page.getByLabel(fr['auth.field.email']).fill(email);
    await page.getByRole('button', { name: fr['auth.reset.submit'] }).click();
    await expect(page.getByRole('heading', { level: 2, name: fr['auth.reset.sentTitle'] })).toBeVisible();
    await expect.poll(async () => (await mailsTo(request, email))[0]?.subject).toBe(fr['mail.subject.passwordReset']);
  });

  test('signed out, the switch changes only this browser', async ({ page, request }) => {
    const email = randomEmail('local');
    await signUpByApi(request, email);
    await page.goto('/');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/resetPassword');
    await page.getByLabel(fr['auth.field.email']).fill(email);
    await page.getByRole('button', { name: fr['auth.reset.submit'] }).click();
    await expect(page.getByRole('heading', { level: 2, name: fr['auth.reset.sentTitle'] })).toBeVisible();
    // the account still says German
    await expect.poll(async () => (await mailsTo(request, email))[0]?.subject).toBe('Passwort zurücksetzen');
  });
});
