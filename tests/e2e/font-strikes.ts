// decision 0059: the documents look up the font strikes of src/ui/font-strikes.ts after the first
// paint, so the layout after a screen's data finds them cached. This finds the strikes a screen
// uses (every element with text of its own, form controls with text, generated content) and
// names those the list lacks, in the list's own notation to be copied into it.
import type { Page } from '@playwright/test';
import { FONT_FAMILIES, FONT_STRIKES, type FontStrike } from '../../src/ui/font-strikes';

/** The widths the list is made for (src/ui/font-strikes.ts): the phone Lighthouse emulates, a desktop. */
export const STRIKE_WIDTHS = [412, 1280] as const;

const key = ([weight, rem, family]: FontStrike) => `['${weight}', ${rem}, '${family}']`;

export async function unlistedFontStrikes(page: Page): Promise<string[]> {
  const used = await page.evaluate((families) => {
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const found = new Set<string>();
    const note = (style: CSSStyleDeclaration) => {
      const family = Object.entries(families).find(([, stack]) => stack === style.fontFamily)?.[0] ?? style.fontFamily;
      const weight = `${style.fontStyle === 'normal' ? '' : `${style.fontStyle} `}${style.fontWeight}`;
      found.add(JSON.stringify([weight, +(parseFloat(style.fontSize) / root).toFixed(4), family]));
    };
    // controls that draw no text of their own (a box to tick, a slider) have no strike
    const textless = new Set(['checkbox', 'radio', 'range', 'color', 'hidden', 'file', 'image']);
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || element.closest('[aria-hidden="true"]')) continue;
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      const control = element instanceof HTMLInputElement ? !textless.has(element.type) : ['SELECT', 'TEXTAREA', 'BUTTON'].includes(element.tagName);
      if (ownText || control) note(style);
      for (const pseudo of ['::before', '::after']) {
        const generated = getComputedStyle(element, pseudo);
        if (!['none', 'normal', '""'].includes(generated.content)) note(generated);
      }
    }
    return [...found].map((entry) => JSON.parse(entry) as [string, number, string]);
  }, FONT_FAMILIES);
  const listed = new Set(FONT_STRIKES.map(key));
  return used.map((strike) => key(strike as unknown as FontStrike)).filter((strike) => !listed.has(strike));
}
