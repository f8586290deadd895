/**
 * The link left in a document beside a style sheet the document holds inline (the entry's in
 * index.html, a route's view's in its prerendered document). Vite's preload helper looks for a
 * lazy chunk's style sheets among the document's `<link rel="stylesheet">` by their address and
 * adds none it finds, so the link must be there; it must not download what the document already
 * holds. `disabled` alone did not do that: Chromium's preload scanner fetches a disabled link's
 * file whenever it reaches the link before the parser does (in most runs here). A style sheet
 * link whose type is not text/css is fetched by neither (HTML: the "type" of a stylesheet link
 * the browser does not support), and `disabled` keeps a browser that fetched it anyway from
 * applying a second copy over the views' styles.
 */
export const INLINED_SHEET_TYPE = 'text/x-inlined';

/** The link to `href` of a style sheet the document holds inline. */
export const inlinedSheetLink = (href: string): string => `<link disabled rel="stylesheet" type="${INLINED_SHEET_TYPE}" crossorigin href="${href}">`;

/** Such a link whose address matches `href`, the source of a regular expression. */
export const inlinedSheetLinkPattern = (href: string): RegExp =>
  new RegExp(inlinedSheetLink('\u0000').replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&').replace('\u0000', href), 'u');
