// The patient information comes from a third party (the compendium) as HTML or as plain text.
// It is never put into the page as HTML: the text is parsed by the browser's DOMParser into an
// inert document (no script runs, nothing loads, nothing is attached to the page) and walked
// with an allow-list into SafeNodes, which React renders as elements it creates itself (text
// escaped as always). So:
// - only the tags below survive, each rebuilt without any attribute of the source except
//   colspan/rowspan (a whole number 1..50) and scope on table cells: no on* handler, no style,
//   no class or id (no clobbering, no style injection), no href or src (no javascript: URL, no
//   request to a third party);
// - script, style, template, noscript, iframe, object, embed, svg, math, form controls, media,
//   images, link, meta, title and their content are dropped whole;
// - any other element (a, span, font, custom elements, …) is unwrapped: its text stays;
// - headings become h3..h6 under the dialog's h2; b/i become strong/em; section-like
//   elements become div (no landmarks inside a dialog);
// - comments go; nesting deeper than 40 levels is kept as plain text; at most 20,000 nodes.
// Plain text (no tag) is read as blocks separated by blank lines, a block's first line being
// its heading when more lines follow (the layout of the seeded texts: question, then answer).

export type SafeTag =
  | 'p' | 'br' | 'h3' | 'h4' | 'h5' | 'h6' | 'ul' | 'ol' | 'li' | 'dl' | 'dt' | 'dd'
  | 'strong' | 'em' | 'sub' | 'sup' | 'blockquote' | 'div'
  | 'table' | 'caption' | 'thead' | 'tbody' | 'tfoot' | 'tr' | 'th' | 'td';

export interface SafeElement {
  tag: SafeTag;
  attrs?: { colSpan?: number; rowSpan?: number; scope?: 'row' | 'col' | 'rowgroup' | 'colgroup' };
  children: SafeNode[];
}
export type SafeNode = string | SafeElement;

const KEEP: ReadonlySet<string> = new Set(['p', 'br', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'em', 'sub', 'sup', 'blockquote', 'div', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);
const RENAME: Readonly<Record<string, SafeTag>> = { b: 'strong', i: 'em', section: 'div', article: 'div', header: 'div', footer: 'div', main: 'div', aside: 'div', nav: 'div', figure: 'div' };
const HEADING_OFFSET: Readonly<Record<string, number>> = { h1: 0, h2: 0, h3: 1, h4: 2, h5: 3, h6: 3 };
const DROP: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math',
  'form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea', 'datalist', 'output', 'img', 'picture', 'video',
  'audio', 'source', 'track', 'canvas', 'map', 'area', 'link', 'meta', 'base', 'title', 'head', 'dialog', 'slot', 'portal',
]);
/** containers in which text between the children is only layout (React would warn about it) */
const NO_LOOSE_TEXT: ReadonlySet<SafeTag> = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'dl']);
const EMPTY_OK: ReadonlySet<SafeTag> = new Set(['br', 'td', 'th']);
const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup']);

export const MAX_DEPTH = 40;
export const MAX_NODES = 20_000;

/** A tag in the text: read as HTML; otherwise plain text. */
export const looksLikeHtml = (content: string): boolean => /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(content);

function span(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && /^\s*\d+\s*$/.test(value) && n >= 1 && n <= 50 ? n : undefined;
}

function attrsOf(el: Element, tag: SafeTag): SafeElement['attrs'] | undefined {
  if (tag !== 'td' && tag !== 'th') return undefined;
  const colSpan = span(el.getAttribute('colspan'));
  const rowSpan = span(el.getAttribute('rowspan'));
  const scope = tag === 'th' && SCOPES.has(el.getAttribute('scope') ?? '') ? (el.getAttribute('scope') as 'row') : undefined;
  const attrs = { ...(colSpan && { colSpan }), ...(rowSpan && { rowSpan }), ...(scope && { scope }) };
  return Object.keys(attrs).length ? attrs : undefined;
}

function tagOf(name: string, headingLevel: number): SafeTag | 'drop' | 'unwrap' {
  if (DROP.has(name)) return 'drop';
  if (KEEP.has(name)) return name as SafeTag;
  if (name in RENAME) return RENAME[name] as SafeTag;
  if (name in HEADING_OFFSET) return `h${Math.min(6, headingLevel + (HEADING_OFFSET[name] ?? 0))}` as SafeTag;
  return 'unwrap';
}

/**
 * The allow-listed content of an HTML text (see above). `headingLevel`: the level its top
 * headings get (3 under a dialog's h2).
 */
export function sanitiseHtml(html: string, { headingLevel = 3 }: { headingLevel?: number } = {}): SafeNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let budget = MAX_NODES;

  const walk = (nodes: NodeListOf<ChildNode> | ChildNode[], depth: number, parent: SafeTag | null): SafeNode[] => {
    const out: SafeNode[] = [];
    for (const node of Array.from(nodes)) {
      if (--budget < 0) break;
      if (node.nodeType === 3) {
        const text = node.textContent ?? '';
        if (parent && NO_LOOSE_TEXT.has(parent) && !text.trim()) continue;
        out.push(text);
        continue;
      }
      if (node.nodeType !== 1) continue; // comments, processing instructions, …
      const el = node as Element;
      const tag = tagOf(el.localName.toLowerCase(), headingLevel);
      if (tag === 'drop') continue;
      if (depth >= MAX_DEPTH) {
        out.push(el.textContent ?? '');
        continue;
      }
      const children = walk(el.childNodes, depth + 1, tag === 'unwrap' ? parent : tag);
      if (tag === 'unwrap') {
        out.push(...children);
        continue;
      }
      if (children.length === 0 && !EMPTY_OK.has(tag)) continue;
      const attrs = attrsOf(el, tag);
      out.push(attrs ? { tag, attrs, children: tag === 'br' ? [] : children } : { tag, children: tag === 'br' ? [] : children });
    }
    return out;
  };
  return walk(doc.body.childNodes, 0, null);
}

/** Plain text: blocks between blank lines; a block's first line is its heading when more lines follow. */
export function plainTextNodes(text: string, { headingLevel = 3 }: { headingLevel?: number } = {}): SafeNode[] {
  const heading = `h${Math.min(6, headingLevel)}` as SafeTag;
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0)
    .flatMap(([first, ...rest]): SafeNode[] =>
      rest.length > 0 ? [{ tag: heading, children: [first as string] }, ...rest.map((line): SafeNode => ({ tag: 'p', children: [line] }))] : [{ tag: 'p', children: [first as string] }],
    );
}

/** The patient information as safe nodes, whichever form it comes in. */
export function patientInformationNodes(content: string, options: { headingLevel?: number } = {}): SafeNode[] {
  return looksLikeHtml(content) ? sanitiseHtml(content, options) : plainTextNodes(content, options);
}
