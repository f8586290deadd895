// What a patient meets on a tour of the app (issue 22 items 6, 8, 9): the plan keeps what the
// patient takes, the smaller things seen on the way, the profile overview. The built app in
// Chromium against the seeded local stack; each test failed before its fix. Texts come from the
// catalogues, in German and French where the screen has text.
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openDisclosure } from './disclosure';
import { appFilesLoaded, catalogues, expect, expectNoAxeViolations, medicationStandIn, test } from './fixtures';
import { framesDrawn } from './frames';
import { DEMO, newPatient, patientWithProfile, patientWithTotp, service, signIn } from './patients';
import { latestZurich } from './zurich-clock';

type Lang = 'de' | 'fr';
type Texts = (typeof catalogues)['de'];
const LANGS: Lang[] = ['de', 'fr'];
const PHONE = { width: 390, height: 844 };
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

/** Signs in through the form in German, then shows the app in `lang` (a /fr prefix sets it). */
async function signInIn(page: Page, who: { email: string; password: string }, lang: Lang, path = '/dashboard'): Promise<void> {
  await signIn(page, who);
  await page.goto(`/${lang}${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function product(offset: number): Promise<{ pharmacode: number; de: string; fr: string }> {
  const { data, error } = await service().from('pharmindex').select('pharmacode, dscrd, dscrf').eq('nincd', 10).order('pharmacode').range(offset, offset);
  if (error || !data[0]) throw new Error(error?.message ?? 'no product');
  const row = data[0] as { pharmacode: number; dscrd: string; dscrf: string | null };
  return { pharmacode: Number(row.pharmacode), de: row.dscrd, fr: row.dscrf ?? row.dscrd };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- item 6

test.describe("today's plan shows what the patient takes (issue 22 item 6)", () => {
  for (const lang of LANGS) {
    // spec §4 Prescriptions: a single-use prescription that was ordered is used, so inactive and no
    // longer orderable (/order/select); its medication is still taken until the expiry date
    test(`${lang}: an ordered single-use prescription stays in the plan until it expires, but is not orderable`, async ({ page }) => {
      const t = catalogues[lang];
      const patient = await patientWithProfile('Ursula');
      const [ordered, repeat] = [await product(3), await product(4)];
      const db = service();
      // issued a week ago: the page's clock (the latest 08:00 in Zurich) may be the day before today
      const created_at = new Date(Date.now() - 7 * 86_400_000).toISOString();
      const rows = [
        { customer_id: patient.id, medication_id: ordered.pharmacode, dosage: [1, 0, 1, 0], expires_at: inDays(20), single_use: true, used: true, created_at },
        { customer_id: patient.id, medication_id: repeat.pharmacode, dosage: [1, 0, 0, 0], expires_at: inDays(120), single_use: false, used: false, created_at },
      ];
      const { error } = await db.from('webshop_customer_medication').insert(rows);
      expect(error).toBeNull();

      await page.clock.install({ time: latestZurich('08:00') });
      await signInIn(page, patient, lang);
      const plan = page.getByRole('region', { name: t['dashboard.plan.title'] });
      const morning = plan.locator('li[aria-current="time"]');
      // in the order of the prescriptions (inserted in this order)
      await expect(morning.locator('.dose-row__name')).toHaveText([ordered[lang], repeat[lang]]);
      // the evening too (its dosage; opened with a tap, issue 38), and not among the active prescriptions
      await openDisclosure(plan.getByRole('heading', { level: 3, name: new RegExp(`^${t['intake.period.evening']}`) }));
      await expect(plan.locator('.dose-row__name').filter({ hasText: ordered[lang] })).toHaveCount(2);
      await expect(page.getByRole('region', { name: t['dashboard.active.title'] }).getByText(ordered[lang])).toHaveCount(0);
      await expectNoAxeViolations(page);

      // what can be ordered: only the repeatable one
      await page.goto('/order/select');
      await expect(page.locator('.select-item__name')).toHaveText([repeat[lang]]);
    });
  }
});

// ---------------------------------------------------------------- item 8

test.describe('the greeting at night (issue 22 item 8)', () => {
  // spec §2 dashboard "greeting by time of day": at 03:00 it said "Guten Abend"
  for (const [lang, greeting] of [
    ['de', 'Hallo'],
    ['fr', 'Bonjour'],
  ] as const) {
    test(`${lang}: 03:00 greets without a time of day`, async ({ page }) => {
      expect(catalogues[lang]['greeting.night']).toBe(greeting);
      await page.clock.install({ time: latestZurich('03:00') });
      await signInIn(page, DEMO, lang);
      await expect(h1(page)).toHaveText(`${greeting}, Sandra`);
    });
  }
});

/**
 * The words of an element's visible text (between spaces, hyphens and soft hyphens) that the
 * browser broke across two lines: none, when the text breaks only between words or at a hyphen.
 */
async function wordsBrokenMidWord(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.parentElement as HTMLElement).closest('.visually-hidden')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\u00ad-]+/gu)) {
        // from its second character: Chromium counts the hyphen drawn at a soft hyphen into the next character's box
        if (match[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, match.index + 1);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test.describe('the patient information button on a phone (issue 22 item 8)', () => {
  for (const lang of LANGS) {
    // "Patienteninformation" broke mid-word on /order/select at 390 px
    test(`${lang}: the label breaks only between words or at its hyphen on /order/select at 390 px`, async ({ page }) => {
      const t = catalogues[lang];
      await signInIn(page, DEMO, lang, '/order/select');
      await page.setViewportSize(PHONE);
      const buttons = page.getByRole('main').locator('.medication-info__button');
      await expect(buttons.first()).toBeVisible();
      for (const button of await buttons.all()) {
        expect(await wordsBrokenMidWord(button), (await button.textContent()) ?? '').toEqual([]);
        // it does wrap here (the check is not empty): two lines
        expect((await button.boundingBox())?.height ?? 0).toBeGreaterThan(48);
      }
      await expect(buttons.first()).toContainText(t['medicationInfo.title']);
    });
  }
});

/** How many of these elements a sighted patient sees (a visually hidden live region has a 1 px box). */
const seen = (elements: Locator) => elements.evaluateAll((list) => list.filter((el) => el.getBoundingClientRect().width > 2 && el.getBoundingClientRect().height > 2).length);

test.describe('the calculator hint (issue 22 item 8)', () => {
  for (const lang of LANGS) {
    // "at least 5 characters" showed twice after a product was picked (above the field and under it)
    test(`${lang}: after a product is picked the minimum is shown once`, async ({ page }) => {
      const t = catalogues[lang];
      await page.goto(`/${lang}/generics/calculator`);
      const hint = page.getByText(fill(t['combobox.hint'], { min: 5 }));
      const search = page.getByRole('combobox', { name: t['generics.search.label'] });
      await search.fill('lip');
      await expect(search).toHaveValue('lip');
      expect(await seen(hint)).toBe(1);
      await search.pressSequentially('or');
      await page.getByRole('option').first().click();
      await expect(page).toHaveURL(/pharmacode=\d+/);
      await expect(search).not.toHaveValue('lipor');
      expect(await seen(hint)).toBe(1);
      await expect(page.getByRole('status').filter({ hasText: fill(t['combobox.hint'], { min: 5 }) })).toHaveCount(0);
    });
  }
});

test.describe('the login confirmation after too many wrong codes (issue 22 item 8)', () => {
  for (const lang of LANGS) {
    // spec §8 "Too many wrong codes" (#at04, #su01): after 6 wrong codes a reload showed the normal
    // form, and a right code was then refused; the lock shows with the time it ends
    test(`${lang}: the lock and its end show, also after a reload`, async ({ page }) => {
      const t = catalogues[lang];
      const patient = await patientWithTotp(lang);
      await page.goto(`/${lang}/login`);
      await page.getByLabel(t['auth.field.email']).fill(patient.email);
      await page.getByLabel(t['auth.field.password'], { exact: true }).fill(patient.password);
      await page.getByRole('main').getByRole('button', { name: t['auth.login.submit'] }).click();
      await expect(h1(page)).toHaveText(t['title.secondFactor']);
      const field = page.getByLabel(t['account.code.label']);
      const wrong = () => {
        const right = new TOTP({ secret: Secret.fromBase32(patient.secret) }).generate();
        return right === '000000' ? '111111' : '000000';
      };
      // the local stack takes 5 wrong codes per factor (supabase/local/auth/ratelimit.ts); the 6th is refused
      for (let i = 0; i < 5; i++) {
        await field.fill(wrong());
        await page.getByRole('button', { name: t['secondFactor.submit'] }).click();
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveValue('');
      }
      await field.fill(wrong());
      await page.getByRole('button', { name: t['secondFactor.submit'] }).click();
      const locked = page.getByRole('main').locator('.account-notice--danger');
      await expect(locked).toBeFocused();
      const until = Number(await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('rezeptpost.second-factor-lock.'))?.[1]));
      expect(until).toBeGreaterThan(Date.now());
      const time = new Intl.DateTimeFormat(`${lang}-CH`, { hour: 'numeric', minute: 'numeric', timeZone: 'Europe/Zurich' }).format(until);
      await expect(locked).toHaveText(t['secondFactor.locked'].replace('{until, time, short}', time));
      await expect(field).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(h1(page)).toHaveText(t['title.secondFactor']);
      await expect(page.getByRole('main').locator('.account-notice--danger')).toHaveText(t['secondFactor.locked'].replace('{until, time, short}', time));
      await expect(page.getByLabel(t['account.code.label'])).toHaveCount(0);
      // the way out stays
      await expect(page.getByRole('button', { name: t['secondFactor.signOut'] })).toBeVisible();
    });
  }
});

test.describe('the "stored on this device" bubble (issue 22 item 8)', () => {
  test.use({ serviceWorkers: 'allow' });
  for (const lang of LANGS) {
    // it greeted first-time anonymous visitors and covered the login fields: it belongs to an install
    test(`${lang}: a first visit says nothing; an install does`, async ({ page }) => {
      const t = catalogues[lang];
      await page.goto(`/${lang}/login`);
      await page.getByLabel(t['auth.field.email']).click();
      // the worker is installed and activated on this first visit
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 20_000 })
        .toBe('activated');
      await framesDrawn(page);
      const bubble = page.locator('.notifications').getByText(t['pwa.offlineReady']);
      await expect(bubble).toHaveCount(0);

      // the browser reports the install (Chromium fires appinstalled after its dialog)
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await expect(bubble).toBeVisible();
    });
  }
});

test.describe('the comment of a prescription (issue 22 item 8)', () => {
  for (const lang of LANGS) {
    // the comment's tooltip covered the next card
    test(`${lang}: the open comment stays inside its card, on a phone and wide`, async ({ page }) => {
      const t = catalogues[lang];
      await signInIn(page, DEMO, lang, '/prescriptions');
      for (const size of [PHONE, { width: 1280, height: 900 }]) {
        await page.setViewportSize(size);
        const cards = page.getByRole('main').locator('.rx-item');
        const card = cards.filter({ has: page.locator('.rx-tip') }).first();
        const button = card.locator('.rx-tip__button');
        await expect(button).toContainText(t['prescriptions.comment.button'].replace(/<hidden>.*$/u, ''));
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        const bubble = card.locator('.rx-tip__bubble');
        await expect(bubble).toBeVisible();
        const within = await bubble.evaluate((b) => {
          const inner = b.getBoundingClientRect();
          const own = b.closest('.rx-item') as HTMLElement;
          const outer = own.getBoundingClientRect();
          const others = [...document.querySelectorAll('.rx-item')].filter((c) => c !== own).map((c) => c.getBoundingClientRect());
          const overlaps = others.some((r) => inner.left < r.right && r.left < inner.right && inner.top < r.bottom && r.top < inner.bottom);
          return { inside: inner.bottom <= outer.bottom && inner.top >= outer.top, overlaps };
        });
        expect(within).toEqual({ inside: true, overlaps: false });
      }
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('an order opened by its address (issue 22 item 8)', () => {
  // /orders?id= scrolled the card flush to the top and clipped the heading's focus ring
  test('the card and the focus ring of its heading are in view', async ({ page }) => {
    await signIn(page, DEMO);
    await page.setViewportSize(PHONE);
    await page.goto('/orders?active=false');
    const last = await page.locator('[data-order-id]').last().getAttribute('data-order-id');
    await page.goto(`/orders?active=false&id=${last}`);
    const heading = page.locator(`[data-order-id="${last}"] .order-item__title`);
    await expect(heading).toBeFocused();
    const box = await heading.evaluate((h) => {
      const style = getComputedStyle(h);
      const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      return { ringTop: h.getBoundingClientRect().top - ring, cardTop: (h.closest('.order-item') as HTMLElement).getBoundingClientRect().top, scrolled: scrollY, ring };
    });
    expect(box.ring).toBeGreaterThan(0);
    expect(box.scrolled).toBeGreaterThan(0);
    expect(box.cardTop).toBeGreaterThanOrEqual(0);
    expect(box.ringTop).toBeGreaterThanOrEqual(0);
  });
});

test.describe('the amount field (issue 22 item 8)', () => {
  for (const lang of LANGS) {
    // spec §5 "Removing sets the amount to none": typing 0 removes the product, as the remove button does
    test(`${lang}: typing 0 removes the product from the selection`, async ({ page }) => {
      const t = catalogues[lang];
      await signInIn(page, DEMO, lang, '/order/select');
      // the names come with the medication details (until then a stand-in, and the rows move)
      await expect(page.locator('.select-item__name').first()).toBeVisible();
      await expect(page.locator('.select-item__name').filter({ hasText: medicationStandIn(t) })).toHaveCount(0);
      // a repeatable prescription (a single-use one allows 1 at most)
      const item = page.locator('.select-item').filter({ hasNot: page.locator('.select-item__marker') }).first();
      const name = (await item.locator('.select-item__name').textContent()) ?? '';
      const field = item.getByRole('textbox', { name: fill(t['amount.label'], { name }) });
      await item.getByRole('button', { name: fill(t['amount.more'], { name }) }).click();
      await item.getByRole('button', { name: fill(t['amount.more'], { name }) }).click();
      await expect(field).toHaveValue('2');
      const remove = item.getByRole('button', { name: fill(t['amount.removeLabel'], { name }) });
      await expect(remove).toBeVisible();
      await field.selectText();
      await page.keyboard.type('0');
      await expect(remove).toHaveCount(0);
      await expect(item).not.toHaveClass(/select-item--chosen/);
      await page.keyboard.press('Tab');
      await expect(field).toHaveValue('');
      // the selection is empty: going on asks to choose a product (spec §5 order selection)
      await page.reload();
      await expect(page.locator('.select-item--chosen')).toHaveCount(0);
    });
  }
});

test.describe('the lost-connection notice on a phone (issue 22 item 8)', () => {
  for (const lang of LANGS) {
    // it took 300 px above the page at 390 px; spec §8: ask to restore the connection and reload
    test(`${lang}: one compact line with a small action, the spec's request kept`, async ({ page, context }) => {
      const t = catalogues[lang];
      await signInIn(page, DEMO, lang);
      await page.setViewportSize(PHONE);
      await expect(h1(page)).toBeVisible();
      // no file of the app cut off by the loss (the page would reload on the return)
      await appFilesLoaded(page);
      await context.setOffline(true);
      const notice = page.locator('.sync-notice--lost');
      await expect(notice.getByText(t['sync.connection.lost'], { exact: true })).toBeVisible();
      // the spec's request: restore the connection (the line) and reload (its action)
      expect(t['sync.connection.lost']).toMatch(lang === 'de' ? /Verbindung.*wiederherstellen/u : /connexion.*rétablir/u);
      expect(t['sync.connection.reload']).toMatch(lang === 'de' ? /neu laden/iu : /recharger/iu);
      await expect(notice.getByRole('button', { name: t['sync.connection.reload'] })).toBeVisible();
      // one short sentence beside a small action: at most two lines of text (it was 290 px)
      const box = await notice.boundingBox();
      expect(box?.height ?? Infinity).toBeLessThanOrEqual(56);
      await expectNoAxeViolations(page);
      await context.setOffline(false);
    });
  }
});

// ---------------------------------------------------------------- item 9

test.describe('the profile overview (issue 22 item 9)', () => {
  for (const lang of LANGS) {
    // spec §2 overview/{showInfo?}: four setup steps, each done or to do; showInfo 1 or 2 shows one of
    // two intro texts. It was never shown: the onboarding replaced it. Now it opens the onboarding.
    test(`${lang}: the onboarding opens with the overview — the welcome, then "before you can order"`, async ({ page }) => {
      const t: Texts = catalogues[lang];
      const patient = await newPatient('Olga');
      await signInIn(page, patient, lang);
      const steps = page.locator('.setup-steps__item');
      // a patient who has not begun: the welcome (showInfo 1) and every step to do
      await expect(h1(page)).toHaveText(t['title.onboarding']);
      await expect(page.getByText(t['profile.overview.info1'])).toBeVisible();
      await expect(page.getByText(t['profile.overview.intro'])).toBeVisible();
      await expect(steps).toHaveText(
        (['profile', 'insurance', 'questionnaire', 'orderPreferences'] as const).map((s) => new RegExp(`${t[`profile.overview.step.${s}`]}.*${t['profile.overview.todo']}`, 'u')),
      );
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: t['onboarding.overview.start'] }).click();
      await expect(h1(page)).toHaveText(t['onboarding.title.1']);
      await expect(h1(page)).toBeFocused();

      // the overview's own address with showInfo 2, and the order flow, say why the profile is needed
      for (const path of ['/profile/overview/2', '/order/select']) {
        await page.goto(path);
        await expect(h1(page)).toHaveText(t['title.onboarding']);
        await expect(page.getByText(t['profile.overview.info2'])).toBeVisible();
        await expect(page.getByText(t['profile.overview.info1'])).toHaveCount(0);
      }
      await page.goto('/profile/overview/1');
      await expect(page.getByText(t['profile.overview.info1'])).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`${lang}: half way, the overview marks each step done or to do and leads on to the next`, async ({ page }) => {
      const t: Texts = catalogues[lang];
      const patient = await newPatient('Paula');
      const db = service();
      expect((await db.from('webshop_customers').insert({ id: patient.id, first_name: 'Paula', last_name: 'Test', gender: 2, birthday: '1950-01-02', language: lang })).error).toBeNull();
      expect(
        (await db.from('webshop_customer_address').insert({ customer_id: patient.id, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur', phone: '0521234567' })).error,
      ).toBeNull();
      await signInIn(page, patient, lang);
      // half way, the dashboard goes straight to the missing step
      await expect(h1(page)).toHaveText(t['onboarding.title.3']);
      await page.goto('/profile');
      await expect(h1(page)).toHaveText(t['title.onboarding']);
      const states = page.locator('.setup-steps__state');
      await expect(states).toHaveText([t['profile.overview.done'], t['profile.overview.todo'], t['profile.overview.todo'], t['profile.overview.todo']]);
      await expect(page.getByText(t['profile.overview.info1'])).toHaveCount(0);
      await page.getByRole('button', { name: fill(t['onboarding.overview.continue'], { step: 3, total: 6 }) }).click();
      await expect(h1(page)).toHaveText(t['onboarding.title.3']);
    });
  }
});
