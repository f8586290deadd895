// The e-mails of the auth service (plain text + simple HTML) in the user's language
// (user_metadata.language: de, fr or en; German, the product's default, otherwise).
// Every mail carries both the 6-digit code and the link to /auth/v1/verify.
import type { Ctx } from './context.ts';
import { OTP_EXPIRY_SECONDS } from './context.ts';
import { AuthError } from './errors.ts';

export type MailKind = 'signup' | 'magiclink' | 'recovery' | 'email_change';
type Lang = 'de' | 'fr' | 'en';

interface Template {
  subject: string;
  intro: (email: string) => string;
  linkLabel: string;
  codeLabel: string;
  outro: string;
}

const minutes = Math.round(OTP_EXPIRY_SECONDS / 60);

const TEMPLATES: Record<Lang, Record<MailKind, Template>> = {
  de: {
    signup: {
      subject: 'Bestätigen Sie Ihre Registrierung',
      intro: (e) => `Bitte bestätigen Sie Ihre E-Mail-Adresse ${e}.`,
      linkLabel: 'Registrierung bestätigen',
      codeLabel: 'Oder geben Sie diesen Code ein',
      outro: `Der Link und der Code sind ${minutes} Minuten gültig. Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.`,
    },
    magiclink: {
      subject: 'Ihr Anmeldelink',
      intro: (e) => `Melden Sie sich als ${e} an.`,
      linkLabel: 'Anmelden',
      codeLabel: 'Oder geben Sie diesen Code ein',
      outro: `Der Link und der Code sind ${minutes} Minuten gültig. Falls Sie das nicht verlangt haben, ignorieren Sie diese E-Mail.`,
    },
    recovery: {
      subject: 'Passwort zurücksetzen',
      intro: (e) => `Sie haben verlangt, das Passwort für ${e} zurückzusetzen.`,
      linkLabel: 'Neues Passwort festlegen',
      codeLabel: 'Oder geben Sie diesen Code ein',
      outro: `Der Link und der Code sind ${minutes} Minuten gültig. Falls Sie das nicht verlangt haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.`,
    },
    email_change: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      intro: (e) => `Bitte bestätigen Sie die Änderung Ihrer E-Mail-Adresse zu ${e}.`,
      linkLabel: 'Änderung bestätigen',
      codeLabel: 'Ihr Bestätigungscode',
      outro: `Der Code ist ${minutes} Minuten gültig. Falls Sie das nicht verlangt haben, ignorieren Sie diese E-Mail.`,
    },
  },
  fr: {
    signup: {
      subject: 'Confirmez votre inscription',
      intro: (e) => `Veuillez confirmer votre adresse e-mail ${e}.`,
      linkLabel: 'Confirmer l’inscription',
      codeLabel: 'Ou saisissez ce code',
      outro: `Le lien et le code sont valables ${minutes} minutes. Si vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
    },
    magiclink: {
      subject: 'Votre lien de connexion',
      intro: (e) => `Connectez-vous en tant que ${e}.`,
      linkLabel: 'Se connecter',
      codeLabel: 'Ou saisissez ce code',
      outro: `Le lien et le code sont valables ${minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail.`,
    },
    recovery: {
      subject: 'Réinitialiser votre mot de passe',
      intro: (e) => `Vous avez demandé la réinitialisation du mot de passe de ${e}.`,
      linkLabel: 'Choisir un nouveau mot de passe',
      codeLabel: 'Ou saisissez ce code',
      outro: `Le lien et le code sont valables ${minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.`,
    },
    email_change: {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      intro: (e) => `Veuillez confirmer le changement de votre adresse e-mail en ${e}.`,
      linkLabel: 'Confirmer le changement',
      codeLabel: 'Votre code de confirmation',
      outro: `Le code est valable ${minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail.`,
    },
  },
  en: {
    signup: {
      subject: 'Confirm Your Signup',
      intro: (e) => `Please confirm your e-mail address ${e}.`,
      linkLabel: 'Confirm your e-mail',
      codeLabel: 'Or enter this code',
      outro: `The link and the code are valid for ${minutes} minutes. If you did not sign up, ignore this e-mail.`,
    },
    magiclink: {
      subject: 'Your Magic Link',
      intro: (e) => `Sign in as ${e}.`,
      linkLabel: 'Sign in',
      codeLabel: 'Or enter this code',
      outro: `The link and the code are valid for ${minutes} minutes. If you did not ask for this, ignore this e-mail.`,
    },
    recovery: {
      subject: 'Reset Your Password',
      intro: (e) => `You asked to reset the password of ${e}.`,
      linkLabel: 'Choose a new password',
      codeLabel: 'Or enter this code',
      outro: `The link and the code are valid for ${minutes} minutes. If you did not ask for this, ignore this e-mail; your password stays unchanged.`,
    },
    email_change: {
      subject: 'Confirm Email Change',
      intro: (e) => `Please confirm the change of your e-mail address to ${e}.`,
      linkLabel: 'Confirm the change',
      codeLabel: 'Your confirmation code',
      outro: `The code is valid for ${minutes} minutes. If you did not ask for this, ignore this e-mail.`,
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function languageOf(metadata: Record<string, unknown>): Lang {
  const lang = typeof metadata.language === 'string' ? metadata.language.toLowerCase().slice(0, 2) : '';
  return lang === 'fr' || lang === 'en' ? lang : 'de';
}

/** user_metadata.passwordResetSubject for the reset mail, user_metadata.emailSubject for the e-mail change. */
function subjectOverride(kind: MailKind, metadata: Record<string, unknown>): string | null {
  const key = kind === 'recovery' ? 'passwordResetSubject' : kind === 'email_change' ? 'emailSubject' : null;
  const value = key ? metadata[key] : null;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export interface MailInput {
  kind: MailKind;
  /** the address the mail goes to (the new one for an e-mail change) */
  to: string;
  code: string;
  link: string;
  metadata: Record<string, unknown>;
}

export function composeMail({ kind, to, code, link, metadata }: MailInput) {
  const t = TEMPLATES[languageOf(metadata)][kind];
  const subject = subjectOverride(kind, metadata) ?? t.subject;
  const text = `${t.intro(to)}\n\n${t.linkLabel}: ${link}\n\n${t.codeLabel}: ${code}\n\n${t.outro}\n`;
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<p>${escapeHtml(t.intro(to))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.linkLabel)}</a></p>` +
    `<p>${escapeHtml(t.codeLabel)}: <strong style="font-size:1.4em;letter-spacing:.15em">${escapeHtml(code)}</strong></p>` +
    `<p style="color:#555">${escapeHtml(t.outro)}</p>` +
    `</body></html>`;
  return { subject, text, html };
}

export async function sendAuthMail(ctx: Ctx, input: MailInput): Promise<void> {
  const mail = composeMail(input);
  try {
    await ctx.mailbox.send({ to: input.to, ...mail });
  } catch (error) {
    throw new AuthError(500, 'unexpected_failure', `Error sending ${input.kind} email: ${(error as Error).message}`);
  }
}
