// The catalogue preload of index.html (scripts/catalogue-preload.ts): the classic script asks for
// the catalogue the app will load — the same answer as src/i18n's rules (spec §1) for every
// prefix, stored choice and browser language — and the plugin puts it before the entry module.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cataloguePreloadScript } from '../../scripts/catalogue-preload';
import { withScriptBeforeEntry } from '../../scripts/before-entry';
import { detectLanguage, isLang, splitLanguagePrefix } from '../../src/i18n/languages';

const FILES = { de: '/assets/de-abc.js', fr: '/assets/fr-def.js' };

/** Runs the document's script; returns the links it added. */
function preloadsFor(pathname: string, stored: string | null, browserLanguage: string, storageBlocked = false) {
  const added: Array<{ rel: string; href: string; crossOrigin: string }> = [];
  const link = () => ({ rel: '', href: '', crossOrigin: '' });
  runInNewContext(cataloguePreloadScript(FILES), {
    location: { pathname },
    localStorage: {
      getItem: (key: string) => {
        if (storageBlocked) throw new Error('SecurityError');
        return key === 'lang' ? stored : null;
      },
    },
    navigator: { language: browserLanguage },
    document: { createElement: link, head: { appendChild: (el: ReturnType<typeof link>) => added.push(el) } },
  });
  return added;
}

/** What the app decides (src/app/landing.ts and src/i18n/language-store.ts). */
function appLanguage(pathname: string, stored: string | null, browserLanguage: string, storageBlocked = false) {
  const prefix = splitLanguagePrefix(pathname);
  if (prefix) return prefix.lang;
  if (!storageBlocked && isLang(stored)) return stored;
  return detectLanguage(browserLanguage);
}

describe('catalogue preload', () => {
  const cases: Array<[string, string | null, string, boolean?]> = [
    ['/', null, 'de-CH'],
    ['/', null, 'fr-CH'],
    ['/dashboard', null, 'FR'],
    ['/dashboard', null, 'en-US'],
    ['/orders', 'fr', 'de-CH'],
    ['/orders', 'de', 'fr-CH'],
    ['/orders', 'it', 'fr-CH'], // a value the app does not know: the browser decides
    ['/fr', 'de', 'de-CH'],
    ['/fr/generics', 'de', 'de-CH'],
    ['/de/', 'fr', 'fr-CH'],
    ['/french', 'de', 'de-CH'], // no prefix
    ['/profile', null, 'fr-CH', true], // storage blocked
  ];
  it.each(cases)('%s, stored %s, browser %s: the catalogue the app loads', (pathname, stored, browserLanguage, blocked = false) => {
    const links = preloadsFor(pathname, stored, browserLanguage, blocked);
    expect(links).toEqual([{ rel: 'modulepreload', href: FILES[appLanguage(pathname, stored, browserLanguage, blocked)], crossOrigin: 'anonymous' }]);
  });

  it('goes right before the entry module, and the build fails without one', () => {
    const html = '<head>\n    <title>x</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>';
    const out = withScriptBeforeEntry(html, 'S', 'catalogue-preload');
    expect(out).toBe('<head>\n    <title>x</title>\n    <script>S</script>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>');
    expect(() => withScriptBeforeEntry('<head></head>', 'S', 'catalogue-preload')).toThrow(/no entry module/);
  });
});
