// The font strikes (family, size, weight, style) the screens use, for the documents to look them up
// after the first paint, before a screen's data arrives (scripts/font-warm-up.ts, decision 0059).
// A strike new to the page is looked up through the browser's font service when a layout first
// needs it: on this machine 1–6 ms each at 4× CPU (the first of a weight loads its font file),
// 20–34 ms of the 60–80 ms layout that followed a screen's first commit with its data. Sizes are
// in rem, as laid out at 412 and 1280 px (the phone Lighthouse emulates, and a desktop); the
// end-to-end test `wcag-routes.spec.ts` finds the strikes of every route at those widths and
// names any that is missing here.

/** The families of styles.css (`:root`) and of the two-factor secret (account.css), as the browser computes them. */
export const FONT_FAMILIES = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, "DejaVu Sans Mono", monospace',
} as const;

/** [style and weight as in the CSS `font` shorthand, size in rem, family]: the most used first. */
export type FontStrike = readonly [weight: string, rem: number, family: keyof typeof FONT_FAMILIES];

export const FONT_STRIKES: readonly FontStrike[] = [
  ['400', 1, 'sans'],
  ['700', 1.15, 'sans'],
  ['700', 1, 'sans'],
  ['600', 1, 'sans'],
  ['700', 1.1, 'sans'],
  ['400', 0.95, 'sans'],
  ['700', 1.45, 'sans'],
  ['700', 0.95, 'sans'],
  ['700', 0.9, 'sans'],
  ['700', 1.6, 'sans'],
  ['700', 2, 'sans'],
  ['700', 1.3, 'sans'],
  ['700', 1.25, 'sans'],
  ['400', 0.85, 'sans'],
  ['700', 1.5, 'sans'],
  ['700', 1.2, 'sans'],
  ['400', 1.25, 'sans'],
  ['700', 1.625, 'sans'],
  ['800', 1.5, 'sans'],
  ['700', 1.9694, 'sans'],
  ['700', 1.0625, 'sans'],
  ['400', 1.0625, 'sans'],
  ['800', 1, 'sans'],
  ['800', 1.7, 'sans'],
  ['400', 0.92, 'sans'],
  ['600', 0.95, 'sans'],
  ['400', 0.9, 'sans'],
  ['700', 2.75, 'sans'],
  ['700', 1.125, 'sans'],
  ['400', 1.125, 'sans'],
  ['600', 1.0625, 'sans'],
  ['600', 1.125, 'sans'],
  ['700', 1.4, 'sans'],
  ['400', 1.1, 'sans'],
  ['600', 1.25, 'sans'],
  ['700', 0.85, 'sans'],
  ['800', 1.1, 'sans'],
  ['400', 0.75, 'sans'],
  ['400', 0.8, 'sans'],
  ['800', 1.4, 'sans'],
  ['400', 1.15, 'sans'],
  ['800', 1.2, 'sans'],
  ['400', 1.25, 'mono'],
  ['400', 1.4, 'sans'],
  ['italic 400', 0.95, 'sans'],
  ['800', 1.15, 'sans'],
  ['600', 0.9, 'sans'],
  ['400', 0.7647, 'sans'],
  ['600', 0.8235, 'sans'],
  ['italic 400', 1.125, 'sans'],
  ['800', 1.25, 'sans'],
  ['400', 0.7222, 'sans'],
  ['600', 0.7778, 'sans'],
];

/** A strike as the CSS `font` shorthand (what the warm-up sets on each letter). */
export const fontShorthand = ([weight, rem, family]: FontStrike): string => `${weight} ${rem}rem ${FONT_FAMILIES[family]}`;
