// Prescriptions and base data end to end (spec §2 /prescriptions and /profile/basedata, §4
// Prescriptions, §5 Address/Phone, §8 success notice; docs/architecture.md: screens read the local
// mirror and work offline, edits go through the outbox and are replayed once online). The built
// app with its service worker in Chromium, against the seeded local stack of this run (54329).
import type { Page } from '@playwright/test';
import { catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { service } from './patients';

const { de } = catalogues;
const DEMO = { email: 'demo@rezeptpost.ch', password: 'Demo-Rezept-2026', id: 'de000000-0000-4000-8000-000000000001' };
// seed.sql: ten prescriptions of the demo patient, seven active, three expired (two past their
// date, one single-use and used)
const ACTIVE = 7;
const EXPIRED = 3;

const count = (text: string, n: number) => text.replace('{count}', String(n));
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toggle = (page: Page) => page.getByRole('navigation', { name: de['prescriptions.toggle.label'] });
const items = (page: Page, heading: string) => page.getByRole('list', { name: heading }).locator('> li');

type AddressRow = { id: number; street: string; street_nr: string; address2: string | null; zip: string; city: string; phone: string };

async function demoAddresses(): Promise<AddressRow[]> {
  const { data, error } = await service().from('webshop_customer_address').select('id, street, street_nr, address2, zip, city, phone').eq('customer_id', DEMO.id).order('id');
  if (error) throw new Error(error.message);
  return data as AddressRow[];
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(de['auth.field.email']).fill(DEMO.email);
  await page.getByLabel(de['auth.field.password'], { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: de['auth.login.submit'] }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The service worker is active and controls the page (a reload after `ready`). */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function expectPrescriptionLists(page: Page) {
  await expect(h1(page)).toHaveText(de['title.prescriptions']);
  const active = toggle(page).getByRole('link', { name: count(de['prescriptions.toggle.active'], ACTIVE) });
  const expired = toggle(page).getByRole('link', { name: count(de['prescriptions.toggle.expired'], EXPIRED) });
  await expect(active).toHaveAttribute('aria-current', 'true');
  await expect(items(page, de['prescriptions.heading.active'])).toHaveCount(ACTIVE);
  // names come from the mirrored medication details, never the pharmacode fallback
  await expect(page.getByRole('heading', { level: 3, name: 'AMLOVASC Tabl 5 mg 30 Stk' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Medikament \d+$/ })).toHaveCount(0);

  await expired.click();
  await expect(page).toHaveURL(/\/prescriptions\?active=false$/);
  await expect(expired).toHaveAttribute('aria-current', 'true');
  await expect(items(page, de['prescriptions.heading.expired'])).toHaveCount(EXPIRED);
  await expect(page.getByRole('heading', { level: 3, name: 'LISOPRESS Tabl 10 mg 30 Stk' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'AMOXIVAL Filmtabl 1000 mg 20 Stk' })).toBeVisible();
}

test.describe('prescriptions and base data, online and offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('lists active and expired prescriptions; offline too; an address edited offline reaches the server once', async ({ page, context }) => {
    test.setTimeout(120_000);
    const before = await demoAddresses();
    const latest = before.at(-1) as AddressRow;
    const street = `Offlineweg ${Date.now() % 100000}`;
    try {
      await signIn(page);
      await underServiceWorker(page);

      // spec §2 /prescriptions: Active/Expired with counts, ?active=true|false
      await page.goto('/prescriptions');
      await expectPrescriptionLists(page);
      await expectNoAxeViolations(page);
      await toggle(page).getByRole('link', { name: count(de['prescriptions.toggle.active'], ACTIVE) }).click();
      await expect(page).toHaveURL(/\/prescriptions\?active=true$/);
      // the comment toggletip opens with the keyboard
      const tip = page.getByRole('button', { name: /^Hinweis zu AMLOVASC/ });
      await tip.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Blutdruck regelmässig messen')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByText('Blutdruck regelmässig messen')).toBeHidden();

      // offline: the app comes from the service worker, the data from the mirror
      await context.setOffline(true);
      await page.reload();
      await expectPrescriptionLists(page);

      // /profile/basedata offline: the edit shows at once
      await page.goto('/profile/basedata');
      await expect(h1(page)).toHaveText(de['title.profileBaseData']);
      const streetField = page.getByLabel(de['profile.field.street']);
      await expect(streetField).toHaveValue(latest.street);
      await expect(page.getByLabel(de['profile.field.firstName'])).toBeDisabled();
      await expectNoAxeViolations(page);
      await streetField.fill(street);
      await page.getByLabel(de['profile.field.phone']).fill('079 555 44 33');
      await page.getByRole('button', { name: de['profile.basedata.save'] }).click();
      // honest: stored on this device, sent once the connection is back
      await expect(page.locator('.notifications').getByRole('status').filter({ hasText: de['save.waiting.offline'] })).toBeVisible();
      await expect(streetField).toHaveValue(street);
      await expect(page.getByLabel(de['profile.field.phone'])).toHaveValue('0795554433');
      await expect(page.getByText(de['profile.basedata.pending'])).toBeVisible();
      expect((await demoAddresses()).some((a) => a.street === street)).toBe(false);
      // still there after a reload, offline
      await page.reload();
      await expect(page.getByLabel(de['profile.field.street'])).toHaveValue(street);

      // online again: the outbox is replayed, exactly one row holds the new address
      await context.setOffline(false);
      await expect
        .poll(async () => (await demoAddresses()).filter((a) => a.street === street).length, { timeout: 20_000 })
        .toBe(1);
      const after = await demoAddresses();
      const saved = after.filter((a) => a.street === street);
      expect(saved[0]).toMatchObject({ street_nr: latest.street_nr, address2: latest.address2, zip: latest.zip, city: latest.city, phone: '0795554433' });
      // the saved row is the latest (highest id), and no second row was added by a replay
      expect(after.at(-1)?.id).toBe(saved[0]?.id);
      expect(after.length - before.length).toBeLessThanOrEqual(1);
      await expect(page.getByText(de['profile.basedata.pending'])).toBeHidden();
    } finally {
      // leave the demo patient's address as seeded for the other specs
      await context.setOffline(false);
      const db = service();
      const rows = await demoAddresses();
      const added = rows.filter((a) => !before.some((b) => b.id === a.id));
      if (added.length > 0) await db.from('webshop_customer_address').delete().in('id', added.map((a) => a.id));
      const { id, ...original } = latest;
      await db.from('webshop_customer_address').update(original).eq('id', id);
    }
  });
});
