// Whose language a device shows after a sign-in (spec §1): the language stored
// with the account applies when the patient signs in on a device, so a patient who chose French
// gets French on another device with a German browser. After that, a choice made on this device
// wins (it is stored with the account too, by the switch): a reload, a token refresh or the
// second factor — the same auth session — never brings the account's language back.
// A sign-in is told by its auth session: each one is new (the token's session_id), and the
// device remembers the last session it took the account's language from.
import type { Language } from './entities.ts';

export interface SignInLanguage {
  /** the session to remember as seen */
  seen: string;
  /** the language to show now; null: the device's stays (the account has none) */
  show: Language | null;
}

/**
 * What a signed-in session means for the device's language. `seen`: the session the device last
 * took the account's language from; null answer: nothing to do (not a new sign-in, or no session).
 */
export function languageAtSignIn(seen: string | null, sessionId: string | null, accountLanguage: Language | null, shown: Language): SignInLanguage | null {
  if (sessionId === null || sessionId === seen) return null;
  return { seen: sessionId, show: accountLanguage !== null && accountLanguage !== shown ? accountLanguage : null };
}
