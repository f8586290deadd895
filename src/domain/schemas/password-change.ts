// Spec §5 Password change: new password required, min 8, confirmation equal. "Must differ
// from the current one" is the server's answer (same_password, spec §8); when the form knows
// the current password (currentPassword given, not empty) the schema checks it too.
import * as v from 'valibot';
import { formObject, newPasswordField } from './fields';
import { msg } from './messages';

export const passwordChangeSchema = v.pipe(
  formObject({
    currentPassword: v.optional(v.string(msg.required)),
    password: newPasswordField,
    passwordConfirmation: newPasswordField,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['passwordConfirmation']],
      (input) => input.password === input.passwordConfirmation,
      msg.passwordMatch,
    ),
    ['passwordConfirmation'],
  ),
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['password']],
      (input) => !input.currentPassword || input.currentPassword !== input.password,
      msg.passwordSame,
    ),
    ['password'],
  ),
);

export type PasswordChangeInput = v.InferInput<typeof passwordChangeSchema>;
export type PasswordChangeOutput = v.InferOutput<typeof passwordChangeSchema>;
