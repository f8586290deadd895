// issue 40 items 2 and 3: the browser's default font size at 200 % (what a phone's or a
// desktop's "larger text" setting changes: decision 0051), and WCAG 1.4.12's text spacing.
import type { CDPSession, Page } from '@playwright/test';

/** Chromium's default sizes (Settings → Appearance → Font size "Medium"). */
const DEFAULT_FONT_SIZES = { standard: 16, fixed: 13 };

/** The DevTools session of each page the font size was set on. */
const sessions = new WeakMap<Page, CDPSession>();

/**
 * Sets the browser's default font size, as its settings do (the size `rem` and a root
 * `font-size` in % follow), through the DevTools protocol's `Page.setFontSizes`; `factor` 1 sets
 * it back.
 */
export async function setDefaultFontScale(page: Page, factor: number): Promise<void> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  await session.send('Page.setFontSizes', {
    fontSizes: { standard: DEFAULT_FONT_SIZES.standard * factor, fixed: DEFAULT_FONT_SIZES.fixed * factor },
  });
}

/** The root's font size in CSS px as the page computes it now. */
export const rootFontSize = (page: Page): Promise<number> => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

/** WCAG 1.4.12's style sheet (the W3C's text spacing bookmarklet): the four spacings, forced. */
export const TEXT_SPACING_CSS = `
* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }
`;

/** Runs `check` with the text spacing style sheet on the page, and takes it off again. */
export async function withTextSpacing<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const tag = await page.addStyleTag({ content: TEXT_SPACING_CSS });
  try {
    return await check();
  } finally {
    await tag.evaluate((el) => (el as Element).remove());
  }
}
