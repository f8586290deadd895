import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import de from '../../lang/de.json';
import fr from '../../lang/fr.json';
import { onIntlError } from './intl';
import type { Lang } from './languages';

/** Test wrapper: a language's catalogue loaded synchronously and an in-memory router. */
export function TestProviders({ lang = 'de', path = '/', children }: { lang?: Lang; path?: string; children: ReactNode }) {
  const messages: Record<string, string> = lang === 'fr' ? fr : de;
  const { hook, searchHook } = memoryLocation({ path });
  return (
    <IntlProvider locale={`${lang}-CH`} messages={messages} onError={onIntlError}>
      <Router hook={hook} searchHook={searchHook}>
        {children}
      </Router>
    </IntlProvider>
  );
}
