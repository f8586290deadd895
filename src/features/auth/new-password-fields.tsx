import type { FormErrors } from '../../ui/form/use-validated-form';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';

/** A new password with its hint and the confirmation (spec §5: at least 8, equal), as registration and password change ask for it. */
export function NewPasswordFields({ errors, labelId }: { errors: FormErrors; labelId: 'auth.field.password' | 'auth.field.newPassword' }) {
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={<Msg id={labelId} />}
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
    </>
  );
}
