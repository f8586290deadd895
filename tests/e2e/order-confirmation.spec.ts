// Issue 22 item 2: an order finished offline lands on /orders?success=1 with the notice that it
// waits on this device; once the connection is back and the order is sent, the notice and the
// order's item follow the order (spec §2 /orders success=1, §4 Order flow "the user goes to
// /orders?success=1&id={id}"): the thanks name its number, the item shows its number and status,
// and nothing says "waiting to be sent" any more. In German and in French, with axe.
import type { Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { patientWithProfile, service, signIn, underServiceWorker } from './patients';

const PHONE = { width: 390, height: 844 };

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

async function orderIds(customerId: string): Promise<number[]> {
  const { data, error } = await service().from('webshop_order').select('id').eq('customer_id', customerId).is('parent', null).order('id');
  if (error) throw new Error(error.message);
  return data.map((o) => Number(o.id));
}

/** One product of the selection raised to 1, on to the summary. */
async function chooseOne(page: Page, t: (typeof catalogues)['de'], more: RegExp): Promise<void> {
  await page.goto('/order/select');
  const rows = page.getByRole('list', { name: t['order.select.listTitle'] }).locator('> li');
  await expect(rows).toHaveCount(1);
  await rows.nth(0).getByRole('button', { name: more }).press('Enter');
  await page.getByRole('button', { name: t['order.select.continue'] }).press('Enter');
  await expect(page).toHaveURL(/\/order\/orderfinish$/);
}

for (const lang of ['de', 'fr'] as const) {
  test.describe(`${lang}: an order finished offline`, () => {
    test.use({ serviceWorkers: 'allow', locale: `${lang}-CH` });

    test('spec §2 success=1: back online, the notice thanks with the order number and the item shows its number and status, no longer waiting', async ({ page, context }) => {
      test.setTimeout(120_000);
      const t = catalogues[lang];
      const patient = await patientWithProfile(lang === 'de' ? 'Greta' : 'Gisele', 1, lang);
      try {
        await signIn(page, patient, '/login', t);
        await underServiceWorker(page);
        await page.setViewportSize(PHONE);
        await chooseOne(page, t, lang === 'de' ? /^Eine Packung mehr/ : /^Un emballage de plus/);

        await context.setOffline(true);
        await page.getByRole('button', { name: t['order.finish.submit'] }).press('Enter');
        await expect(page).toHaveURL(/\/orders\?success=1/);
        const notice = page.getByRole('status').filter({ hasText: t['orders.success.title'] });
        await expect(notice).toContainText(t['orders.success.waiting']);
        const waiting = page.getByRole('heading', { level: 3, name: t['orders.item.titlePending'] }).locator('xpath=ancestor::li[1]');
        await expect(waiting.getByText(t['orders.item.pending'])).toBeVisible();
        await expectNoAxeViolations(page);

        await context.setOffline(false);
        await expect.poll(() => orderIds(patient.id), { timeout: 20_000 }).toHaveLength(1);
        const [id] = (await orderIds(patient.id)) as [number];

        // the notice follows the order: the thanks with its number, no more "waiting"
        await expect(notice).toContainText(fill(t['orders.success.text'], { id }), { timeout: 15_000 });
        await expect(notice).not.toContainText(t['orders.success.waiting']);
        // the item follows it too: its number and status, and nothing of "waiting to be sent"
        const heading = page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id }) });
        await expect(heading).toBeVisible();
        const item = heading.locator('xpath=ancestor::li[1]');
        await expect(item.getByText(t['order.status.open'], { exact: true })).toBeVisible();
        await expect(page.getByText(t['orders.item.pending'])).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 3, name: t['orders.item.titlePending'] })).toHaveCount(0);
        await expectNoAxeViolations(page);

        // a reload keeps the sent confirmation (the address names the order, not its state)
        await page.reload();
        await expect(page.getByRole('status').filter({ hasText: t['orders.success.title'] })).toContainText(fill(t['orders.success.text'], { id }));
        await expect(page.getByText(t['orders.item.pending'])).toHaveCount(0);
      } finally {
        await context.setOffline(false);
      }
    });
  });
}

test.describe('de: the answer to the order is lost', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the server has the order but the app never heard back: the list shows it once, with its number, and the thanks name it; the retry adds nothing', async ({ page, context }) => {
    test.setTimeout(120_000);
    const t = catalogues.de;
    const patient = await patientWithProfile('Lotte', 1);
    try {
      await signIn(page, patient);
      await underServiceWorker(page);
      await chooseOne(page, t, /^Eine Packung mehr/);
      await context.setOffline(true);
      await page.getByRole('button', { name: t['order.finish.submit'] }).press('Enter');
      await expect(page).toHaveURL(/\/orders\?success=1&key=/);

      // every order call reaches the server, and its answer is lost on the way back
      await page.route('**/functions/v1/webshopOrder', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        // the app may give up on the call first (its own timeout, under load): the answer is
        // lost either way, and the route is then already handled
        await route.fetch().catch(() => undefined);
        await route.abort('connectionreset').catch(() => undefined);
      });
      await context.setOffline(false);
      await expect.poll(() => orderIds(patient.id), { timeout: 20_000 }).toHaveLength(1);
      const [id] = (await orderIds(patient.id)) as [number];

      // realtime brings the server's order: shown once, as the server has it
      const heading = page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id }) });
      await expect(heading).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 3, name: t['orders.item.titlePending'] })).toHaveCount(0);
      await expect(page.getByText(t['orders.item.pending'])).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: t['orders.success.title'] })).toContainText(fill(t['orders.success.text'], { id }));
      await expectNoAxeViolations(page);

      // the answers come through again: the retry gets the same order, nothing more is stored
      await page.unroute('**/functions/v1/webshopOrder');
      await expect(page.getByText(/wartet auf das Senden/)).toHaveCount(0, { timeout: 40_000 });
      expect(await orderIds(patient.id)).toEqual([id]);
      await expect(page.getByRole('heading', { level: 3 })).toHaveText([fill(t['orders.item.title'], { id })]);
    } finally {
      await context.setOffline(false);
    }
  });
});
