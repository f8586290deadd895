// @vitest-environment happy-dom
// issue 36: a route's document paints its prerendered markup before any module runs
// (scripts/prerender.ts). Its two classic scripts, run here as the browser runs them, choose the
// markup the app will render first — the language by src/i18n's rules (spec §1: a /de, /fr
// prefix, then the device's choice, then the browser's language), a visitor or a returning
// patient by the stored session — and put it in place; nothing else is ever painted.
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { dueVariant, type DocumentFacts } from '../../scripts/prerender-scripts';
import { afterFirstPaint, PARSED_ID, routeDocument, redirectsFile, renderedPath } from '../../scripts/prerender-document';
import { LANGUAGE_PREFIX_SOURCE } from '../../scripts/before-entry';
import { INLINED_SHEET_TYPE, inlinedSheetLink } from '../../scripts/inlined-sheet-link';
import { detectLanguage, isLang, LANG_STORAGE_KEY, splitLanguagePrefix } from '../../src/i18n/languages';
import { patternSource } from '../../src/app/route-pattern';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/domain/constants';

const SESSION_KEY = 'sb-127-auth-token';

const facts = (pattern: string, variants: string[], signedInLeaves = false): DocumentFacts => ({
  pattern: patternSource(pattern),
  variants,
  titles: Object.fromEntries(variants.map((v) => [v, `title ${v}`])),
  sessionKey: SESSION_KEY,
  langKey: LANG_STORAGE_KEY,
  prefix: LANGUAGE_PREFIX_SOURCE,
  languages: [...LANGUAGES],
  defaultLanguage: DEFAULT_LANGUAGE,
  signedInLeaves,
});

const storage = (values: Record<string, string>): Pick<Storage, 'getItem'> => ({ getItem: (key) => values[key] ?? null });
const PUBLIC = ['de:out', 'fr:out', 'de:in', 'fr:in'];

/** The language the app renders in (src/app/boot-start.ts, src/i18n/language-store.ts). */
function appLanguage(pathname: string, stored: string | null, browser: string): string {
  const prefix = splitLanguagePrefix(pathname);
  if (prefix) return prefix.lang;
  return isLang(stored) ? stored : detectLanguage(browser);
}

describe('the markup due', () => {
  const cases: Array<[string, string | null, string]> = [
    ['/generics', null, 'de-CH'],
    ['/generics', null, 'fr-CH'],
    ['/generics', 'fr', 'de-CH'],
    ['/generics', 'de', 'fr-FR'],
    ['/generics', 'it', 'fr'],
    ['/fr/generics', 'de', 'de-CH'],
    ['/de/generics', 'fr', 'fr-CH'],
    ['/generics', null, 'en-US'],
  ];
  it.each(cases)('%s (stored %s, browser %s): the app’s language', (pathname, stored, browser) => {
    const due = dueVariant(facts('/generics', PUBLIC), { pathname, search: '', storage: storage(stored ? { lang: stored } : {}), navigatorLanguage: browser });
    expect(due).toBe(`${appLanguage(pathname, stored, browser)}:out`);
  });

  it('a device that keeps a session sees the signed-in markup; a route that sends it on shows none', () => {
    const kept = storage({ [SESSION_KEY]: '{}' });
    expect(dueVariant(facts('/generics', PUBLIC), { pathname: '/generics', search: '', storage: kept, navigatorLanguage: 'de' })).toBe('de:in');
    expect(dueVariant(facts('/login', ['de:out', 'fr:out'], true), { pathname: '/login', search: '', storage: kept, navigatorLanguage: 'de' })).toBe('');
    expect(dueVariant(facts('/dashboard', ['de:in', 'fr:in']), { pathname: '/dashboard', search: '', storage: kept, navigatorLanguage: 'fr-CH' })).toBe('fr:in');
  });

  it('none where the document holds no markup for the visitor, or is not the address’s (a host’s fallback document)', () => {
    expect(dueVariant(facts('/dashboard', ['de:in', 'fr:in']), { pathname: '/dashboard', search: '', storage: storage({}), navigatorLanguage: 'de' })).toBe('');
    expect(dueVariant(facts('/', PUBLIC), { pathname: '/doses/day/2026-11-20', search: '', storage: storage({}), navigatorLanguage: 'de' })).toBe('');
    expect(dueVariant(facts('/doses/day/:day', ['de:in']), { pathname: '/doses/day/2026-11-20', search: '', storage: storage({ [SESSION_KEY]: '{}' }), navigatorLanguage: 'de' })).toBe('de:in');
  });

  it('a visitor’s markup is due only without a query (it may change the page); a signed-in patient’s with any', () => {
    const f = facts('/login', ['de:out', 'fr:out', 'de:in']);
    expect(dueVariant(f, { pathname: '/login', search: '?register=1', storage: storage({}), navigatorLanguage: 'de' })).toBe('');
    expect(dueVariant(f, { pathname: '/login', search: '?active=false', storage: storage({ [SESSION_KEY]: '{}' }), navigatorLanguage: 'de' })).toBe('de:in');
  });

  it('blocked storage: the browser’s language, a visitor', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(dueVariant(facts('/generics', PUBLIC), { pathname: '/generics', search: '', storage: blocked, navigatorLanguage: 'fr-CH' })).toBe('fr:out');
  });
});

describe('the document’s scripts in the browser', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  /** A document as the build writes it, parsed; its scripts run in order. */
  function load(pathname: string, stored: Record<string, string>) {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    const f = facts('/generics', PUBLIC);
    const shell =
      '<!doctype html><html lang="de"><head><meta name="viewport" content="width=device-width"><title>x</title><script type="module" crossorigin src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>';
    const html = routeDocument(shell, f, Object.fromEntries(PUBLIC.map((v) => [v, `<h1>${v}</h1>`])));
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    const scripts = [...parsed.querySelectorAll('script:not([type])')].map((s) => s.textContent ?? '');
    document.head.innerHTML = '';
    document.body.innerHTML = parsed.body.innerHTML.replace(/<script>[\s\S]*?<\/script>/gu, '');
    document.documentElement.lang = 'de';
    const listened: string[] = [];
    const context = { location: { pathname, search: '' }, localStorage, navigator: { language: 'de-CH' }, document, addEventListener: (type: string) => void listened.push(type) };
    // the head's first script and the one after the root (the others wait for the first paint)
    const [head, body] = [scripts[0], scripts.at(-1)];
    runInNewContext(head!, context);
    // the head also keeps the browser's install offer until the app listens (install-prompt.ts)
    expect(listened).toEqual(['beforeinstallprompt']);
    const held = document.documentElement.classList.contains('prerender-hold');
    runInNewContext(body!, context);
    return { held, root: document.getElementById('root')! };
  }

  it('the markup in the root is due: nothing moves, nothing is held', () => {
    const { held, root } = load('/generics', {});
    expect(held).toBe(false);
    expect(root.innerHTML).toBe('<h1>de:out</h1>');
    expect(root.dataset.variant).toBe('de:out');
    expect(document.querySelectorAll('template').length).toBe(0);
  });

  it('another is due: the root is held until it is in place, with its language and title', () => {
    const { held, root } = load('/generics', { lang: 'fr', [SESSION_KEY]: '{}' });
    expect(held).toBe(true);
    expect(root.innerHTML).toBe('<h1>fr:in</h1>');
    expect(root.dataset.variant).toBe('fr:in');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe('title fr:in');
    expect(document.documentElement.classList.contains('prerender-hold')).toBe(false);
  });

  it('none is due: an empty root for the app to render', () => {
    const { root } = load('/generics/other', {});
    expect(root.innerHTML).toBe('');
    expect(root.dataset.variant).toBeUndefined();
    expect(document.documentElement.classList.contains('prerender-hold')).toBe(false);
  });
});

describe('documents of routes with parameters', () => {
  it('render the pattern with the parameter named, and a host gets their rewrites', () => {
    expect(renderedPath('/doses/day/:day')).toBe('/doses/day/_day');
    expect(renderedPath('/profile/overview/:showInfo?')).toBe('/profile/overview');
    expect(renderedPath('/')).toBe('/');
    expect(redirectsFile(['/', '/doses/day/:day', '/profile/overview/:showInfo?'])).toBe(
      '/doses/day/:day /doses/day/_day.html 200\n/profile/overview/:showInfo /profile/overview.html 200\n',
    );
  });
});

describe('the page’s own scripts wait for the first paint', () => {
  it('the entry, its modules and the shell’s scripts run in the task after the first frame; only the document’s two run while it is parsed', () => {
    const shell =
      '<html lang="de"><head><meta name="viewport" content="x"><script>warmUp()</script>' +
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-dom-b.js">' +
      '</head><body><div id="root"></div></body></html>';
    const html = routeDocument(shell, facts('/generics', ['de:out']), { 'de:out': '<h1>x</h1>' });
    expect(html).not.toMatch(/<link rel="modulepreload"/u);
    expect(html).not.toMatch(/<script type="module"[^>]*src=/u);
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/gu)].map((m) => m[1]!);
    const waiting = scripts.filter((code) => code.startsWith(afterFirstPaint('').slice(0, 40)));
    expect(waiting.some((code) => code.includes('warmUp()'))).toBe(true);
    expect(waiting.some((code) => code.includes('import("/assets/index-a.js")'))).toBe(true);
    expect(waiting.some((code) => code.includes('"/assets/index-a.js","/assets/react-dom-b.js"'))).toBe(true);
    // the head's choice and the root's swap do not wait
    expect(scripts.length - waiting.length).toBe(2);
  });
});

describe("the route's style sheets are in the document", () => {
  it('each inline after the entry’s, beside a link to its file that Vite’s loader finds and no browser fetches', () => {
    const shell =
      '<html lang="de"><head><meta name="viewport" content="x"><script type="module" crossorigin src="/assets/index-a.js"></script>' +
      `<style>.entry{}</style>\n    ${inlinedSheetLink('/assets/index-e.css')}</head><body><div id="root"></div></body></html>`;
    const styles = [
      { file: 'assets/orders-view-o.css', css: '.orders{}\n' },
      { file: 'assets/button-b.css', css: '.button{}' },
    ];
    const html = routeDocument(shell, facts('/orders', ['de:out']), { 'de:out': '<h1>x</h1>' }, styles);
    // read as text: a DOM here would fetch the links, whatever their type
    const head = html.slice(0, html.indexOf('</head>'));
    const sheets = [...head.matchAll(/<style>([^<]*)<\/style>|<link ([^>]*rel="stylesheet"[^>]*)>/gu)].map((m) => m[1] ?? /href="([^"]+)"/u.exec(m[2]!)?.[1]);
    expect(sheets).toEqual(['.entry{}', '/assets/index-e.css', '.orders{}', '/assets/orders-view-o.css', '.button{}', '/assets/button-b.css']);
    // what Vite's preload helper looks for (a stylesheet link of the file's address), of a type
    // whose file a browser does not fetch, and disabled
    const links = [...head.matchAll(/<link ([^>]*rel="stylesheet"[^>]*)>/gu)].map((m) => m[1]!);
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toContain(`type="${INLINED_SHEET_TYPE}"`);
      expect(link).toMatch(/(^| )disabled( |$)/u);
    }
    // a shell whose entry sheet is not inline has nowhere to put them
    expect(() => routeDocument(shell.replace(inlinedSheetLink('/assets/index-e.css'), '<link rel="stylesheet" crossorigin href="/assets/index-e.css">'), facts('/orders', ['de:out']), { 'de:out': '' }, styles)).toThrow(/entry style sheet/u);
  });
});

describe('the first paint waits for the whole document', () => {
  it('a render-blocking link in the head names an element that is the last of the body', () => {
    const shell =
      '<html lang="de"><head><meta name="viewport" content="x"><script type="module" crossorigin src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>';
    const html = routeDocument(shell, facts('/generics', PUBLIC), Object.fromEntries(PUBLIC.map((v) => [v, `<h1>${v}</h1>`])));
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    const held = parsed.head.querySelector('link[rel="expect"]');
    expect(held?.getAttribute('blocking')).toBe('render');
    expect(held?.getAttribute('href')).toBe(`#${PARSED_ID}`);
    // after the root, the other languages' templates and the swap: nothing is painted half parsed
    expect(parsed.body.lastElementChild?.id).toBe(PARSED_ID);
    expect(parsed.body.lastElementChild?.hasAttribute('hidden')).toBe(true);
  });
});
