import { useRef, useState, type FormEvent } from 'react';
import { setNewPassword } from '../../data/auth/password-reset';
import { passwordChangeSchema } from '../../domain/schemas/password-change';
import { validate, type FieldErrors } from '../../domain/schemas/validate';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { useFocusFirstInvalid } from '../../ui/form/use-focus-first-invalid';
import { notify } from '../../ui/notifications/notification-store';
import { newPasswordMessage } from './auth-messages';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/**
 * New password and its confirmation (spec §5 password change: at least 8, equal; §8 'should
 * be different' shows same_password, anything else unknown). Used by the forced change, the
 * reset link and /profile/password; it also clears require_pw_reset.
 */
export function NewPasswordForm({ onDone }: { onDone?: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = validate(passwordChangeSchema, { password: text(data, 'password'), passwordConfirmation: text(data, 'passwordConfirmation') });
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setSending(true);
    const result = await setNewPassword(checked.output.password);
    setSending(false);
    if (!result.ok) {
      const message = newPasswordMessage(result.kind);
      notify('danger', message);
      if (result.kind === 'samePassword') {
        setErrors({ password: 'validation.passwordSame' });
        focusFirstInvalid();
      }
      return;
    }
    form.reset();
    notify('success', 'auth.password.changed');
    onDone?.();
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} aria-labelledby="auth-heading">
      <TextField
        name="password"
        type="password"
        label={<Msg id="auth.field.newPassword" />}
        hint={<Msg id="auth.field.passwordHint" />}
        errorId={errors.password}
        autoComplete="new-password"
        required
      />
      <TextField
        name="passwordConfirmation"
        type="password"
        label={<Msg id="auth.field.passwordConfirmation" />}
        errorId={errors.passwordConfirmation}
        autoComplete="new-password"
        required
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
          <Msg id={sending ? 'auth.password.sending' : 'auth.password.submit'} />
        </button>
      </div>
    </form>
  );
}
