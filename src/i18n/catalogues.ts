// Loads a language catalogue. Each language is its own chunk (code splitting): a German
// visitor never downloads the French texts. The service worker precaches both.
import type { Lang } from './languages';

export type Catalogue = Record<string, string>;

const loaders = import.meta.glob<Catalogue>('../../lang/*.json', { import: 'default' });
const cache = new Map<Lang, Catalogue>();

export async function loadCatalogue(lang: Lang): Promise<Catalogue> {
  const cached = cache.get(lang);
  if (cached) return cached;
  const load = loaders[`../../lang/${lang}.json`];
  if (!load) throw new Error(`no catalogue for ${lang}`);
  const catalogue = await load();
  cache.set(lang, catalogue);
  return catalogue;
}

export function cachedCatalogue(lang: Lang): Catalogue | undefined {
  return cache.get(lang);
}
