import { appReady, catalogues, expect, expectNoAxeViolations, test } from './fixtures';
import { runAxe } from './axe';

const { de, fr } = catalogues;

test.describe('languages', () => {
  // spec §1 "The default is French if the browser language contains fr, otherwise German."
  test('home renders in German for a German browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['public.home.hero.title']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle(`Rezeptplattform - ${de['title.home']}`);
  });

  test.describe('French browser', () => {
    test.use({ locale: 'fr-CH' });
    test('home renders in French', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr['public.home.hero.title']);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle(`Plateforme d’ordonnances - ${fr['title.home']}`);
    });
  });

  // spec §2 "/de/{any}, /fr/{any}, /de, /fr : set the language and redirect to the same path without the prefix"
  test('/fr/generics lands on /generics in French, and the choice sticks', async ({ page }) => {
    await page.goto('/fr/generics');
    await expect(page).toHaveURL(/\/generics$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr['public.generics.heading']);
    await expect(page).toHaveTitle(`Plateforme d’ordonnances - ${fr['title.generics']}`);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('the De/Fr switch changes every text and the document language', async ({ page }) => {
    await page.goto('/prescriptiontutorial');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr['public.tutorial.heading']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('routing', () => {
  // spec §2 "Other routes show a login prompt when signed out."
  // spec §2 "/dashboard shows this screen [the login] when signed out"
  test('/dashboard shows the sign-in form when signed out, and the dashboard after signing in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveTitle(`Rezeptplattform - ${de['title.login']}`);
    await page.getByLabel(de['auth.field.email']).fill('demo@rezeptpost.ch');
    await page.getByLabel(de['auth.field.password'], { exact: true }).fill('Demo-Rezept-2026');
    await page.getByRole('main').getByRole('button', { name: de['auth.login.submit'] }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle(`Rezeptplattform - ${de['title.dashboard']}`);
  });

  for (const path of ['/prescriptions', '/order/select', '/profile/basedata']) {
    test(`${path} shows the login prompt when signed out`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['loginPrompt.title']);
      await expect(page.getByRole('main').getByRole('link', { name: de['loginPrompt.login'] })).toBeVisible();
    });
  }

  // spec §2 "Each route has a title. The title is set on navigation and the page scrolls to the top."
  test('navigation sets the title and scrolls to the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('navigation').getByRole('link', { name: de['nav.tutorial'] }).click();
    await expect(page).toHaveURL(/\/prescriptiontutorial$/);
    await expect(page).toHaveTitle(`Rezeptplattform - ${de['title.prescriptionTutorial']}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  // decision 0070: the screen on view stays until the next one's code is there; the route's
  // Suspense boundary is new with the route, and its spinner stayed React's 300 ms at least
  test('a link to a screen not visited yet shows no spinner between the two screens', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await page.evaluate(() => {
      const w = window as unknown as { spinnerSeen?: boolean };
      w.spinnerSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('#main .spinner')) w.spinnerSeen = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByRole('navigation').getByRole('link', { name: de['nav.tutorial'] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['public.tutorial.heading']);
    expect(await page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen)).toBe(false);
  });
});

test.describe('notifications', () => {
  // spec §2 "Notifications are stacked 30 px apart and vanish after 3.5 seconds."
  test('bubbles stack 30 px apart, are announced, and vanish after 3.5 s', async ({ page }) => {
    // the page's clock stands still from here on and moves only by runFor
    await page.clock.install({ time: new Date('2026-11-23T09:00:00+01:00') });
    await page.goto('/generics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['public.generics.heading']);
    await appReady(page);
    await page.clock.pauseAt(new Date('2026-11-23T09:00:10+01:00'));
    await page.getByRole('button', { name: 'Français' }).click();
    // the bubble must not cover the controls: this click would otherwise wait for it to vanish
    await page.getByRole('button', { name: 'Deutsch' }).click({ timeout: 1000 });
    const bubbles = page.locator('.notification');
    await expect(bubbles).toHaveCount(2);
    // layout positions (offsetTop), not boxes: the entry animation moves a bubble by a few pixels
    const gap = await page.locator('.notifications').evaluate((stack) => {
      const [first, second] = [...stack.children] as HTMLElement[];
      return first && second ? second.offsetTop - (first.offsetTop + first.offsetHeight) : null;
    });
    expect(gap).toBe(30);
    await expect(page.locator('.notifications[aria-live="polite"]')).toContainText(de['language.changed'].split('{')[0] ?? '');
    await page.clock.runFor(3400);
    await expect(bubbles).toHaveCount(2);
    await page.clock.runFor(200);
    await expect(bubbles).toHaveCount(0);
  });

  // spec §2 stacked 30 px apart: a bubble is far taller than 30 px on a phone, so the 30 px must be
  // the room between two bubbles, never an overlap; and a bubble that is still coming in must be
  // as readable as one that has arrived (axe may sample any frame of the entry)
  test('on a phone, tall bubbles never overlap, and an entering bubble has full contrast', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await page.getByLabel(de['auth.field.email']).fill('niemand@example.test');
    await page.getByLabel(de['auth.field.password'], { exact: true }).fill('falsches-Passwort');
    const bubbles = page.locator('.notification');
    for (let n = 1; n <= 3; n++) {
      await page.getByRole('main').getByRole('button', { name: de['auth.login.submit'] }).click();
      await expect(bubbles).toHaveCount(n);
    }
    // every entry animation held at its middle frame
    await page.evaluate(() => document.getAnimations().forEach((a) => (a.pause(), (a.currentTime = 80))));
    const boxes = await bubbles.evaluateAll((els) => els.map((el) => ({ top: el.getBoundingClientRect().top, bottom: el.getBoundingClientRect().bottom, opacity: getComputedStyle(el).opacity })));
    expect(boxes.every((b) => b.bottom - b.top > 60)).toBe(true);
    expect(boxes.map((b) => b.opacity)).toEqual(['1', '1', '1']);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    const results = await runAxe(page, { include: '.notifications', tags: ['wcag2aa'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test.describe('disruption banner', () => {
  // spec §2 "It is shown only when the fetch answers 200, and it can be dismissed."
  test('shows the post on 200 and can be dismissed', async ({ page, context }) => {
    await context.route(/rezeptpost\.ch\/wp-json/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ content: { rendered: '<p>Heute verzögerte Lieferungen</p>' } }]) }),
    );
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: de['disruption.label'] });
    // a first visit asks once the service worker has taken over, at the latest after 6 s (here none comes: blocked)
    await expect(banner).toHaveText(/Heute verzögerte Lieferungen/, { timeout: 10_000 });
    await banner.getByRole('button', { name: de['disruption.dismiss'] }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('stays away when the post does not answer 200', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: de['disruption.label'] })).toHaveCount(0);
  });
});

test.describe('layout and accessibility', () => {
  test('keyboard: the skip link comes first and moves to the content', async ({ page }) => {
    await page.goto('/generics');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: de['app.skipToContent'] });
    await expect(skip).toBeFocused();
    // shown, it lies over no other target (it lay over the brand link: axe's target-size)
    const [skipBox, brandBox] = await Promise.all([skip.boundingBox(), page.getByRole('banner').getByRole('link').first().boundingBox()]);
    expect(skipBox && brandBox && skipBox.y + skipBox.height <= brandBox.y).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test.describe('mobile', () => {
    test.use({ viewport: { width: 390, height: 800 } });
    // spec §9 "Mobile layout breakpoint 431 px."
    test('below 431 px the navigation folds behind a menu button', async ({ page }) => {
      await page.goto('/');
      const menu = page.getByRole('button', { name: de['nav.menu'] });
      const tutorial = page.getByRole('navigation').getByRole('link', { name: de['nav.tutorial'] });
      await expect(tutorial).toBeHidden();
      const heading = page.getByRole('heading', { level: 1 });
      const before = await heading.boundingBox();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(tutorial).toBeVisible();
      // the open menu lies over the page: nothing under it moves (closing it as a link is tapped
      // then repaints no long page whole)
      expect((await heading.boundingBox())?.y).toBe(before?.y);
      await expectNoAxeViolations(page);
    });

    // WAI-ARIA disclosure navigation: Escape closes the open menu; the focus goes back to its
    // button when it was in the menu, and stays where it was when it was not
    test('Escape closes the open menu and hands the focus back to its button', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: de['nav.label'] });
      const menu = nav.getByRole('button', { name: de['nav.menu'] });
      const tutorial = nav.getByRole('link', { name: de['nav.tutorial'] });
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(tutorial).toBeHidden();
      await expect(menu).toBeFocused();

      // opened by a tap, the focus then moved into the page: Escape closes, the focus stays
      await menu.click();
      await expect(tutorial).toBeVisible();
      const main = page.locator('#main');
      await main.focus();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(main).toBeFocused();
    });
  });

  for (const locale of ['de-CH', 'fr-CH']) {
    test.describe(locale, () => {
      test.use({ locale });
      // a first load in the browser's language; every route of the table: axe-routes.spec.ts
      for (const path of ['/', '/nowhere']) {
        test(`axe finds nothing on ${path}`, async ({ page }) => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        });
      }
    });
  }
});
