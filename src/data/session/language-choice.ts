// A language chosen with the switch while signed in is stored with the account (spec §1
// "Changing the language also updates the user's stored language and the localized subjects of
// the password-reset and other account e-mails"): in the user's metadata —
// what the next sign-in on any device takes (account-language.ts) and what the auth service
// writes its mails in — and in the customer row (spec §3 webshop_customers.language) through
// the outbox, which sends it whenever it can.
import type { CustomerId, Language } from '../../domain/entities';
import type { Result } from '../../domain/result';
import type { ReadableStore } from '../../lib/store';
import { saveLanguage } from '../auth/account';
import type { AuthResult } from '../auth/auth-result';
import type { AuthState } from '../auth/auth-state';
import { sessionStore } from '../auth/session-store';
import { saveCustomerLanguage, type Queued } from '../outbox/commands';
import { appOutboxContext } from '../outbox/app-context';
import { appStorage, dataOwnerOf } from '../local/acting-for';

export interface LanguageChoiceDeps {
  auth: ReadableStore<AuthState>;
  saveMetadata: (lang: Language) => Promise<AuthResult<void>>;
  queueRow: (customerId: CustomerId, lang: Language) => Promise<Result<Queued, string>>;
  /** issue 41: whose mirror the page works on — a helper acting for a person holds not their own customer row here */
  ownerOf?: (userId: string) => string;
}

const appDeps = (): LanguageChoiceDeps => ({
  auth: sessionStore,
  saveMetadata: (lang) => saveLanguage(lang),
  queueRow: async (customerId, lang) => saveCustomerLanguage(await appOutboxContext(), customerId, lang),
  ownerOf: (userId) => dataOwnerOf(appStorage(), userId),
});

/**
 * Stores the choice; answers whether the account has it now (the metadata: the row is queued
 * on this device and follows). Signed out it stores nothing: the choice stays with the browser.
 */
export async function storeLanguageChoice(lang: Language, deps: LanguageChoiceDeps = appDeps()): Promise<boolean> {
  const userId = deps.auth.get().user?.id;
  if (!userId) return false;
  // acting for a person, the helper's own row is not in this page's mirror: the metadata carries the
  // choice, and the row follows the next time the helper changes the language on their own data
  const own = (deps.ownerOf?.(userId) ?? userId) === userId;
  const [metadata] = await Promise.all([deps.saveMetadata(lang), own ? deps.queueRow(userId, lang) : null]);
  return metadata.ok;
}
