// issue 40 items 6 and 7: what a screen reader meets on a page — one h1, headings in order,
// what the live regions announce (each message once) — and where the focus goes after an
// action that removes or replaces the focused element (never the page itself).
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { framesDrawn } from '../frames';

/** A YAML string as an aria snapshot writes a name: a catalogue's text as it is. */
export const said = (text: string): string => JSON.stringify(text);

/**
 * The accessibility tree of `locator` (its aria snapshot), read from top to bottom as a screen
 * reader does, holds each of `lines` in this order (each a part of one line of the snapshot,
 * e.g. `heading "Anmelden" [level=1]`); what lies between them does not matter.
 */
export async function expectReadInOrder(locator: Locator, lines: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const tree = (await locator.ariaSnapshot()).split('\n').map((l) => l.trim());
      let at = 0;
      for (const line of lines) {
        const found = tree.findIndex((l, i) => i >= at && l.includes(line));
        if (found < 0) return `not read (after the line before): ${line}\n${tree.join('\n')}`;
        at = found + 1;
      }
      return 'in order';
    })
    .toBe('in order');
}

/**
 * The visible headings of the page in document order (closed dialogs and hidden parts left
 * out), as "h<level> text".
 */
export async function headings(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')]
      .filter((h) => h.checkVisibility({ visibilityProperty: true }) && !h.closest('[aria-hidden="true"]'))
      .map((h) => `h${h.getAttribute('aria-level') ?? h.tagName.slice(1)} ${(h.textContent ?? '').trim().replace(/\s+/g, ' ')}`),
  );
}

/**
 * One h1, the first heading; no level skipped on the way down (h2 → h4). Read until the page
 * has settled: while one screen gives way to the next there is a moment with the old one's
 * headings or none.
 */
export async function expectHeadingsInOrder(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const problems = async (): Promise<string[]> => {
    const list = await headings(page);
    const levels = list.map((h) => Number(h.slice(1, 2)));
    const found: string[] = [];
    if (levels.filter((l) => l === 1).length !== 1) found.push(`not one h1: ${list.join(' | ')}`);
    if (levels[0] !== 1) found.push(`the h1 not first: ${list.join(' | ')}`);
    found.push(...levels.flatMap((l, i) => (i > 0 && l > levels[i - 1]! + 1 ? [`level skipped: ${list[i - 1]} → ${list[i]}`] : [])));
    return found;
  };
  await expect.poll(problems, 'one h1, first, no heading level skipped').toEqual([]);
}

/**
 * Records from the page's start what its live regions say (role status/alert/log, aria-live
 * polite/assertive): each time a region's text changes to something not empty, that text. Call
 * before the page's first navigation.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { announced: string[] }).announced = said;
    const live = '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]';
    const last = new WeakMap<Element, string>();
    const read = () => {
      for (const region of document.querySelectorAll(live)) {
        if (region.parentElement?.closest(live)) continue;
        const text = (region.textContent ?? '').trim().replace(/\s+/g, ' ');
        if (text !== (last.get(region) ?? '') && text !== '') said.push(text);
        last.set(region, text);
      }
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** What the live regions said so far, in order. */
export const announcements = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { announced: string[] }).announced);

/** `text` announced, and exactly once (a message said again and again is noise to a screen reader). */
export async function expectAnnouncedOnce(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await announcements(page)).filter((a) => a.includes(text)).length, `"${text}" announced`).toBeGreaterThan(0);
  expect((await announcements(page)).filter((a) => a.includes(text)), `"${text}" announced once`).toHaveLength(1);
}

/** The focused element, described; "body" when the focus fell to the page itself or to an element no longer there. */
export async function focused(page: Page): Promise<string> {
  await framesDrawn(page);
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement || !el.isConnected) return 'body';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return `${el.tagName.toLowerCase()} "${name}"`;
  });
}

/**
 * issue 40 item 7: runs `action` (from the keyboard: the focused element is the one acted on)
 * and `settled` (waits for the action's outcome), then requires the focus on something of the
 * page, never the page itself. Answers where the focus went.
 */
export async function focusAfter(page: Page, what: string, action: () => Promise<void>, settled: () => Promise<void>): Promise<string> {
  await action();
  await settled();
  const where = await focused(page);
  expect(where, `after ${what} the focus is on the page itself`).not.toBe('body');
  return where;
}
