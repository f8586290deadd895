// issue 40 items 6 and 7: the patient's main journeys as a screen reader reads them — the
// accessibility tree (aria snapshots, in reading order; a template lists what must be heard, in
// order), one h1 and headings in order on every page met, what the live regions announce (once),
// errors tied to their field — and, after every action that removes or replaces the focused
// element, the focus on something meaningful (never the page). In German and French; the texts
// come from the catalogues, so a template follows a reworded message.
import type { Page } from '@playwright/test';
import { backOnline, catalogues, expect, pageKnowsOffline, test } from './fixtures';
import { hinLink } from './eprescription-codes';
import { DEMO, deleteOrders, patientWithProfile, patientWithTotp, service, totpCode } from './patients';
import { latestZurich } from './zurich-clock';
import { announcements, expectAnnouncedOnce, expectHeadingsInOrder, expectReadInOrder, focusAfter, focused, recordAnnouncements, said } from './wcag/screen-reader';

type Texts = (typeof catalogues)['de'];
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
/** a message with its <hidden> part as a screen reader hears it (the words inside, no tags) */
const heard = (text: string, values: Record<string, string | number> = {}) => fill(text, values).replace(/<\/?hidden>/g, '');
const main = (page: Page) => page.getByRole('main');

async function demoOrderIds(): Promise<number[]> {
  const { data, error } = await service().from('webshop_order').select('id').eq('customer_id', DEMO.id).is('parent', null).order('id');
  if (error) throw new Error(error.message);
  return data.map((o) => Number(o.id));
}

for (const lang of ['de', 'fr'] as const) {
  const t: Texts = catalogues[lang];

  test.describe(`${lang}: journeys as a screen reader reads them`, () => {
    test('sign in with two-factor: the form, a wrong code tied to its field and announced, then the dashboard', async ({ page }) => {
      const patient = await patientWithTotp(lang);
      await recordAnnouncements(page);
      await page.goto(`/${lang}/login`);
      await expectReadInOrder(main(page), [
          `heading ${said(t['auth.login.heading'])} [level=1]`,
          `textbox ${said(t['auth.field.email'])}`,
          `button ${said(t['auth.login.submit'])}`,
        ]);
      await expectHeadingsInOrder(page);
      await page.getByLabel(t['auth.field.email']).fill(patient.email);
      await page.getByLabel(t['auth.field.password'], { exact: true }).fill(patient.password);
      await focusAfter(
        page,
        'signing in',
        () => main(page).getByRole('button', { name: t['auth.login.submit'] }).press('Enter'),
        () => expect(page.getByRole('heading', { level: 1 })).toHaveText(t['title.secondFactor']),
      );
      const code = page.getByLabel(t['account.code.label']);
      await expectReadInOrder(main(page), [
          `heading ${said(t['title.secondFactor'])} [level=1]`,
          t['secondFactor.intro'].slice(0, 30),
          `textbox ${said(t['account.code.label'])}`,
          `button ${said(t['secondFactor.submit'])}`,
        ]);
      await expectHeadingsInOrder(page);

      // a wrong code: said at once, tied to the field, the focus on the field
      await code.fill(totpCode(patient.secret) === '000000' ? '111111' : '000000');
      await code.press('Enter');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveAccessibleDescription(new RegExp(t['secondFactor.error.at03'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(code).toBeFocused();
      await expectAnnouncedOnce(page, t['secondFactor.error.at03']);

      await code.fill(totpCode(patient.secret));
      await focusAfter(
        page,
        'confirming the code',
        () => code.press('Enter'),
        () => expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t['title.secondFactor']),
      );
      // the next screen's own h1 (between the two screens there is none for a moment)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectHeadingsInOrder(page);
    });

    test('send an e-prescription: the panel, what was read, sent — announced once, the focus kept', async ({ page }) => {
      const patient = await patientWithProfile('Tabea', 0, lang);
      await recordAnnouncements(page);
      await page.goto(`/${lang}/login`);
      await page.getByLabel(t['auth.field.email']).fill(patient.email);
      await page.getByLabel(t['auth.field.password'], { exact: true }).fill(patient.password);
      await main(page).getByRole('button', { name: t['auth.login.submit'] }).click();
      await expect(page.getByRole('navigation').getByRole('button', { name: t['nav.logout'] })).toBeVisible();
      await page.goto(`/${lang}/prescriptions/add`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['title.prescriptionsAdd']);
      await expectHeadingsInOrder(page);
      await page.getByRole('button', { name: t['sendMethod.eprescription.title'] }).click();
      await page.getByLabel(t['ePrescription.paste.label']).fill(await hinLink({ first: 'Tabea', last: 'Test', birthday: '1956-03-04' }));
      await focusAfter(
        page,
        'reading the pasted link',
        () => page.getByRole('button', { name: t['ePrescription.paste.read'] }).press('Enter'),
        () => expect(page.getByRole('region', { name: t['ePrescription.summary.title'] })).toBeVisible(),
      );
      await expectReadInOrder(main(page), [
          `region ${said(t['ePrescription.summary.title'])}`,
          `heading ${said(t['ePrescription.summary.title'])}`,
          `button ${said(t['ePrescription.send'])}`,
        ]);
      await expectHeadingsInOrder(page);
      const where = await focusAfter(
        page,
        'sending',
        () => page.getByRole('button', { name: t['ePrescription.send'] }).press('Enter'),
        () => expect(page.getByText(t['ePrescription.done.sent']).first()).toBeVisible(),
      );
      expect(where).toContain(t['ePrescription.done.sent'].slice(0, 12));
      await expectAnnouncedOnce(page, t['ePrescription.done.sent']);
    });

    test('reorder from the running-low card to the finish, follow the order, cancel it: the focus kept at every step', async ({ page }) => {
      test.setTimeout(90_000);
      const before = await demoOrderIds();
      try {
        await recordAnnouncements(page);
        await page.goto('/login');
        await page.getByLabel(catalogues.de['auth.field.email']).fill(DEMO.email);
        await page.getByLabel(catalogues.de['auth.field.password'], { exact: true }).fill(DEMO.password);
        await main(page).getByRole('button', { name: catalogues.de['auth.login.submit'] }).click();
        await expect(page.getByRole('navigation').getByRole('button', { name: catalogues.de['nav.logout'] })).toBeVisible();
        await page.goto(`/${lang}/dashboard`);
        await expect(page.getByRole('region', { name: t['dashboard.refill.title'] })).toBeVisible();
        await expectHeadingsInOrder(page);
        const card = page.getByRole('region', { name: t['dashboard.refill.title'] });
        await expectReadInOrder(card, [
          `heading ${said(t['dashboard.refill.title'])} [level=2]`,
          `list`,
          // the card's one action (renewals within 14 days stand in the expiring section: issue 38)
          `button`,
        ]);

        await focusAfter(
          page,
          'the card\'s reorder button',
          () => card.getByRole('button').first().press('Enter'),
          // a navigation renders as a transition: the address changes first, the screen when it is ready
          async () => {
            await expect(page).toHaveURL(/\/order\/select$/);
            await expect(page.getByRole('heading', { level: 1, name: t['title.orderSelect'] })).toBeVisible();
          },
        );
        await expectHeadingsInOrder(page);
        await focusAfter(
          page,
          'continuing to the review',
          () => page.getByRole('button', { name: t['order.select.continue'] }).press('Enter'),
          async () => {
            await expect(page).toHaveURL(/\/order\/orderfinish$/);
            await expect(page.getByRole('heading', { level: 1, name: t['title.orderFinish'] })).toBeVisible();
          },
        );
        await expectHeadingsInOrder(page);
        await expectReadInOrder(main(page), [
          `heading ${said(t['title.orderFinish'])} [level=1]`,
          `region ${said(t['order.finish.products'])}`,
          `button ${said(t['order.finish.submit'])}`,
        ]);
        await focusAfter(
          page,
          'ordering',
          () => page.getByRole('button', { name: t['order.finish.submit'] }).press('Enter'),
          async () => {
            await expect(page).toHaveURL(/\/orders\?success=1&id=\d+$/, { timeout: 15_000 });
            await expect(page.getByRole('heading', { level: 1, name: t['title.orders'] })).toBeVisible();
          },
        );
        const id = Number(new URL(page.url()).searchParams.get('id'));
        await expectHeadingsInOrder(page);
        await expectReadInOrder(main(page), [
          `heading ${said(t['title.orders'])} [level=1]`,
          `strong: ${t['orders.success.title']}`,
        ]);

        // follow it: the order is open, so it can be cancelled; keeping it gives the focus back, cancelling places it
        const cancel = main(page).getByRole('button', { name: heard(t['orders.cancel.button'], { id }) });
        await cancel.focus();
        await cancel.press('Enter');
        const dialog = page.getByRole('alertdialog', { name: fill(t['orders.cancel.title'], { id }) });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: t['orders.cancel.keep'] })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(cancel).toBeFocused();
        await cancel.press('Enter');
        const after = await focusAfter(
          page,
          'cancelling the order',
          () => dialog.getByRole('button', { name: t['orders.cancel.confirm'] }).press('Enter'),
          () => expect(cancel).toHaveCount(0),
        );
        expect(after).not.toBe('body');
        await expectAnnouncedOnce(page, fill(t['orders.cancel.done'], { id }));
        expect(await focused(page)).not.toBe('body');
      } finally {
        const added = (await demoOrderIds()).filter((o) => !before.includes(o));
        await deleteOrders(added);
      }
    });

    test('tick off this morning\'s doses: each check named by period and medication, marked and unmarked with the focus kept, "all taken" hands the focus on; offline the waiting change and then its delivery each announced once', async ({ page, context }) => {
      test.setTimeout(90_000);
      const patient = await patientWithProfile('Rosa', 2, lang);
      await recordAnnouncements(page);
      await page.clock.install({ time: latestZurich('08:30') });
      await page.goto(`/${lang}/login`);
      await page.getByLabel(t['auth.field.email']).fill(patient.email);
      await page.getByLabel(t['auth.field.password'], { exact: true }).fill(patient.password);
      await main(page).getByRole('button', { name: t['auth.login.submit'] }).click();
      await expect(page.getByRole('navigation').getByRole('button', { name: t['nav.logout'] })).toBeVisible();
      await page.goto(`/${lang}/dashboard`);
      const morning = page.getByRole('region', { name: t['dashboard.plan.title'] }).locator('li[aria-current="time"]');
      await expect(morning.locator('.dose-row')).toHaveCount(2);
      await expectHeadingsInOrder(page);
      // the products' names once the catalogue's details are on the device (before, a placeholder with the pharmacode)
      let names: string[] = [];
      await expect.poll(async () => (names = await morning.locator('.dose-row__name').allTextContents()).some((n) => /\d{6}$/.test(n))).toBe(false);
      const period = t['intake.period.morning'];
      const check = (name: string) => morning.getByRole('button', { name: fill(t['doses.check.taken'], { period, name }), exact: true });
      // what is heard: the period, then per dose its name and units, its check named by period and medication, not pressed
      await expectReadInOrder(morning, [
        `heading`,
        `list`,
        `${names[0]}`,
        `button ${said(fill(t['doses.check.taken'], { period, name: names[0]! }))}`,
        `button ${said(fill(t['doses.check.more'], { period, name: names[0]! }))}`,
        `${names[1]}`,
        `button ${said(fill(t['doses.check.taken'], { period, name: names[1]! }))}`,
        // "all taken" with the period for a screen reader, its name as the browser puts it together
        `button ${said(`${t['doses.allTaken'].split('<')[0]} (${period})`)}`,
      ]);

      // mark, then unmark, from the keyboard: the same control keeps the focus and says its state
      const first = check(names[0]!);
      await first.focus();
      await focusAfter(page, 'marking a dose', () => first.press('Space'), () => expect(first).toHaveAttribute('aria-pressed', 'true'));
      await expect(first).toBeFocused();
      await focusAfter(page, 'unmarking a dose', () => first.press('Space'), () => expect(first).toHaveAttribute('aria-pressed', 'false'));
      await expect(first).toBeFocused();
      // a mark made online is saved quietly: nothing waits, so nothing is announced about sending
      await expect.poll(async () => (await service().from('webshop_customer_dose_mark').select('status').eq('customer_id', patient.id)).data).toEqual([{ status: 'unmarked' }]);
      expect((await announcements(page)).filter((a) => a.includes(t['sync.delivered']) || a.includes(t['sync.pending'].split('{')[0]!))).toEqual([]);

      // "all taken": the button goes, the focus moves to the line that says so
      const allTaken = morning.getByRole('button', { name: new RegExp(`^${t['doses.allTaken'].split('<')[0]}`) });
      await allTaken.focus();
      const where = await focusAfter(page, '"all taken"', () => allTaken.press('Enter'), () => expect(allTaken).toHaveCount(0));
      expect(where).toContain(fill(t['doses.allTakenDone'], { period }));
      // both marks on the server before the connection goes: one still on its way when it does
      // would wait too, and the marker would rightly count 2 changes, not the 1 this test makes
      await expect
        .poll(async () => (await service().from('webshop_customer_dose_mark').select('status').eq('customer_id', patient.id).eq('status', 'taken')).data?.length, { timeout: 15_000 })
        .toBe(2);
      await expect(page.locator('.sync-pending')).toHaveCount(0);

      // offline: unmarking waits, said once with why; back online its delivery said once
      await context.setOffline(true);
      await pageKnowsOffline(page);
      const second = check(names[1]!);
      await second.focus();
      await focusAfter(page, 'unmarking a dose offline', () => second.press('Space'), () => expect(second).toHaveAttribute('aria-pressed', 'false'));
      const waiting = heardMessage(t['sync.pending'], 1);
      await expect.poll(async () => (await announcements(page)).filter((a) => a.includes(waiting)).length, `"${waiting}" announced`).toBeGreaterThan(0);
      expect((await announcements(page)).find((a) => a.includes(waiting))).toContain(t['sync.pending.offline']);
      await backOnline(context);
      await expectAnnouncedOnce(page, t['sync.delivered']);
      await expect.poll(async () => (await service().from('webshop_customer_dose_mark').select('status').eq('customer_id', patient.id).eq('status', 'unmarked')).data?.length).toBe(1);
      // while it waited and was sent again, nothing said twice in a row (the reason is not taken
      // away for the moment of a send and said anew: src/app/sync/sync-status.tsx)
      const heardSoFar = await announcements(page);
      expect(heardSoFar.filter((a, i) => i > 0 && a === heardSoFar[i - 1]), `said twice in a row, in: ${heardSoFar.join(' | ')}`).toEqual([]);
    });
  });
}

/** A plural message of the catalogue for `count`, as the app renders the `one` case ("1 Änderung wartet …"). */
function heardMessage(text: string, count: number): string {
  const one = /one \{([^}]*)\}/.exec(text)?.[1] ?? text;
  return one.replace('#', String(count));
}
