// Spec §1: "Changing the language also updates the user's stored language and the localized
// subjects of the password-reset and other account e-mails." Only while signed in; the
// account commands (and supabase-js with them) load on first use, outside the first load.
import type { Lang } from '../../i18n/languages';
import { notify } from '../../ui/notifications/notification-store';

export async function storeLanguage(lang: Lang): Promise<boolean> {
  try {
    const { saveLanguage } = await import('../../data/auth/account');
    const result = await saveLanguage(lang);
    if (result.ok) return true;
  } catch {
    // the chunk could not load (offline after a release): same message
  }
  notify('warning', 'account.error.languageNotSaved');
  return false;
}
