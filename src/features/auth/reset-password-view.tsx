import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { requestPasswordReset } from '../../data/auth/password-reset';
import { passwordResetSchema } from '../../domain/schemas/password-reset';
import { useLanguage } from '../../i18n/i18n-provider';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { formText, useValidatedForm } from '../../ui/form/use-validated-form';
import { notify } from '../../ui/notifications/notification-store';
import { resetRequestMessage } from './auth-messages';
import './auth.css';
import { paths } from '../../domain/paths';

/**
 * Route /resetPassword (spec §2, §4 "form, then sent confirmation"). The confirmation never
 * says whether the address has an account; a failure is a warning notice (spec §8).
 */
export default function ResetPasswordView() {
  const lang = useLanguage();
  const { formRef, errors, sending, setSending, check } = useValidatedForm();
  const sentRef = useRef<HTMLHeadingElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const values = check(passwordResetSchema, { email: formText(new FormData(event.currentTarget), 'email') });
    if (!values) return;
    setSending(true);
    const result = await requestPasswordReset(values.email, lang);
    setSending(false);
    if (result.ok) setSentTo(values.email);
    else notify('warning', resetRequestMessage(result.kind));
  }

  return (
    <div className="auth-page auth-page--single">
      <section className="auth-page__main" aria-labelledby="auth-heading">
        <h1 id="auth-heading">
          <Msg id="auth.reset.heading" />
        </h1>
        {sentTo ? (
          <div className="notice notice--info auth-sent">
            <h2 ref={sentRef} tabIndex={-1}>
              <Msg id="auth.reset.sentTitle" />
            </h2>
            <p>
              <Msg id="auth.reset.sentText" values={{ email: sentTo }} />
            </p>
          </div>
        ) : (
          <>
            <p>
              <Msg id="auth.reset.intro" />
            </p>
            <form ref={formRef} className="form" noValidate onSubmit={submit} aria-labelledby="auth-heading">
              <TextField name="email" type="email" label={<Msg id="auth.field.email" />} errorId={errors.email} autoComplete="email" inputMode="email" required />
              <div className="form__actions">
                <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
                  <Msg id={sending ? 'auth.reset.sending' : 'auth.reset.submit'} />
                </button>
              </div>
            </form>
          </>
        )}
        <ul className="auth-links">
          <li>
            <Link href={paths.login.href()}>
              <Msg id="auth.reset.backToLogin" />
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
