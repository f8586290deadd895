// The current language as a tiny external store, so code outside React (sync engine,
// notifications) reads the same value the components render with.
import { DEFAULT_LANG, detectLanguage, isLang, type Lang } from './languages';

const STORAGE_KEY = 'lang';
type Listener = (lang: Lang) => void;

function initialLanguage(): Lang {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // storage can be blocked (private mode); the browser language still decides
  }
  return typeof navigator === 'undefined' ? DEFAULT_LANG : detectLanguage(navigator.language);
}

let current: Lang | null = null;
const listeners = new Set<Listener>();

export const languageStore = {
  get(): Lang {
    return (current ??= initialLanguage());
  },
  set(lang: Lang): void {
    if (lang === languageStore.get()) return;
    current = lang;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
      // not persisted; the choice still holds for this visit
    }
    listeners.forEach((listener) => listener(lang));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
