// issue 40 item 1 (WCAG 1.4.10 Reflow): nothing of the page scrolls sideways, no text is cut by
// `overflow: hidden`/`clip` or leaves the window, and no two runs of text lie on each other.
// Read in the page in one round trip; answers one line per problem, naming the element.
import type { Page } from '@playwright/test';
import { framesDrawn } from '../frames';

/**
 * Draws every `content-visibility: auto` box of the page (of the open dialog, when one is open)
 * once as things are now, then scrolls back. Chromium lays out and paints such a box only near
 * the view (the order cards: a list slice's frame no longer lays out the cards out of sight); out
 * of sight the box keeps the size it had when last drawn, and what a script measures inside it is
 * laid out in that size. After the text grew, a card not drawn since would measure as text running
 * over the next card, which no patient sees: a card is drawn at its true size before it comes into
 * view. Each box is brought into view and drawn here, so the check reads every card as the patient
 * scrolling to it sees it, and still fails when a drawn card's text overlaps.
 */
async function drawDeferredBoxes(page: Page): Promise<void> {
  const count = await page.evaluate(() => {
    const scope = document.querySelector('dialog[open]') ?? document.body;
    const boxes = [...scope.querySelectorAll('*')].filter((el) => getComputedStyle(el).contentVisibility === 'auto');
    boxes.forEach((el, i) => el.setAttribute('data-reflow-deferred', String(i)));
    return boxes.length;
  });
  if (count === 0) return;
  const [x, y] = await page.evaluate(() => [window.scrollX, window.scrollY]);
  for (let i = 0; i < count; i++) {
    await page.evaluate((i) => document.querySelector(`[data-reflow-deferred="${i}"]`)?.scrollIntoView({ block: 'center' }), i);
    await framesDrawn(page);
  }
  await page.evaluate(([x, y]) => {
    for (const el of document.querySelectorAll('[data-reflow-deferred]')) el.removeAttribute('data-reflow-deferred');
    window.scrollTo(x, y);
  }, [x, y] as const);
  await framesDrawn(page);
}

/**
 * The problems of the page as laid out now, within `scope` (a selector; the open dialog when one
 * is open, else the whole document). A horizontal scroller that holds a table is allowed (1.4.10
 * excepts data tables: they need two dimensions); its contents are not read further. Boxes drawn
 * only near the view are drawn first (drawDeferredBoxes).
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  await drawDeferredBoxes(page);
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - vw;
    const dialog = document.querySelector('dialog[open]');
    const root = dialog ?? document.body;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    if (overflow > 0) {
      // the culprits: the elements that stick out while their parent does not
      const out = (el: Element | null) => !!el && el.getBoundingClientRect().right > vw + 1;
      const culprits = [...document.body.querySelectorAll('*')].filter((el) => out(el) && !out(el.parentElement) && el.checkVisibility()).slice(0, 3);
      problems.push(`the page scrolls sideways by ${overflow}px (${culprits.map(describe).join('; ')})`);
    }
    // text for screen readers only: the visually-hidden class, or the same pattern set by a media query (clipped to nothing)
    const srOnly = (el: Element) => {
      const style = getComputedStyle(el);
      return style.position === 'absolute' && (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)');
    };
    // a one-line preview cut on purpose (data-clamped-preview: a dose's notes) is not lost text:
    // its whole is one tap away in its row's panel, and a screen reader reads it whole
    const hidden = (el: Element) =>
      el.closest('.visually-hidden, [hidden], [aria-hidden="true"] *, [data-clamped-preview]') !== null || srOnly(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const tableScroller = (el: Element) => {
      const style = getComputedStyle(el);
      return ['auto', 'scroll'].includes(style.overflowX) && el.querySelector('table') !== null;
    };
    const skip = new Set<Element>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    const elements: Element[] = [];
    for (let node = walker.currentNode as Element | null; node; node = walker.nextNode() as Element | null) elements.push(node);
    for (const el of elements) {
      if (skip.has(el.parentElement as Element) || hidden(el)) {
        skip.add(el);
        continue;
      }
      if (tableScroller(el)) {
        skip.add(el);
        continue;
      }
      const style = getComputedStyle(el);
      // a scroller of anything but a table hides what it holds sideways
      if (['auto', 'scroll'].includes(style.overflowX) && el !== document.documentElement && el !== document.body && el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'TEXTAREA' && el.tagName !== 'SELECT')
        problems.push(`${describe(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      const clips = (v: string) => v === 'hidden' || v === 'clip';
      const control = ['INPUT', 'SELECT', 'TEXTAREA', 'svg', 'IMG'].includes(el.tagName);
      if (!control && (el.textContent ?? '').trim() !== '') {
        if (clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} cuts its text sideways (${el.scrollWidth} > ${el.clientWidth})`);
        if (clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1) problems.push(`${describe(el)} cuts its text below (${el.scrollHeight} > ${el.clientHeight})`);
        if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) problems.push(`${describe(el)} ends its text in an ellipsis`);
      }
      if (ownText(el)) {
        const rect = el.getBoundingClientRect();
        if (rect.width > 0 && (rect.right > vw + 1 || rect.left < -1)) problems.push(`${describe(el)} runs out of the window (${Math.round(rect.left)}…${Math.round(rect.right)} of ${vw})`);
      }
    }
    // text on text: the line boxes of every run of text, compared with those of other elements
    const lines: { el: Element; r: DOMRect }[] = [];
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || (node.textContent ?? '').trim() === '' || skip.has(parent) || hidden(parent)) continue;
      if (parent.closest('option, select, script, style, svg')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) lines.push({ el: parent, r });
    }
    lines.sort((a, b) => a.r.top - b.r.top);
    const seen = new Set<string>();
    for (let i = 0; i < lines.length; i++) {
      const a = lines[i]!;
      for (let j = i + 1; j < lines.length && lines[j]!.r.top < a.r.bottom - 2; j++) {
        const b = lines[j]!;
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        // glyphs' boxes of neighbouring lines touch by a pixel or two; real overlap is more
        if (x > 2 && y > Math.min(a.r.height, b.r.height) / 3) {
          const key = `${describe(a.el)} / ${describe(b.el)}`;
          if (!seen.has(key)) problems.push(`text overlaps: ${key}`);
          seen.add(key);
        }
      }
    }
    return problems;
  });
}
