// The whole journey with the keyboard only — register, the six onboarding
// steps, an order, sign out — in German on a phone-sized window. Every control is reached with
// Tab (the test fails when one cannot be), operated with typing, Space, the arrow keys and
// Enter, and every stop on the way shows a visible focus indicator. The one thing not done by
// the patient is done by the pharmacy: it enters the prescriptions it received (service key).
import type { Locator, Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, focusStop, test } from './fixtures';
import { PASSWORD, randomEmail, service } from './patients';

const t = catalogues.de;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

/** Focus stops seen on the way that showed no focus indicator. */
const unseen = new Set<string>();

/** Presses Tab until one of `targets` has the focus (at most `max` presses; a page wraps around). */
async function tabTo(page: Page, targets: Locator, max = 120): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await targets.evaluateAll((els) => els.some((el) => el === document.activeElement))) return;
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop && !stop.visible) unseen.add(stop.name);
  }
  throw new Error(`not reachable with Tab: ${targets.toString()}`);
}

const typeInto = async (page: Page, field: Locator, text: string) => {
  await tabTo(page, field);
  await page.keyboard.type(text);
};
const activate = async (page: Page, target: Locator) => {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
};
const tick = async (page: Page, box: Locator) => {
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
};

/** A radio group is one tab stop: Tab into it, then the arrow keys until `choice` is checked. */
async function choose(page: Page, group: Locator, choice: Locator): Promise<void> {
  await tabTo(page, group.getByRole('radio'));
  await page.keyboard.press('Space');
  for (let i = 0; i < 10 && !(await choice.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(choice).toBeChecked();
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByText(fill(t['onboarding.stepOf'], { step, total: 6 }))).toBeVisible();
  await expect(h1(page)).toHaveText(t[`onboarding.title.${step}` as keyof typeof t]);
}
const next = (page: Page) => activate(page, page.getByRole('button', { name: t['onboarding.next'] }));

test.use({ viewport: { width: 390, height: 844 } });

test('register, onboarding, an order and sign out with the keyboard only, focus visible at every stop', async ({ page }) => {
  test.setTimeout(180_000);
  unseen.clear();
  const email = randomEmail('keyboard');

  // spec §2 registration mode
  await page.goto('/login?register=1');
  await expect(h1(page)).toHaveText(t['auth.register.heading']);
  await typeInto(page, label(page, t['auth.field.email']), email);
  await typeInto(page, label(page, t['auth.field.password']), PASSWORD);
  await typeInto(page, label(page, t['auth.field.passwordConfirmation']), PASSWORD);
  await tick(page, page.getByRole('main').getByRole('checkbox'));
  await activate(page, page.getByRole('button', { name: t['auth.register.submit'] }));

  // spec §2 Shell: the onboarding replaces the view while the setup is incomplete; it opens with
  // the setup overview and its welcome (spec §2 overview/1)
  await expect(h1(page)).toHaveText(t['title.onboarding']);
  await activate(page, page.getByRole('button', { name: t['onboarding.overview.start'] }));
  await expectStep(page, 1);
  await typeInto(page, label(page, t['profile.field.firstName']), 'Klara');
  await typeInto(page, label(page, t['profile.field.lastName']), 'Tastatur');
  // the date field's segments in de-CH order (dd.mm.yyyy), each typed in turn
  await typeInto(page, label(page, t['profile.field.birthday']), '12041958');
  const gender = page.getByRole('radiogroup').or(page.getByRole('group')).filter({ has: page.getByRole('radio', { name: t['gender.female'] }) });
  await choose(page, gender, page.getByRole('radio', { name: t['gender.female'] }));
  await next(page);

  await expectStep(page, 2);
  await typeInto(page, label(page, t['profile.field.street']), 'Rosenweg');
  await typeInto(page, label(page, t['profile.field.streetNr']), '3');
  await typeInto(page, label(page, t['profile.field.zip']), '8400');
  await typeInto(page, label(page, t['profile.field.city']), 'Winterthur');
  await typeInto(page, label(page, t['profile.field.phone']), '079 123 45 67');
  await next(page);

  await expectStep(page, 3);
  const insurer = page.getByRole('combobox', { name: t['profile.insurance.insurer'] });
  await typeInto(page, insurer, 'conc');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(insurer).toHaveValue('Concordia');
  await typeInto(page, label(page, t['profile.insurance.cardNumber']), '8075 6012 3400 1234 5678');
  await typeInto(page, label(page, t['profile.insurance.policyNumber']), 'P-4711');
  await next(page);

  await expectStep(page, 4);
  await typeInto(page, label(page, t['profile.questionnaire.weight']), '72');
  await typeInto(page, label(page, t['profile.questionnaire.size']), '168');
  for (const question of ['profile.questionnaire.hasDiagnoses', 'profile.questionnaire.hasAllergies'] as const) {
    const group = page.getByRole('group', { name: t[question] });
    await choose(page, group, group.getByRole('radio', { name: t['form.no'] }));
  }
  await next(page);

  await expectStep(page, 5);
  await tick(page, page.getByRole('checkbox', { name: t['profile.medication.generic'] }));
  await next(page);

  await expectStep(page, 6);
  const post = page.getByRole('radio', { name: new RegExp(t['sendMethod.post.title']) });
  await choose(page, page.getByRole('radiogroup').or(page.getByRole('group')).filter({ has: post }), post);
  await typeInto(page, label(page, t['sendMethod.docName']), 'Dr. Roth');
  await typeInto(page, label(page, t['sendMethod.cpgName']), 'Praxis Roth');
  await activate(page, page.getByRole('button', { name: t['sendMethod.submit'] }));
  await expect(page).toHaveURL(/\/onboarding\/finish$/);
  await expect(h1(page)).toHaveText(t['title.onboardingFinish']);

  // the pharmacy receives the prescription by post and enters two products
  const db = service();
  const { data: user } = await db.from('webshop_customers').select('id').eq('first_name', 'Klara').eq('last_name', 'Tastatur').single();
  const { data: codes } = await db.from('pharmindex').select('pharmacode, dscrd').eq('nincd', 10).order('pharmacode').limit(2);
  const expires = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  for (const { pharmacode } of codes!) {
    const { error } = await db.from('webshop_customer_medication').insert({ customer_id: user!.id, medication_id: pharmacode, dosage: [1, 0, 0, 0], expires_at: expires });
    expect(error).toBeNull();
  }

  // with prescriptions the navigation offers the order (realtime brings them); on a phone the
  // navigation sits behind its menu button
  const nav = page.getByRole('navigation', { name: t['nav.label'] });
  const menu = nav.getByRole('button', { name: t['nav.menu'] });
  await activate(page, menu);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const orderLink = nav.getByRole('link', { name: t['nav.order'], exact: true });
  await expect(orderLink).toBeVisible({ timeout: 15_000 });
  await activate(page, orderLink);
  // the address changes with the key press, the screen once its code is there (transition-address.tsx):
  // the next Tab is pressed on the new screen, as a patient who sees it
  await expect(page).toHaveURL(/\/order$/);
  await expect(h1(page)).toHaveText(t['title.order']);
  await activate(page, page.getByRole('link', { name: t['order.start.reorderButton'] }));
  await expect(page).toHaveURL(/\/order\/select$/);
  await expect(h1(page)).toHaveText(t['title.orderSelect']);
  const first = String(codes![0]!.dscrd);
  await activate(page, page.getByRole('button', { name: fill(t['amount.more'], { name: first }), exact: true }));
  await expect(page.getByRole('textbox', { name: fill(t['amount.label'], { name: first }), exact: true })).toHaveValue('1');
  await activate(page, page.getByRole('button', { name: t['order.select.continue'] }));
  await expect(page).toHaveURL(/\/order\/orderfinish$/);
  await expect(h1(page)).toHaveText(t['title.orderFinish']);
  await activate(page, page.getByRole('button', { name: t['order.finish.submit'] }));
  await expect(page).toHaveURL(/\/orders\?success=1&id=\d+$/, { timeout: 15_000 });
  await expect(h1(page)).toHaveText(t['title.orders']);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const { data: placed } = await db.from('webshop_order').select('customer_id, webshop_order_item(pharmacode, amount)').eq('id', id).single();
  expect(placed).toMatchObject({ customer_id: user!.id, webshop_order_item: [{ pharmacode: codes![0]!.pharmacode, amount: 1 }] });
  await expectNoAxeViolations(page);

  // sign out
  await activate(page, menu);
  await activate(page, nav.getByRole('button', { name: t['nav.logout'] }));
  await expect(page).toHaveURL(/\/$/);
  await expect(h1(page)).toHaveText(t['public.home.hero.title']);
  await activate(page, menu);
  await expect(nav.getByRole('link', { name: t['nav.login'] })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);

  expect([...unseen], 'focus stops without a visible focus indicator').toEqual([]);
});
