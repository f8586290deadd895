// issue 40 item 5 (WCAG 2.5.8 Target Size, minimum): every target at least 24 × 24 CSS px, or a
// smaller one whose 24 px circle touches no other target; the ones an elderly hand uses most —
// the navigation, the dose controls and the amount buttons — at least 44 × 44 (issue 40).
import type { Page } from '@playwright/test';

/** The controls held to 44 × 44: the navigation, the dose controls, the amount buttons. */
export const LARGE_TARGETS = ['nav a[href]', 'nav button', '.nav-bar__toggle', '.language-switch__button', '.dose-row__check', '.dose-row__more', '.dose-row__reason select', '.amount__step'].join(', ');

export interface TargetReport {
  /** targets measured */
  count: number;
  /** the smallest width and height among them, as "w×h" */
  smallest: string;
  /** one line per target that fails, with its size */
  failures: string[];
}

/**
 * Measures every visible target of the page (the open dialog's when one is open). Exempt as
 * 2.5.8 allows: a link inside a sentence (inline, with text beside it) and the browser's own
 * parts. A check box or radio counts with its label (a click on the label sets it).
 */
export async function measureTargets(page: Page, large: string = LARGE_TARGETS): Promise<TargetReport> {
  return page.evaluate((largeSelector) => {
    const root = document.querySelector('dialog[open]') ?? document.body;
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=tab], [tabindex]:not([tabindex="-1"])';
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      return `${el.tagName.toLowerCase()}${cls} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      return !!parent && [...parent.childNodes].some((n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    };
    const boxOf = (el: Element): DOMRect => {
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        if (label) {
          const a = el.getBoundingClientRect();
          const b = label.getBoundingClientRect();
          const left = Math.min(a.left, b.left);
          const top = Math.min(a.top, b.top);
          return new DOMRect(left, top, Math.max(a.right, b.right) - left, Math.max(a.bottom, b.bottom) - top);
        }
      }
      return el.getBoundingClientRect();
    };
    const targets = [...root.querySelectorAll(selector)]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('.visually-hidden') && !el.matches('.skip-link'))
      .filter((el) => !inSentence(el))
      .map((el) => ({ el, box: boxOf(el), large: el.matches(largeSelector) }))
      .filter((t) => t.box.width > 0 && t.box.height > 0);
    const failures: string[] = [];
    const size = (b: DOMRect) => `${Math.round(b.width * 10) / 10}×${Math.round(b.height * 10) / 10}`;
    const centre = (b: DOMRect) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });
    const undersized = (b: DOMRect) => b.width < 24 - 0.05 || b.height < 24 - 0.05;
    const distanceToBox = (p: { x: number; y: number }, b: DOMRect) => Math.hypot(Math.max(b.left - p.x, 0, p.x - b.right), Math.max(b.top - p.y, 0, p.y - b.bottom));
    for (const t of targets) {
      if (t.large && (t.box.width < 44 - 0.05 || t.box.height < 44 - 0.05)) {
        failures.push(`${describe(t.el)} ${size(t.box)} (navigation, dose and amount controls: 44×44)`);
        continue;
      }
      if (!undersized(t.box)) continue;
      const c = centre(t.box);
      // 2.5.8's spacing: a 24 px circle on its centre meets no other target nor another small one's circle
      const crowded = targets.find(
        (o) => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el) && (undersized(o.box) ? Math.hypot(centre(o.box).x - c.x, centre(o.box).y - c.y) < 24 : distanceToBox(c, o.box) < 12),
      );
      if (crowded) failures.push(`${describe(t.el)} ${size(t.box)}, too close to ${describe(crowded.el)}`);
    }
    const smallest = targets.reduce((m, t) => (t.box.width * t.box.height < m.width * m.height ? t.box : m), new DOMRect(0, 0, Infinity, Infinity));
    return { count: targets.length, smallest: targets.length ? size(smallest) : '-', failures };
  }, large);
}
