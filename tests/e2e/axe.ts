// axe-core run in the page itself, its script put in once per document. @axe-core/playwright
// evaluated axe's 550 kB script on every check, ran the check in parts and joined them in a
// blank page it opened for the purpose: 1.5–2.1 s a check against 0.2 s here, measured one after
// the other on one page, with the same rules and answers (the app has no frames for the parts).
// The end-to-end suite checks about 400 times (decision 0063).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.2 AA rules: what every page of the app is held to. */
const WCAG_AA_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeInPage = { run: (context: ContextObject | Document, options: RunOptions) => Promise<AxeResults> };

/** axe's result for the page, or for the part `include` selects; only the rules of `tags`. */
export async function runAxe(page: Page, { include, tags = WCAG_AA_TAGS }: { include?: string; tags?: readonly string[] } = {}): Promise<AxeResults> {
  // a page visited by history (the route tests) keeps its document, and axe with it; an element
  // with the id "axe" is on window too, hence the test for `run`
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ({ include, tags }) => {
      const axe = (window as unknown as { axe: AxeInPage }).axe;
      return axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags } });
    },
    { include, tags: [...tags] },
  );
}
