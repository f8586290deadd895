import type { FormEvent } from 'react';
import { signIn } from '../../data/auth/sign-in';
import { signInSchema } from '../../domain/schemas/sign-in';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { formText as text, useValidatedForm } from '../../ui/form/use-validated-form';
import { notify } from '../../ui/notifications/notification-store';
import { signInMessage } from './auth-messages';

/**
 * Sign-in mode of /login (spec §2, §5 sign-in, §8 #av00/#av02). On success the session
 * store signs the patient in and the router leaves /login; a failure raises the counter
 * of the web-shop notice (onFailure).
 */
export function SignInForm({ onFailure }: { onFailure: () => void }) {
  const { formRef, errors, sending, setSending, check } = useValidatedForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const values = check(signInSchema, { email: text(data, 'email'), password: text(data, 'password') });
    if (!values) return;
    setSending(true);
    const result = await signIn(values.email, values.password);
    if (result.ok) return; // the session store takes over; the button stays busy until /login is left
    setSending(false);
    notify('danger', signInMessage(result.kind));
    if (result.kind !== 'offline' && result.kind !== 'network' && result.kind !== 'retryable') onFailure();
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} aria-labelledby="auth-heading">
      <TextField name="email" type="email" label={<Msg id="auth.field.email" />} errorId={errors.email} autoComplete="username" inputMode="email" required />
      <TextField name="password" type="password" label={<Msg id="auth.field.password" />} errorId={errors.password} autoComplete="current-password" required />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
          <Msg id={sending ? 'auth.login.sending' : 'auth.login.submit'} />
        </button>
      </div>
    </form>
  );
}
