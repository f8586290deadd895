import type { FormEvent } from 'react';
import { setNewPassword } from '../../data/auth/password-reset';
import { passwordChangeSchema } from '../../domain/schemas/password-change';
import { Msg } from '../../i18n/msg';
import { NewPasswordFields } from './new-password-fields';
import { formText as text, useValidatedForm } from '../../ui/form/use-validated-form';
import { notify } from '../../ui/notifications/notification-store';
import { newPasswordMessage } from './auth-messages';

/**
 * New password and its confirmation (spec §5 password change: at least 8, equal; §8 'should
 * be different' shows same_password, anything else unknown). Used by the forced change, the
 * reset link and /profile/password; it also clears require_pw_reset.
 */
export function NewPasswordForm({ onDone }: { onDone?: () => void }) {
  const { formRef, errors, sending, setSending, check, showErrors } = useValidatedForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = check(passwordChangeSchema, { password: text(data, 'password'), passwordConfirmation: text(data, 'passwordConfirmation') });
    if (!values) return;
    setSending(true);
    const result = await setNewPassword(values.password);
    setSending(false);
    if (!result.ok) {
      const message = newPasswordMessage(result.kind);
      notify('danger', message);
      if (result.kind === 'samePassword') showErrors({ password: 'validation.passwordSame' });
      return;
    }
    form.reset();
    notify('success', 'auth.password.changed');
    onDone?.();
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} aria-labelledby="auth-heading">
      <NewPasswordFields errors={errors} labelId="auth.field.newPassword" />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
          <Msg id={sending ? 'auth.password.sending' : 'auth.password.submit'} />
        </button>
      </div>
    </form>
  );
}
