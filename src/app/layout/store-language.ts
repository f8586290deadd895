// Spec §1: "Changing the language also updates the user's stored language and the localized
// subjects of the password-reset and other account e-mails." Only while signed in: the user's
// metadata and the customer row (data/session/language-choice.ts). The data layer's module
// (and supabase-js with it) loads on first use, outside the first load.
import type { Lang } from '../../i18n/languages';
import { notify } from '../../ui/notifications/notification-store';

export async function storeLanguage(lang: Lang): Promise<boolean> {
  try {
    const { storeLanguageChoice } = await import('../../data/session/language-choice');
    if (await storeLanguageChoice(lang)) return true;
  } catch {
    // the chunk could not load (offline after a release): same message
  }
  notify('warning', 'account.error.languageNotSaved');
  return false;
}
