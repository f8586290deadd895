// Issue 41 items 3 and 5: a daughter helps her father on her own phone, in the app. He invites her
// by code on his phone, she accepts on hers, switches to him in the top bar, ticks off his dose and
// reorders his medication: his phone shows both by her name. Offline she unticks it (queued on her phone); he removes her; back
// online her phone drops his mirror with the queued change and says why, and the server never got it.
// Two browsers, each signed in with its own account; the app on both sides.
import type { Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { deleteOrders, newPatientIn, patientWithProfile, service, signIn, withItsFiles } from './patients';
import { latestZurich } from './zurich-clock';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The names of this origin's IndexedDB databases. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

for (const lang of ['de', 'fr'] as const) {
  test(`${lang}: invited by code, the helper switches to the person, ticks a dose he sees by her name; removed, her phone drops his data`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const t = catalogues[lang];
    const walter = await patientWithProfile('Walter', 1, lang);
    const anna = await newPatientIn(lang, 'Anna');
    const at = latestZurich('08:30');

    // his phone: an invitation that lets her see the plan, tick doses and order, shown as a code
    await page.clock.install({ time: at });
    await signIn(page, walter, `/${lang}/login`, t);
    await page.goto(`/${lang}/profile/helpers`);
    await page.getByRole('checkbox', { name: t['caregivers.right.tick'] }).check();
    await page.getByRole('checkbox', { name: t['caregivers.right.order'] }).check();
    await page.getByRole('button', { name: t['caregivers.invite.submit'] }).click();
    const code = (await page.locator('.caregiver-code__text').textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const dose = page.getByRole('region', { name: t['dashboard.plan.title'] }).locator('li[aria-current="time"] .dose-row');

    const orders: number[] = [];
    const annasContext = await browser.newContext({ locale: lang === 'fr' ? 'fr-CH' : 'de-CH', timezoneId: 'Europe/Zurich' });
    try {
      const phone = await annasContext.newPage();
      await phone.clock.install({ time: at });
      await signIn(phone, anna, `/${lang}/login`, t);
      await phone.goto(`/${lang}/profile/helpers`);
      await phone.getByLabel(t['caregivers.accept.code']).fill(code);
      await phone.getByLabel(t['caregivers.accept.name']).fill('Anna');
      await phone.getByRole('button', { name: t['caregivers.accept.submit'] }).click();
      await expect(phone.getByText(t['caregivers.accept.done'])).toBeVisible();

      // the top bar offers him once the grant is on her phone; the switch names him on every screen
      const switcher = phone.getByLabel(t['helping.bar.label']);
      await expect(switcher.locator('option', { hasText: 'Walter' })).toHaveCount(1, { timeout: 10_000 });
      // the name the server gave her when she accepted: his first and last name
      const his = (await switcher.locator('option', { hasText: 'Walter' }).textContent())!;
      await switcher.selectOption({ label: his });
      await phone.getByRole('button', { name: t['helping.bar.switch'] }).click();
      await expect(phone).toHaveURL(/\/dashboard$/);
      await expect(phone.getByTestId('acting-for')).toHaveText(fill(t['helping.bar.actingFor'], { name: his }));
      const hisDose = phone.getByRole('region', { name: t['dashboard.plan.title'] }).locator('li[aria-current="time"] .dose-row');
      await expect(hisDose).toHaveCount(1);
      // his account's pages are not hers: no profile in the navigation, and the page says so
      await expect(phone.getByRole('navigation').getByRole('link', { name: t['nav.profile'] })).toHaveCount(0);
      await expectNoAxeViolations(phone);
      expect(await databases(phone)).toContain(`rezeptpost-for-${walter.id}`);

      // she ticks his morning dose: his phone shows it by her name
      await page.goto(`/${lang}/dashboard`);
      await expect(dose.locator('.dose-state')).toHaveCount(0);
      const ticked = Date.now();
      await hisDose.locator('.dose-row__check').click();
      await expect(dose.locator('.dose-state')).toHaveText(`✓ ${t['doses.status.taken']} ${fill(t['doses.status.by'], { name: 'Anna' })}`, { timeout: 10_000 });
      console.log(`helper-acts (${lang}): his phone showed her tick ${Date.now() - ticked} ms after her tap`);
      const mark = () => service().from('webshop_customer_dose_mark').select('status, acted_by').eq('customer_id', walter.id).single();
      expect((await mark()).data).toEqual({ status: 'taken', acted_by: anna.id });

      // she reorders his medication in the app: his orders say she placed it
      await phone.goto('/order/select');
      const rows = phone.getByRole('list', { name: t['order.select.listTitle'] }).locator('> li');
      await expect(rows).toHaveCount(1);
      await rows.nth(0).getByRole('button', { name: lang === 'de' ? /^Eine Packung mehr/ : /^Un emballage de plus/ }).press('Enter');
      await phone.getByRole('button', { name: t['order.select.continue'] }).press('Enter');
      await expect(phone).toHaveURL(/\/order\/orderfinish$/);
      await phone.getByRole('button', { name: t['order.finish.submit'] }).press('Enter');
      await expect(phone).toHaveURL(/\/orders\?success=1&id=\d+$/, { timeout: 15_000 });
      const id = Number(new URL(phone.url()).searchParams.get('id'));
      orders.push(id);
      expect((await service().from('webshop_order').select('customer_id, acted_by').eq('id', id).single()).data).toEqual({ customer_id: walter.id, acted_by: anna.id });
      await page.goto(`/${lang}/orders?id=${id}`);
      const item = page.locator(`li[data-order-id="${id}"]`);
      await expect(item.locator('.order-item__by')).toHaveText('Anna', { timeout: 10_000 });

      // a page of his account: not for her
      await phone.goto(`/${lang}/profile/helpers`);
      await expect(phone.getByRole('heading', { level: 1, name: t['helping.notForPerson.title'] })).toBeVisible();
      await expectNoAxeViolations(phone);
      await phone.goto(`/${lang}/dashboard`);
      await expect(hisDose).toHaveCount(1);

      // offline she unticks it: queued on her phone only (its files loaded first: no service worker serves this tab)
      await withItsFiles(phone);
      await annasContext.setOffline(true);
      await hisDose.locator('.dose-row__check').click();
      await expect(hisDose.locator('.dose-row__check')).toHaveAttribute('aria-pressed', 'false');

      // he removes her; back online, her phone drops his data and the queued change, and says why
      await page.goto(`/${lang}/profile/helpers`);
      await page.locator('.caregiver-grants__item', { hasText: 'Anna' }).getByRole('button', { name: t['caregivers.remove'] }).click();
      await expect.poll(async () => (await service().from('caregiver_grants').select('revoked_at').eq('patient_id', walter.id).single()).data?.revoked_at ?? null).not.toBeNull();
      // (the page hears `online` from the browser; her device may drop his data and reload at once)
      await annasContext.setOffline(false);
      const dropped = phone.getByRole('status').filter({ hasText: fill(t['helping.dropped'], { name: his }) });
      await expect(dropped).toBeVisible({ timeout: 15_000 });
      await expect(phone.getByTestId('acting-for')).toHaveCount(0);
      await expect.poll(() => databases(phone)).not.toContain(`rezeptpost-for-${walter.id}`);
      await expect(phone.getByLabel(t['helping.bar.label'])).toHaveCount(0);
      await expectNoAxeViolations(phone);
      expect((await mark()).data).toEqual({ status: 'taken', acted_by: anna.id });
    } finally {
      await annasContext.close();
      await deleteOrders(orders);
    }
  });
}
