// issue 40 item 4: forced colours (focus visible, every graphic still drawn against the
// background), reduced motion (nothing moves), more contrast (the muted greys go darker).
import type { Page } from '@playwright/test';

/**
 * The elements whose look is a background colour alone (no text, no picture): a bar's fill, a
 * legend's swatch. Read with forced colours off; `forcedColourProblems` then asks whether they
 * still show. Answers their indexes in document order.
 */
export async function backgroundOnlyElements(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const transparent = (c: string) => c === 'rgba(0, 0, 0, 0)' || c === 'transparent';
    const backgroundBehind = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (!transparent(bg)) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const found: number[] = [];
    [...document.querySelectorAll('body *')].forEach((el, i) => {
      // text, a picture, a control, or a mark drawn as generated content shows without its background
      if ((el.textContent ?? '').trim() !== '' || el.matches('img, input, select, textarea, button') || el.querySelector('img, svg, input, select, textarea') || el.closest('svg, .visually-hidden, .route-frame, .spinner')) return;
      if (['::before', '::after'].some((pseudo) => !['none', 'normal'].includes(getComputedStyle(el, pseudo).content))) return;
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2 || !el.checkVisibility({ visibilityProperty: true })) return;
      const bg = getComputedStyle(el).backgroundColor;
      if (!transparent(bg) && bg !== backgroundBehind(el.parentElement)) found.push(i);
    });
    return found;
  });
}

/**
 * With forced colours on: every focusable element of the page (the open dialog's when one is
 * open) focused in turn shows an outline (forced colours drop box shadows); every shape of an
 * SVG graphic is drawn in the colours of the forced palette (forced colours repaint text,
 * borders and backgrounds, never an SVG's fills: a graphic in fixed colours ignores the
 * patient's theme), and no graphic is drawn in the background's colour alone; and the elements
 * `backgroundOnly` names (read with forced colours off) still show: a border, a background image,
 * or a colour of their own. Answers one line per problem. The page must have seen a key press (focus
 * by script then shows :focus-visible, as after Tab).
 */
export async function forcedColourProblems(page: Page, backgroundOnly: number[]): Promise<string[]> {
  await page.keyboard.press('Shift');
  return page.evaluate((backgroundOnlyIndexes) => {
    const problems: string[] = [];
    const root = document.querySelector('dialog[open]') ?? document.body;
    const describe = (el: Element) => {
      const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/)[0];
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const focusables = [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(
      (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('.visually-hidden'),
    );
    const before = document.activeElement as HTMLElement | null;
    for (const el of focusables) {
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      const style = getComputedStyle(el);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
      if (!outlined) problems.push(`${describe(el)}: no focus outline`);
    }
    before?.focus({ preventScroll: true });

    // the forced palette, as the page computes its system colours now
    const probe = document.createElement('span');
    document.body.append(probe);
    const system = (name: string) => {
      probe.style.color = name;
      return getComputedStyle(probe).color;
    };
    const canvas = system('Canvas');
    const palette = new Set(['Canvas', 'CanvasText', 'LinkText', 'VisitedText', 'ActiveText', 'ButtonFace', 'ButtonText', 'ButtonBorder', 'Field', 'FieldText', 'Highlight', 'HighlightText', 'SelectedItem', 'SelectedItemText', 'Mark', 'MarkText', 'GrayText', 'AccentColor', 'AccentColorText'].map(system));
    probe.remove();
    const painted = (paint: string) => paint !== 'none' && !paint.startsWith('url(') && paint !== 'rgba(0, 0, 0, 0)' && paint !== 'transparent';
    for (const svg of root.querySelectorAll('svg')) {
      if (!svg.checkVisibility({ visibilityProperty: true }) || svg.closest('.visually-hidden') || getComputedStyle(svg).forcedColorAdjust === 'none') continue;
      const paints: string[] = [];
      for (const shape of svg.querySelectorAll('circle, path, rect, line, polyline, polygon, ellipse, text')) {
        if (shape.closest('defs, pattern, clipPath, mask')) continue;
        const style = getComputedStyle(shape);
        const own = [style.fill, parseFloat(style.strokeWidth) > 0 ? style.stroke : 'none'].filter(painted);
        const foreign = own.filter((p) => !palette.has(p));
        if (foreign.length > 0) problems.push(`${describe(svg)} ${shape.tagName}.${shape.getAttribute('class') ?? ''}: drawn in ${foreign.join(', ')}, not a colour of the forced palette`);
        paints.push(...own);
      }
      if (paints.length > 0 && paints.every((p) => p === canvas)) problems.push(`${describe(svg)}: drawn in the background's colour only`);
    }

    const all = [...document.querySelectorAll('body *')];
    for (const i of backgroundOnlyIndexes) {
      const el = all[i];
      if (!el || !root.contains(el)) continue;
      const style = getComputedStyle(el);
      const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) => parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 && style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none');
      const keeps = border || style.forcedColorAdjust === 'none' || style.backgroundImage !== 'none' || (style.backgroundColor !== canvas && style.backgroundColor !== 'rgba(0, 0, 0, 0)');
      if (!keeps) problems.push(`${describe(el)}: shown by its background colour alone`);
    }
    return problems;
  }, backgroundOnly);
}

/**
 * With reduced motion asked for: every element (and its ::before/::after) neither animates nor
 * transitions, and the document runs no animation. Answers one line per problem.
 */
export async function motionProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const seconds = (list: string) => Math.max(...list.split(',').map((d) => (d.trim().endsWith('ms') ? parseFloat(d) / 1000 : parseFloat(d))));
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const name = `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : ''}${pseudo ?? ''}`;
        if (style.animationName !== 'none' && seconds(style.animationDuration) > 0.01) problems.push(`${name} animates (${style.animationName} ${style.animationDuration})`);
        if (style.transitionProperty !== 'none' && seconds(style.transitionDuration) + seconds(style.transitionDelay) > 0.01) problems.push(`${name} transitions (${style.transitionProperty} ${style.transitionDuration})`);
      }
    }
    for (const animation of document.getAnimations()) if (animation.playState === 'running') problems.push(`a running animation: ${animation.constructor.name} ${(animation as CSSAnimation).animationName ?? ''}`);
    return problems;
  });
}

/** The muted text colour and the border colour as the page computes them now (prefers-contrast: more darkens both). */
export async function mutedColours(page: Page): Promise<{ muted: string; border: string; text: string }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { muted: style.getPropertyValue('--color-muted').trim(), border: style.getPropertyValue('--color-border').trim(), text: style.getPropertyValue('--color-text').trim() };
  });
}
