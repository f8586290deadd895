// Spec §5 Registration: e-mail, password (min 8), confirmation (min 8, equal), terms accepted.
import * as v from 'valibot';
import { emailField, formObject, newPasswordField } from './fields';
import { msg } from './messages';

export const registrationSchema = v.pipe(
  formObject({
    email: emailField,
    password: newPasswordField,
    passwordConfirmation: newPasswordField,
    // One checkbox for terms and privacy together (spec §2 registration mode).
    acceptTerms: v.literal(true, msg.acceptTerms),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['passwordConfirmation']],
      (input) => input.password === input.passwordConfirmation,
      msg.passwordMatch,
    ),
    ['passwordConfirmation'],
  ),
);

export type RegistrationInput = v.InferInput<typeof registrationSchema>;
export type RegistrationOutput = v.InferOutput<typeof registrationSchema>;
