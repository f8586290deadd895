// Orders and the order flow end to end (spec §2 /orders and /order/*, §4 Order status
// codes and Order flow, §5 Amount selector and Order selection, §7 webshopOrder, §8): the built
// app in Chromium against the local stack of this run, in German and French, on a phone-sized
// window with the keyboard; what reached the server is read with the service key (RLS off).
// The demo patient is shared by every spec: whatever a test changes of it is restored in
// `finally`; tests that write more use fresh patients.
import type { Locator, Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, deleteOrders, latestAddress, newPatient, patientWithProfile, service, signIn as signInGerman, underServiceWorker, type TestPatient } from './patients';

type Texts = (typeof catalogues)['de'];

// the seed's names (dscrd); the French ones (dscrf) are read from the catalogue
const ATORVA = 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk';
const IBU = 'IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk';
const PHONE = { width: 390, height: 844 };

/** A catalogue text with its {arguments} filled in (plain ones only). */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
/** The visible text of a message with <hidden>…</hidden> parts (their content is read, the tags are not). */
const spoken = (text: string, values: Record<string, string | number>) => fill(text, values).replace(/<\/?hidden>/g, '');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * Signs in with the browser in the language of `t`. The sign-in brings the account's language
 * (the demo patient's is German); a test in the other language then chooses it on this device
 * with a /de or /fr address, which leaves the shared account as it is.
 */
async function signIn(page: Page, who: { email: string; password: string }, t: Texts): Promise<void> {
  const lang = t === catalogues.fr ? 'fr' : 'de';
  await page.goto('/login');
  await page.getByLabel(t['auth.field.email']).fill(who.email);
  await page.getByLabel(t['auth.field.password'], { exact: true }).fill(who.password);
  await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
  const logout = (texts: Texts) => page.getByRole('navigation').getByRole('button', { name: texts['nav.logout'] });
  await expect(logout(catalogues.de).or(logout(catalogues.fr))).toBeVisible();
  if ((await page.locator('html').getAttribute('lang')) !== lang) await page.goto(`/${lang}/dashboard`);
  await expect(logout(t)).toBeVisible();
}

/** Keyboard activation: the element gets the focus and Enter is pressed. */
const press = (target: Locator) => target.press('Enter');

async function pharmacode(name: string): Promise<number> {
  const { data, error } = await service().from('pharmindex').select('pharmacode').eq('dscrd', name).single();
  if (error) throw new Error(error.message);
  return Number(data.pharmacode);
}

/** The name the app shows in a language (spec §3: dscrf in French when present). */
async function shownName(dscrd: string, lang: 'de' | 'fr'): Promise<string> {
  const { data, error } = await service().from('pharmindex').select('dscrf').eq('dscrd', dscrd).single();
  if (error) throw new Error(error.message);
  return lang === 'fr' && data.dscrf ? String(data.dscrf) : dscrd;
}

async function orderIds(customerId: string): Promise<number[]> {
  const { data, error } = await service().from('webshop_order').select('id').eq('customer_id', customerId).is('parent', null).order('id');
  if (error) throw new Error(error.message);
  return data.map((o) => Number(o.id));
}

async function orderItems(id: number): Promise<{ row: Record<string, unknown>; items: [number, number][] }> {
  const { data, error } = await service().from('webshop_order').select('*, webshop_order_item(pharmacode, amount)').eq('id', id).single();
  if (error) throw new Error(error.message);
  const items = (data.webshop_order_item as { pharmacode: number; amount: number }[]).map((i) => [Number(i.pharmacode), i.amount] as [number, number]).sort((a, b) => a[0] - b[0]);
  return { row: data as Record<string, unknown>, items };
}

/** Leaves the demo patient's orders and single-use prescription as seeded. */
async function restoreDemo(ordersBefore: readonly number[]): Promise<void> {
  const added = (await orderIds(DEMO.id)).filter((id) => !ordersBefore.includes(id));
  await deleteOrders(added);
  await service().from('webshop_customer_medication').update({ used: false }).eq('customer_id', DEMO.id).eq('medication_id', await pharmacode(IBU));
}

const amountButton = (page: Page, t: Texts, which: 'more' | 'less', name: string) => page.getByRole('button', { name: fill(t[`amount.${which}`], { name }), exact: true });
const amountInput = (page: Page, t: Texts, name: string) => page.getByRole('textbox', { name: fill(t['amount.label'], { name }), exact: true });
const editLink = (page: Page, t: Texts, what: string) => page.getByRole('link', { name: spoken(t['order.finish.edit'], { what }), exact: true });

for (const lang of ['de', 'fr'] as const) {
  test.describe(`${lang}: the demo patient reorders`, () => {
    test.use({ locale: `${lang}-CH` });

    test('two products (one single-use, limited to 1), the address edited in the flow, finished: the server holds exactly that order', async ({ page }) => {
      test.setTimeout(120_000);
      const t = catalogues[lang];
      const before = await orderIds(DEMO.id);
      const street = `${lang === 'de' ? 'Testweg' : 'Chemin du Test'} ${Date.now() % 100000}`;
      const [atorva, ibu] = [await pharmacode(ATORVA), await pharmacode(IBU)];
      const [atorvaName, ibuName] = [await shownName(ATORVA, lang), await shownName(IBU, lang)];
      try {
        await signIn(page, DEMO, t);
        // spec §2 navigation with prescriptions: prescriptions, orders, order, profile
        const nav = page.getByRole('navigation', { name: t['nav.label'] });
        for (const id of ['nav.prescriptions', 'nav.orders', 'nav.order', 'nav.profile']) await expect(nav.getByRole('link', { name: t[id as keyof Texts], exact: true })).toBeVisible();
        await press(nav.getByRole('link', { name: t['nav.order'], exact: true }));
        await page.setViewportSize(PHONE);

        // /order: reorder with the number of active prescriptions (seed: seven)
        await expect(page).toHaveURL(/\/order$/);
        await expect(h1(page)).toHaveText(t['title.order']);
        await expect(page.getByText(lang === 'de' ? 'Aus Ihren 7 gültigen Rezepten.' : 'À partir de vos 7 ordonnances valables.')).toBeVisible();
        await expectNoAxeViolations(page);
        await press(page.getByRole('link', { name: t['order.start.reorderButton'] }));

        // /order/select: one row per active medication; the generic tip (demo: generics not allowed)
        await expect(page).toHaveURL(/\/order\/select$/);
        await expect(page.getByRole('list', { name: t['order.select.listTitle'] }).locator('> li')).toHaveCount(7);
        await expect(page.getByRole('complementary', { name: t['order.genericTip.title'] })).toBeVisible();
        await expectNoAxeViolations(page);
        await press(amountButton(page, t, 'more', atorvaName));
        await press(amountButton(page, t, 'more', atorvaName));
        await expect(amountInput(page, t, atorvaName)).toHaveValue('2');
        await press(amountButton(page, t, 'more', ibuName));
        await press(amountButton(page, t, 'more', ibuName));
        await expect(amountInput(page, t, ibuName)).toHaveValue('1');
        await expect(page.getByText(fill(t['amount.max'], { max: 1 }))).toBeVisible();
        await expectNoAxeViolations(page);
        // the patient information opens from the selection (the mirror's copy) and closes with Escape
        const info = page.getByRole('button', { name: spoken(t['medicationInfo.button'], { name: atorvaName }), exact: true });
        await press(info);
        // an accessible name drops the title's soft hyphen (Patienten-information), so a pattern must too
        const dialog = page.getByRole('dialog', { name: new RegExp(t['medicationInfo.title'].replace(/\u00ad/gu, '')) });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading', { level: 2 })).toContainText(atorvaName);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(info).toBeFocused();
        await press(page.getByRole('button', { name: t['order.select.continue'] }));

        // /order/orderfinish: the summary
        await expect(page).toHaveURL(/\/order\/orderfinish$/);
        const products = page.getByRole('region', { name: t['order.finish.products'] });
        await expect(products.getByRole('listitem')).toHaveText([`2 × ${atorvaName}`, `1 × ${ibuName}`]);
        await expectNoAxeViolations(page);

        // the review steps open from the summary and lead back (their forms: the profile's)
        for (const [what, path, title] of [
          ['order.finish.questionnaire', /\/order\/questionnaire$/, 'title.orderQuestionnaire'],
          ['order.finish.insurance', /\/order\/insurance\?isOrder=true$/, 'title.orderInsurance'],
          ['order.finish.settings', /\/order\/ordersettings$/, 'title.orderSettings'],
        ] as const) {
          await press(editLink(page, t, t[what]));
          await expect(page).toHaveURL(path);
          await expect(h1(page)).toHaveText(t[title]);
          await expectNoAxeViolations(page);
          await press(page.getByRole('link', { name: t['order.step.back'] }));
          await expect(page).toHaveURL(/\/order\/orderfinish$/);
        }

        // /order/address: this order's address; the profile keeps its own
        await press(editLink(page, t, t['order.finish.address']));
        await expect(page).toHaveURL(/\/order\/address$/);
        await expect(page.getByLabel(t['profile.field.street'])).toHaveValue('Bahnhofstrasse');
        await expectNoAxeViolations(page);
        await page.getByLabel(t['profile.field.street']).fill(street);
        await press(page.getByRole('button', { name: t['profile.saveAndBack'] }));
        await expect(page).toHaveURL(/\/order\/orderfinish$/);
        const address = page.getByRole('region', { name: t['order.finish.address'] });
        await expect(address.locator('address')).toContainText(`${street} 12`);
        await expect(address.getByText(t['order.finish.addressOwn'])).toBeVisible();

        // finish: /orders?success=1&id=N with the thank-you notice
        await press(page.getByRole('button', { name: t['order.finish.submit'] }));
        await expect(page).toHaveURL(/\/orders\?success=1&id=\d+$/, { timeout: 15_000 });
        const id = Number(new URL(page.url()).searchParams.get('id'));
        const thanks = page.getByRole('status').filter({ hasText: t['orders.success.title'] });
        await expect(thanks).toContainText(String(id));
        await expect(thanks.locator('.orders-success')).toBeFocused();
        const listed = page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id }) });
        await expect(listed).toBeVisible();
        await expect(listed.locator('xpath=ancestor::li[1]').getByRole('button', { name: spoken(t['orders.item.details'], { id }) })).toHaveAttribute('aria-expanded', 'true');
        await expectNoAxeViolations(page);

        // the server: exactly this one new order, with exactly those items, at this address
        expect((await orderIds(DEMO.id)).filter((o) => !before.includes(o))).toEqual([id]);
        const placed = await orderItems(id);
        expect(placed.items).toEqual([[atorva, 2], [ibu, 1]].sort((a, b) => a[0]! - b[0]!));
        expect(placed.row).toMatchObject({ customer_id: DEMO.id, status: 0, street, street_nr: '12', zip: '8500', city: 'Frauenfeld', generic: false, substitute: true, probon: true });
        expect((await latestAddress(DEMO.id)).street).toBe('Bahnhofstrasse');
        // the single-use prescription is used now: ibuprofen is no longer offered
        await page.goto('/order/select');
        await expect(page.getByRole('list', { name: t['order.select.listTitle'] }).locator('> li')).toHaveCount(6);
      } finally {
        await restoreDemo(before);
      }
    });
  });
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow', locale: 'fr-CH' });

  test('fr: the network cut before finishing: the order waits, survives a reload, and is sent exactly once when the network returns', async ({ page, context }) => {
    test.setTimeout(120_000);
    const t = catalogues.fr;
    const patient = await patientWithProfile('Odile', 2, 'fr');
    const { data: rx } = await service().from('webshop_customer_medication').select('medication_id').eq('customer_id', patient.id);
    const codes = (rx ?? []).map((r) => Number(r.medication_id)).sort((a, b) => a - b);
    try {
      await signIn(page, patient, t);
      await underServiceWorker(page);
      await page.setViewportSize(PHONE);
      await page.goto('/order/select');
      const rows = page.getByRole('list', { name: t['order.select.listTitle'] }).locator('> li');
      await expect(rows).toHaveCount(2);
      for (const row of [rows.nth(0), rows.nth(1)]) await press(row.getByRole('button', { name: /^Un emballage de plus/ }));
      await press(rows.nth(1).getByRole('button', { name: /^Un emballage de plus/ }));
      await press(page.getByRole('button', { name: t['order.select.continue'] }));
      await expect(page).toHaveURL(/\/order\/orderfinish$/);

      await context.setOffline(true);
      await page.getByRole('textbox', { name: t['order.finish.comment'] }).fill('Hors ligne');
      await press(page.getByRole('button', { name: t['order.finish.submit'] }));
      await expect(page).toHaveURL(/\/orders\?success=1&key=[0-9a-f-]{36}$/);
      await expect(page.getByRole('status').filter({ hasText: t['orders.success.title'] })).toContainText(t['orders.success.waiting']);
      const waiting = page.getByRole('heading', { level: 3, name: t['orders.item.titlePending'] }).locator('xpath=ancestor::li[1]');
      await expect(waiting.getByText(t['orders.item.pending'])).toBeVisible();
      await expectNoAxeViolations(page);

      // a reload while offline: the app from the service worker, the order from the mirror
      await page.reload();
      await expect(page.getByRole('heading', { level: 3, name: t['orders.item.titlePending'] })).toBeVisible();
      expect(await orderIds(patient.id)).toEqual([]);

      // the network returns: sent once, shown as the server's order
      await context.setOffline(false);
      await expect.poll(() => orderIds(patient.id), { timeout: 20_000 }).toHaveLength(1);
      const [id] = await orderIds(patient.id);
      await expect(page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id: id! }) })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 3, name: t['orders.item.titlePending'] })).toHaveCount(0);
      const placed = await orderItems(id!);
      // one row raised to 1, the other to 2 (rows go by name, codes by number)
      expect(placed.items.map(([code]) => code)).toEqual(codes);
      expect(placed.items.map(([, amount]) => amount).sort()).toEqual([1, 2]);
      expect(placed.row).toMatchObject({ comment: 'Hors ligne', street: 'Rosenweg' });
      // and nothing more comes: still one order a while later, after another reload
      await page.reload();
      await expect(page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id: id! }) })).toBeVisible();
      await page.waitForTimeout(1500);
      expect(await orderIds(patient.id)).toHaveLength(1);
    } finally {
      await context.setOffline(false);
    }
  });

});

test.describe('a refused order', () => {
  test.use({ serviceWorkers: 'allow' });

  test('de: a prescription that expired while the order waited: refused with what to correct, kept for editing, then ordered without it', async ({ page, context }) => {
    test.setTimeout(120_000);
    const t = catalogues.de;
    const patient = await patientWithProfile('Rita', 2);
    const { data: rx } = await service().from('webshop_customer_medication').select('id, medication_id').eq('customer_id', patient.id).order('medication_id');
    const [kept, expiring] = rx as { id: number; medication_id: number }[];
    try {
      await signInGerman(page, patient);
      await underServiceWorker(page);
      await page.goto('/order/select');
      const rows = page.getByRole('list', { name: t['order.select.listTitle'] }).locator('> li');
      await expect(rows).toHaveCount(2);
      for (const row of [rows.nth(0), rows.nth(1)]) await press(row.getByRole('button', { name: /^Eine Packung mehr/ }));
      await press(page.getByRole('button', { name: t['order.select.continue'] }));
      await expect(page).toHaveURL(/\/order\/orderfinish$/);

      await context.setOffline(true);
      await press(page.getByRole('button', { name: t['order.finish.submit'] }));
      await expect(page).toHaveURL(/\/orders\?success=1&key=[0-9a-f-]{36}$/);
      // meanwhile the pharmacy ends one prescription
      await service().from('webshop_customer_medication').update({ expires_at: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) }).eq('id', expiring!.id);
      await context.setOffline(false);

      const refused = page.getByRole('region', { name: 'Eine Bestellung wurde nicht angenommen' });
      await expect(refused).toBeVisible({ timeout: 20_000 });
      await expect(refused.getByText(t['sync.reason.notPrescribed'])).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await orderIds(patient.id)).toEqual([]);
      await press(refused.getByRole('button', { name: t['orders.refused.edit'] }));

      // back in the flow: the expired product dropped out, the other kept
      await expect(page).toHaveURL(/\/order\/orderfinish$/);
      await expect(page.getByRole('region', { name: t['order.finish.products'] }).getByRole('listitem')).toHaveCount(1);
      await press(page.getByRole('button', { name: t['order.finish.submit'] }));
      await expect(page).toHaveURL(/\/orders\?success=1&id=\d+$/, { timeout: 15_000 });
      const ids = await orderIds(patient.id);
      expect(ids).toHaveLength(1);
      expect((await orderItems(ids[0]!)).items).toEqual([[kept!.medication_id, 1]]);
      await expect(page.getByRole('region', { name: 'Eine Bestellung wurde nicht angenommen' })).toHaveCount(0);
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('the generic tip', () => {
  test('spec §4: the demo patient sees the savings, allows generics, and the tip is gone', async ({ page }) => {
    const t = catalogues.de;
    const defaults = async () => (await service().from('webshop_customer_order_defaults').select('id, generic').eq('customer_id', DEMO.id).order('id')).data ?? [];
    const before = (await defaults()).map((d) => d.id);
    try {
      await signInGerman(page, DEMO);
      await page.goto('/order/select');
      const tip = page.getByRole('complementary', { name: t['order.genericTip.title'] });
      await expect(tip).toBeVisible();
      await expect(tip.getByRole('listitem').first()).toContainText('%');
      await press(tip.getByRole('button', { name: t['order.genericTip.accept'] }));
      await expect(tip).toHaveCount(0);
      await expect.poll(async () => (await defaults()).at(-1)).toMatchObject({ generic: true });
      expect((await defaults()).length).toBe(before.length + 1);
    } finally {
      const added = (await defaults()).filter((d) => !before.includes(d.id)).map((d) => d.id);
      if (added.length) await service().from('webshop_customer_order_defaults').delete().in('id', added);
    }
  });
});

test.describe('the order list', () => {
  test('the order in partial deliveries: expanded by ?id=, each package with its status and the postal tracking link (new tab)', async ({ page }) => {
    const t = catalogues.de;
    const { data } = await service().from('webshop_order').select('id').eq('customer_id', DEMO.id).eq('status', 10).is('parent', null).single();
    const id = Number(data!.id);
    await signInGerman(page, DEMO);
    await page.goto(`/orders?id=${id}`);
    const heading = page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id }) });
    await expect(heading).toBeFocused();
    const item = heading.locator('xpath=ancestor::li[1]');
    await expect(item.getByRole('button', { name: spoken(t['orders.item.details'], { id }) })).toHaveAttribute('aria-expanded', 'true');
    await expect(item.getByText(t['order.status.multipleDeliveries'])).toBeVisible();
    const packages = item.locator('.order-package');
    await expect(packages).toHaveCount(2);
    await expect(packages.nth(0).getByText(t['order.status.inProgress'])).toBeVisible();
    await expect(packages.nth(0).getByRole('link')).toHaveCount(0);
    await expect(packages.nth(1).getByText(t['order.status.sent'])).toBeVisible();
    const link = packages.nth(1).getByRole('link', { name: `${fill(t['orders.item.tracking'], { nr: '99.00.123456.34567890' })} ${t['orders.item.newTab']}` });
    await expect(link).toHaveAttribute('href', 'https://service.post.ch/ekp-web/ui/entry/shipping/1/?parcelCodes=99.00.123456.34567890');
    await expect(link).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);

    // the Closed side: counts on the toggle, newest first
    await page.getByRole('navigation', { name: t['orders.toggle.label'] }).getByRole('link', { name: /^Abgeschlossen/ }).click();
    await expect(page).toHaveURL(/\/orders\?active=false$/);
    await expect(page.getByRole('list', { name: t['orders.heading.closed'] }).locator('> li')).toHaveCount(5);
    await expectNoAxeViolations(page);
  });
});

test.describe('guards', () => {
  test('an empty selection sends every order step to /order/select; no prescriptions: only the profile in the navigation', async ({ page }) => {
    const t = catalogues.de;
    const patient: TestPatient = await patientWithProfile('Nora', 0);
    await signInGerman(page, patient);
    const nav = page.getByRole('navigation', { name: t['nav.label'] });
    await expect(nav.getByRole('link')).toHaveText([t['nav.profile']]);
    for (const path of ['/order/orderfinish', '/order/address', '/order/questionnaire', '/order/ordersettings', '/order/insurance?isOrder=true']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/order\/select$/);
    }
    // no active prescriptions: the message and the way to send them
    await expect(page.getByText(t['order.select.noPrescriptions'])).toBeVisible();
    await expect(page.getByRole('link', { name: t['order.select.sendPrescriptions'] })).toHaveAttribute('href', '/prescriptions/add');
    await expectNoAxeViolations(page);
  });

  test('a patient whose setup is incomplete gets the onboarding on the order routes', async ({ page }) => {
    const t = catalogues.de;
    // a patient of its own: the onboarding spec completes the second demo patient's setup
    await signInGerman(page, await newPatient());
    for (const path of ['/order', '/order/select', '/order/orderfinish']) {
      await page.goto(path);
      await expect(page).toHaveTitle(`Rezeptplattform - ${t['title.onboarding']}`);
      await expect(page.getByRole('heading', { level: 1, name: t['title.orderSelect'] })).toHaveCount(0);
    }
  });
});
