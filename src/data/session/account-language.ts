// The device takes the account's language when the patient signs in on it (spec §1; the rule:
// domain/account-language.ts). Follows the auth state; the last session the
// language was taken from is kept on the device, so a reload, a token refresh or the second
// factor of the same sign-in leave a language chosen since then alone. Choices are stored with
// the account by the switch (language-choice.ts), not here.
import { languageAtSignIn } from '../../domain/account-language';
import type { Language } from '../../domain/entities';
import type { ReadableStore } from '../../lib/store';
import { languageStore } from '../../i18n/language-store';
import type { AuthState } from '../auth/auth-state';
import { sessionStore } from '../auth/session-store';

export const SEEN_SESSION_KEY = 'lang.session';

export interface AccountLanguageDeps {
  auth: ReadableStore<AuthState>;
  language: { get: () => Language; set: (lang: Language) => void };
  /** the session the device last took the account's language from */
  seen: { get: () => string | null; set: (sessionId: string) => void };
}

/** Starts following; answers the stop. */
export function followAccountLanguage(deps: AccountLanguageDeps): () => void {
  const check = () => {
    const state = deps.auth.get();
    if (state.status !== 'signedIn' || !state.user) return;
    const taken = languageAtSignIn(deps.seen.get(), state.sessionId, state.user.language, deps.language.get());
    if (!taken) return;
    deps.seen.set(taken.seen);
    if (taken.show) deps.language.set(taken.show);
  };
  const off = deps.auth.subscribe(check);
  check();
  return off;
}

/** localStorage, or nothing where it is blocked (the account's language then applies at every start). */
const deviceSeen: AccountLanguageDeps['seen'] = {
  get: () => {
    try {
      return globalThis.localStorage?.getItem(SEEN_SESSION_KEY) ?? null;
    } catch {
      return null;
    }
  },
  set: (sessionId) => {
    try {
      globalThis.localStorage?.setItem(SEEN_SESSION_KEY, sessionId);
    } catch {
      // not kept: the next start takes the account's language again
    }
  },
};

/** The app's: the session store, the language store and this device's storage. */
export const startAccountLanguage = (): (() => void) => followAccountLanguage({ auth: sessionStore, language: languageStore, seen: deviceSeen });
