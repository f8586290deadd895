// Loads a language catalogue. Each language is its own chunk (code splitting): a German
// visitor never downloads the French texts. The service worker precaches both.
// `?catalogue`: the messages arrive parsed (ICU ASTs, scripts/precompiled-catalogues.ts), so
// the browser parses no message while it renders.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Lang } from './languages';

/** Messages by id: parsed (as loaded here) or as text (the JSON files themselves, in tests). */
export type Catalogue = Record<string, MessageFormatElement[]> | Record<string, string>;

const loaders = import.meta.glob<Catalogue>('../../lang/*.json', { query: '?catalogue', import: 'default' });
const cache = new Map<Lang, Catalogue>();
/** loads under way: the early request of the landing (src/app/landing.ts) and the provider's share one */
const loading = new Map<Lang, Promise<Catalogue>>();

export async function loadCatalogue(lang: Lang): Promise<Catalogue> {
  const cached = cache.get(lang);
  if (cached) return cached;
  const load = loaders[`../../lang/${lang}.json`];
  if (!load) throw new Error(`no catalogue for ${lang}`);
  let pending = loading.get(lang);
  if (!pending) {
    pending = load().finally(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  const catalogue = await pending;
  cache.set(lang, catalogue);
  return catalogue;
}

export function cachedCatalogue(lang: Lang): Catalogue | undefined {
  return cache.get(lang);
}
