// The generics calculator and the patient information end to end (spec §2 /generics/calculator
// public, §7 search, webshopGenericMeds, compendium, product pictures, §8 calculator messages,
// §9 unit price and savings). The built app in Chromium against the seeded local stack.
import type { Page, Route } from '@playwright/test';
import { backOnline, catalogues, expect, expectNoAxeViolations, pageKnowsOffline, test } from './fixtures';
import { DEMO, service, signIn, underServiceWorker } from './patients';

// seed.sql: LIPORVA (atorvastatin) is an original with cheaper generics (sloplus 1); the
// Mepha generic of the same pack is already a generic
const ORIGINAL = { de: 'LIPORVA Filmtabl 20 mg 30 Stk', fr: 'LIPORVA cpr pell 20 mg 30 pce' };
const GENERIC = 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk';

interface Alternative {
  pharmacode: number;
  price: number;
  quantity: number;
  dscrd: string;
  dscrf: string;
}

async function pharmacodeOf(dscrd: string): Promise<number> {
  const { data, error } = await service().from('pharmindex').select('pharmacode').eq('dscrd', dscrd).single();
  if (error) throw new Error(error.message);
  return Number((data as { pharmacode: number }).pharmacode);
}

/** What the server answers for the original, in the order the screen must show (unit price ascending). */
async function expectedAlternatives(pharmacode: number): Promise<Alternative[]> {
  const { data, error } = await service().functions.invoke('webshopGenericMeds', { body: { pharmacode } });
  if (error) throw new Error(String(error));
  const unit = (a: Alternative) => Math.ceil(Math.round(a.price * 100) / a.quantity);
  return [...(data as Alternative[])].sort((a, b) => unit(a) - unit(b));
}

// a 1×1 PNG for the image host (offsite requests are 404 otherwise: the placeholder shows)
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
async function servePictures(page: Page) {
  await page.context().route(/^https:\/\/documedis\.hcisolutions\.ch\//, (route: Route) =>
    route.fulfill({ status: 200, body: PNG, headers: { 'content-type': 'image/png', 'access-control-allow-origin': '*' } }),
  );
}

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

for (const lang of ['de', 'fr'] as const) {
  const t = catalogues[lang];
  test.describe(`generics calculator (${lang})`, () => {
    test.use({ locale: `${lang}-CH` });

    test('a visitor finds an original with cheaper generics, sees them sorted with savings; the shared address shows the same after a reload', async ({ page }) => {
      const pharmacode = await pharmacodeOf(ORIGINAL.de);
      const expected = await expectedAlternatives(pharmacode);
      expect(expected.length).toBeGreaterThan(1);
      await servePictures(page);

      await page.goto('/generics/calculator');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t['title.genericsCalculator']);
      const search = page.getByRole('combobox', { name: t['generics.search.label'] });
      // spec §5/§9: from 5 characters
      await search.fill('lipo');
      await expect(page.getByRole('listbox')).toBeHidden();
      await search.pressSequentially('r');
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      await expect(search).toHaveAttribute('aria-expanded', 'true');
      const names = (await options.allTextContents()).map(squash);
      const index = names.findIndex((n) => n.startsWith(ORIGINAL[lang]));
      expect(index, names.join(' | ')).toBeGreaterThanOrEqual(0);
      // keyboard only: Arrow Down to the product, Enter
      for (let i = 0; i <= index; i++) await search.press('ArrowDown');
      await expect(page.locator(`#${await search.getAttribute('aria-activedescendant')}`)).toContainText(ORIGINAL[lang]);
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/generics/calculator\\?pharmacode=${pharmacode}$`));

      const check = async () => {
        const original = page.getByRole('region', { name: t['generics.original.heading'] });
        await expect(original.getByRole('heading', { level: 3 })).toHaveText(ORIGINAL[lang]);
        // the 500 px picture, front 3D preferred, loaded from the image host
        const picture = original.locator('img');
        await expect(picture).toHaveAttribute('src', new RegExp(`/PICFRONT3D/Pharmacode/${pharmacode}/500$`));
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
        const list = page.locator('.calc-alternatives');
        const items = list.getByRole('listitem');
        await expect(items).toHaveCount(expected.length);
        // sorted by unit price, names in the language
        await expect(items.getByRole('heading', { level: 3 })).toHaveText(expected.map((a) => (lang === 'fr' ? a.dscrf : a.dscrd)));
        // savings: the cheapest saves well above 7 %
        await expect(items.first()).toContainText(t['generics.saving.value'].replace('{percent}', '').trim());
        await expect(list.locator('.calc-summary')).toBeVisible();
        await expect(page.locator('.calc-deductible')).toContainText(t['generics.learnMore']);
      };
      await check();
      await expectNoAxeViolations(page);

      // the patient information of the chosen product opens from the calculator
      // an accessible name drops the title's soft hyphen (Patienten-information), so a pattern must too
      await page.getByRole('button', { name: new RegExp(`^${t['medicationInfo.title'].replace(/\u00ad/gu, '')}`) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { level: 3 }).first()).toContainText(lang === 'fr' ? 'Liporva®' : 'Was ist Liporva®');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // the address is the comparison: a reload (or a shared link) shows the same
      await page.reload();
      await check();
    });

    test('an already generic product shows "Super!"; a search without hit says so; more loads 40 more', async ({ page }) => {
      await page.goto(`/generics/calculator?pharmacode=${await pharmacodeOf(GENERIC)}`);
      await expect(page.locator('.calc-message')).toHaveText(t['generics.message.isGeneric']);
      await expect(page.getByRole('region', { name: t['generics.original.heading'] }).getByRole('heading', { level: 3 })).toContainText(lang === 'fr' ? 'ATORVASTATINE Mepha' : 'ATORVASTATIN Mepha');
      await expectNoAxeViolations(page);

      const search = page.getByRole('combobox', { name: t['generics.search.label'] });
      await search.fill('xylofa');
      await expect(page.locator('.med-combobox__status')).toHaveText(t['combobox.noResult']);
      // spec §9: 7 results, 40 more on "more"
      await search.fill('atorvastatin');
      await expect(page.getByRole('option')).toHaveCount(7);
      await page.getByRole('button', { name: t['combobox.more'] }).click();
      await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(7);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('patient information of a prescription', () => {
  test.use({ serviceWorkers: 'allow' });

  test('opens from /prescriptions and reads offline; a product without a text says so; the calculator says it needs the network', async ({ page, context }) => {
    test.setTimeout(90_000);
    const { de } = catalogues;
    await servePictures(page);
    await signIn(page, DEMO);
    await underServiceWorker(page);
    await page.goto('/prescriptions');
    const open = async (name: string) => {
      await page.getByRole('button', { name: `${de['medicationInfo.title']} zu ${name}` }).click();
      return page.getByRole('dialog', { name: `${de['medicationInfo.title']} ${name}` });
    };
    const check = async () => {
      const dialog = await open('AMLOVASC Tabl 5 mg 30 Stk');
      await expect(dialog.getByRole('heading', { level: 3, name: 'Was ist Amlovasc® und wann wird es angewendet?' })).toBeVisible();
      await expect(dialog).toContainText('Bluthochdruck');
      await dialog.getByRole('button', { name: de['medicationInfo.close'] }).click();
      await expect(dialog).toBeHidden();
      // seed: Sandoz generics have no patient information (spec §8 missing text)
      const none = await open('IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk');
      await expect(none.getByRole('status')).toHaveText(de['medicationInfo.missing']);
      await page.keyboard.press('Escape');
    };
    await check();
    await open('AMLOVASC Tabl 5 mg 30 Stk');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    try {
      await page.reload();
      await check();
      await page.goto('/generics/calculator?pharmacode=1');
      await pageKnowsOffline(page);
      await expect(page.locator('.calc-offline')).toHaveText(de['generics.message.offline']);
    } finally {
      await backOnline(context);
    }
  });
});
