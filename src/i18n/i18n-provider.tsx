import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { cachedCatalogue, loadCatalogue, type Catalogue } from './catalogues';
import { onIntlError } from './intl';
import { languageStore } from './language-store';
import type { Lang } from './languages';

export function useLanguage(): Lang {
  return useSyncExternalStore(languageStore.subscribe, languageStore.get, languageStore.get);
}

/**
 * Provides the current language's catalogue. A language switch keeps showing the previous
 * texts until the new catalogue has loaded, so the page never flashes empty.
 */
export function I18nProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const lang = useLanguage();
  const [loaded, setLoaded] = useState<{ lang: Lang; messages: Catalogue } | null>(() => {
    const messages = cachedCatalogue(lang);
    return messages ? { lang, messages } : null;
  });

  useEffect(() => {
    let cancelled = false;
    loadCatalogue(lang).then(
      (messages) => !cancelled && setLoaded({ lang, messages }),
      (error: unknown) => console.error(error),
    );
    return () => {
      cancelled = true;
    };
  }, [lang]);

  useEffect(() => {
    if (loaded) document.documentElement.lang = loaded.lang;
  }, [loaded]);

  if (!loaded) return fallback;
  return (
    <IntlProvider locale={`${loaded.lang}-CH`} messages={loaded.messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
