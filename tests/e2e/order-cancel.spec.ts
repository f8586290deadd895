// Issue 22 item 7: the patient cancels an order the pharmacy has not started, from /orders, after
// a confirmation (spec §2 /orders, §4 Order status codes 0 open → 99 canceled; RPC cancel_order).
// The built app in Chromium against the local stack; what the server holds is read with the
// service key. With the keyboard, in German and French, with axe; offline the cancel waits like
// any write, and a pharmacy that started the order meanwhile refuses it with a clear message.
import type { Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { patientWithProfile, service, signIn, withItsFiles } from './patients';

type Texts = (typeof catalogues)['de'];

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
/** The accessible name of a message with <hidden>…</hidden> parts. */
const spoken = (text: string, values: Record<string, string | number>) => fill(text, values).replace(/<\/?hidden>/g, '');
/** The `one` form of a plural message. */
const one = (text: string) => /one \{([^}]*)\}/.exec(text)![1]!;

function must<T>(res: { data: T; error: { message: string } | null }, what: string): T {
  if (res.error) throw new Error(`${what}: ${res.error.message}`);
  return res.data;
}

/** An open order of the patient (status 0, one item), as the pharmacy's system stores it. */
async function openOrder(customerId: string): Promise<number> {
  const db = service();
  const [{ pharmacode }] = must(await db.from('pharmindex').select('pharmacode').eq('nincd', 10).order('pharmacode').limit(1), 'pharmacode') as [{ pharmacode: number }];
  const order = must(
    await db.from('webshop_order').insert({ customer_id: customerId, status: 0, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur' }).select('id').single(),
    'order',
  ) as { id: number };
  must(await db.from('webshop_order_item').insert({ order_id: order.id, pharmacode, amount: 1 }), 'item');
  return Number(order.id);
}

const orderStatus = async (id: number): Promise<number> => Number((must(await service().from('webshop_order').select('status').eq('id', id).single(), 'status') as { status: number }).status);

const orderHeading = (page: Page, t: Texts, id: number) => page.getByRole('heading', { level: 3, name: fill(t['orders.item.title'], { id }) });
const orderItem = (page: Page, t: Texts, id: number) => orderHeading(page, t, id).locator('xpath=ancestor::li[1]');
const cancelButton = (page: Page, t: Texts, id: number) => page.getByRole('button', { name: spoken(t['orders.cancel.button'], { id }), exact: true });
const dialog = (page: Page, t: Texts, id: number) => page.getByRole('alertdialog', { name: fill(t['orders.cancel.title'], { id }) });

/** Signed in, on /orders with the order listed as open. */
async function atOrders(page: Page, patient: { email: string; password: string }, t: Texts, id: number): Promise<void> {
  await signIn(page, patient, '/login', t);
  await page.goto('/orders');
  await expect(orderHeading(page, t, id)).toBeVisible();
  await expect(orderItem(page, t, id).getByText(t['order.status.open'], { exact: true })).toBeVisible();
  await withItsFiles(page);
}

/** The confirmation, answered with the keyboard: Tab from the focused "keep" to "cancel", Enter. */
async function confirmWithKeyboard(page: Page, t: Texts, id: number): Promise<void> {
  await cancelButton(page, t, id).press('Enter');
  const asked = dialog(page, t, id);
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('button', { name: t['orders.cancel.keep'] })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(asked.getByRole('button', { name: t['orders.cancel.confirm'] })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(asked).toHaveCount(0);
}

for (const lang of ['de', 'fr'] as const) {
  test.describe(`${lang}: cancelling an open order`, () => {
    test.use({ locale: `${lang}-CH` });

    test('online: asked first (Escape keeps it), then cancelled: the order shows "canceled", focused, and the server holds 99', async ({ page }) => {
      const t = catalogues[lang];
      const patient = await patientWithProfile(lang === 'de' ? 'Clara' : 'Chloe', 1, lang);
      const id = await openOrder(patient.id);
      await atOrders(page, patient, t, id);
      await expectNoAxeViolations(page);

      // the confirmation: named, described, the safe choice focused; Escape closes it, the focus goes back
      await cancelButton(page, t, id).press('Enter');
      const asked = dialog(page, t, id);
      await expect(asked).toBeVisible();
      await expect(asked).toContainText(t['orders.cancel.text']);
      await expect(asked.getByRole('button', { name: t['orders.cancel.keep'] })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(asked).toHaveCount(0);
      await expect(cancelButton(page, t, id)).toBeFocused();
      expect(await orderStatus(id)).toBe(0);

      await confirmWithKeyboard(page, t, id);
      // on the Closed side now, open and focused, marked canceled
      await expect(page).toHaveURL(new RegExp(`/orders\\?id=${id}$`));
      await expect(orderHeading(page, t, id)).toBeFocused();
      await expect(orderItem(page, t, id).getByText(t['order.status.canceled'], { exact: true })).toBeVisible();
      await expect(page.getByText(fill(t['orders.cancel.done'], { id }))).toBeVisible();
      await expect.poll(() => orderStatus(id)).toBe(99);
      await expect(cancelButton(page, t, id)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('offline, the pharmacy starts the order while the cancel waits: back online the refusal says so and the order shows "in progress"', async ({ page, context }) => {
      const t = catalogues[lang];
      const patient = await patientWithProfile(lang === 'de' ? 'Paula' : 'Pauline', 1, lang);
      const id = await openOrder(patient.id);
      try {
        await atOrders(page, patient, t, id);
        await context.setOffline(true);
        await confirmWithKeyboard(page, t, id);
        await expect(orderItem(page, t, id).getByText(t['order.status.canceled'], { exact: true })).toBeVisible();
        await expect(page.getByText(t['orders.cancel.waiting'])).toBeVisible();

        // the pharmacy starts it (its compare-and-set: only an order still open)
        expect(must(await service().from('webshop_order').update({ status: 1 }).eq('id', id).eq('status', 0).select('id'), 'start')).toHaveLength(1);
        await context.setOffline(false);

        const refused = page.getByRole('region', { name: one(t['sync.rejected.title']) });
        await expect(refused).toBeVisible({ timeout: 20_000 });
        await expect(refused).toContainText(t['sync.kind.cancelOrder']);
        await expect(refused).toContainText(t['sync.reason.orderStarted']);
        await expect(orderItem(page, t, id).getByText(t['order.status.inProgress'], { exact: true })).toBeVisible();
        await expect(cancelButton(page, t, id)).toHaveCount(0);
        expect(await orderStatus(id)).toBe(1);
        await expectNoAxeViolations(page);
      } finally {
        await context.setOffline(false);
      }
    });
  });
}

test.describe('de: cancelled offline', () => {
  test('shown canceled at once; back online it reaches the server once', async ({ page, context }) => {
    const t = catalogues.de;
    const patient = await patientWithProfile('Olivia', 1);
    const id = await openOrder(patient.id);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/rpc/cancel_order')) calls.push(request.url());
    });
    try {
      await atOrders(page, patient, t, id);
      await context.setOffline(true);
      await confirmWithKeyboard(page, t, id);
      await expect(orderHeading(page, t, id)).toBeFocused();
      await expect(orderItem(page, t, id).getByText(t['order.status.canceled'], { exact: true })).toBeVisible();
      expect(await orderStatus(id)).toBe(0);

      await context.setOffline(false);
      await expect.poll(() => orderStatus(id), { timeout: 20_000 }).toBe(99);
      await expect(page.getByText(/wartet auf das Senden/)).toHaveCount(0, { timeout: 10_000 });
      // a reload: the server's state, still canceled, nothing sent again
      await page.reload();
      await expect(orderItem(page, t, id).getByText(t['order.status.canceled'], { exact: true })).toBeVisible();
      expect(calls).toHaveLength(1);
    } finally {
      await context.setOffline(false);
    }
  });
});
