// The current language as a tiny external store, so code outside React (sync engine,
// notifications) reads the same value the components render with. One language per device:
// what one tab chooses (or takes from the account at sign-in) the other tabs show too.
import { createStore, type Store } from '../lib/store';
import { DEFAULT_LANG, detectLanguage, isLang, LANG_STORAGE_KEY, type Lang } from './languages';

function initialLanguage(): Lang {
  try {
    const stored = globalThis.localStorage?.getItem(LANG_STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // storage can be blocked (private mode); the browser language still decides
  }
  return typeof navigator === 'undefined' ? DEFAULT_LANG : detectLanguage(navigator.language);
}

/** Another tab stored a language: this one follows (a storage event never reaches the tab that wrote). */
function followOtherTabs(store: Store<Lang>): void {
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === LANG_STORAGE_KEY && isLang(event.newValue)) store.set(event.newValue);
  });
}

// read on first use: the browser language and storage are not there when the module loads in tests
let store: Store<Lang> | null = null;
function current(): Store<Lang> {
  if (!store) {
    store = createStore(initialLanguage());
    followOtherTabs(store);
  }
  return store;
}

export const languageStore = {
  get: (): Lang => current().get(),
  set(lang: Lang): void {
    if (lang === current().get()) return;
    current().set(lang);
    try {
      globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // not persisted; the choice still holds for this visit
    }
  },
  subscribe: (listener: () => void): (() => void) => current().subscribe(listener),
};
