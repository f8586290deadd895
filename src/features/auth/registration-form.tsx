import type { FormEvent, ReactNode } from 'react';
import { signUp } from '../../data/auth/sign-up';
import { registrationSchema } from '../../domain/schemas/registration';
import { useLanguage } from '../../i18n/i18n-provider';
import { Msg } from '../../i18n/msg';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { TextField } from '../../ui/form/text-field';
import { NewPasswordFields } from './new-password-fields';
import { formText as text, useValidatedForm } from '../../ui/form/use-validated-form';
import { LEGAL_LINKS } from '../../ui/legal-links';
import { notify } from '../../ui/notifications/notification-store';
import { signUpMessage } from './auth-messages';

/**
 * Registration mode of /login (spec §2, §5 registration, §8 sign-up messages). With a
 * session in the answer the patient is signed in (the router leaves /login); without one
 * (confirmations on) onConfirmationSent shows the check-your-mail notice.
 */
export function RegistrationForm({ onConfirmationSent }: { onConfirmationSent: (email: string) => void }) {
  const lang = useLanguage();
  const { formRef, errors, sending, setSending, check } = useValidatedForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const values = check(registrationSchema, {
      email: text(data, 'email'),
      password: text(data, 'password'),
      passwordConfirmation: text(data, 'passwordConfirmation'),
      acceptTerms: data.get('acceptTerms') === 'on',
    });
    if (!values) return;
    setSending(true);
    const result = await signUp(values.email, values.password, lang);
    if (!result.ok) {
      setSending(false);
      notify('danger', signUpMessage(result.kind));
      return;
    }
    if (result.value.signedIn) {
      notify('success', 'auth.register.success');
      return; // the session store takes over
    }
    setSending(false);
    onConfirmationSent(values.email);
  }

  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} hrefLang={lang} target="_blank" rel="noopener">
      {chunks}
      <span className="visually-hidden">
        {' '}
        <Msg id="auth.field.newWindow" />
      </span>
    </a>
  );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} aria-labelledby="auth-heading">
      <TextField name="email" type="email" label={<Msg id="auth.field.email" />} errorId={errors.email} autoComplete="email" inputMode="email" required />
      <NewPasswordFields errors={errors} labelId="auth.field.password" />
      <CheckboxField
        name="acceptTerms"
        label={<Msg id="auth.field.acceptTerms" values={{ terms: link(LEGAL_LINKS.terms[lang]), privacy: link(LEGAL_LINKS.privacy[lang]) }} />}
        errorId={errors.acceptTerms}
        required
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
          <Msg id={sending ? 'auth.register.sending' : 'auth.register.submit'} />
        </button>
      </div>
    </form>
  );
}
