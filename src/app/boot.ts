// What the first screen waits for starts loading at once, side by side, instead of one after
// the other: the language catalogue (the shell renders nothing without it) and, for a patient
// whose session is stored on this device, the data layer (supabase-js, Dexie), which the shell
// then finds loaded when it first renders. A visitor without a session gets the data layer
// only after the first paint (session-provider.tsx).
import { readStoredSession } from '../data/auth/stored-session';
import { loadCatalogue } from '../i18n/catalogues';
import { languageStore } from '../i18n/language-store';
import { splitLanguagePrefix } from '../i18n/languages';
import { loadBackend } from './backend-loader';

export function startLoading(location: Pick<Location, 'pathname'> = globalThis.location, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): void {
  const lang = splitLanguagePrefix(location.pathname)?.lang ?? languageStore.get();
  loadCatalogue(lang).catch(() => undefined); // the provider loads it again and reports a failure
  if (readStoredSession(storage)) loadBackend().catch(() => undefined);
}
