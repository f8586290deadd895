// Spec §5 Sign-in: e-mail required and valid; password required (no minimum: old accounts).
import * as v from 'valibot';
import { emailField, formObject, passwordField } from './fields';

export const signInSchema = formObject({
  email: emailField,
  password: passwordField,
});

export type SignInInput = v.InferInput<typeof signInSchema>;
export type SignInOutput = v.InferOutput<typeof signInSchema>;
