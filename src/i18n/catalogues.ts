// Loads a language catalogue. Each language is its own chunk (code splitting): a German
// visitor never downloads the French texts. The service worker precaches both.
import type { Lang } from './languages';

export type Catalogue = Record<string, string>;

const loaders = import.meta.glob<Catalogue>('../../lang/*.json', { import: 'default' });
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
