// The localized subjects of the account mails (spec §1, §7): stored in the user's metadata
// on sign-up, on an e-mail change and whenever the language changes, so the auth service
// writes the next password-reset or e-mail-change mail in the user's language.
// Built outside React from the language catalogue (src/i18n/intl.ts).
import { loadCatalogue, type Catalogue } from '../../i18n/catalogues';
import { makeIntl, translate } from '../../i18n/intl';
import type { Lang } from '../../i18n/languages';

/** Message ids of the subjects in lang/<lang>.json. */
export const MAIL_SUBJECT_IDS = {
  passwordResetSubject: 'mail.subject.passwordReset',
  emailSubject: 'mail.subject.emailChange',
} as const;

export interface MailSubjects {
  passwordResetSubject: string;
  emailSubject: string;
}

/** user_metadata for a language: the language itself and its mail subjects. */
export interface LanguageMetadata extends MailSubjects {
  language: Lang;
}

/** The subjects from an already loaded catalogue (pure; used by the tests and the async form). */
export function mailSubjectsFrom(lang: Lang, catalogue: Catalogue): MailSubjects {
  const intl = makeIntl(lang, catalogue);
  return {
    passwordResetSubject: translate(intl, MAIL_SUBJECT_IDS.passwordResetSubject),
    emailSubject: translate(intl, MAIL_SUBJECT_IDS.emailSubject),
  };
}

/** The subjects of a language; loads its catalogue (cached) when needed. */
export async function mailSubjects(lang: Lang): Promise<MailSubjects> {
  return mailSubjectsFrom(lang, await loadCatalogue(lang));
}

/** { language, passwordResetSubject, emailSubject } — the `data` of sign-up and of a language change. */
export async function languageMetadata(lang: Lang): Promise<LanguageMetadata> {
  return { language: lang, ...(await mailSubjects(lang)) };
}
