import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import de from '../../lang/de.json' with { type: 'json' };
import fr from '../../lang/fr.json' with { type: 'json' };

export const catalogues = { de, fr } as const;

/** Every request that would leave the machine is answered here: the disruption post 404s by default. */
export const test = base.extend<{ offsite: void }>({
  offsite: [
    async ({ context }, use) => {
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 404, body: '' }));
      await use();
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A bubble still fading in is half transparent: axe would judge the contrast of a frame
  // nobody reads. The check looks at the page once its animations have settled.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
