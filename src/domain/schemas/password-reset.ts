// Spec §5 Password reset: e-mail required and valid.
import * as v from 'valibot';
import { emailField, formObject } from './fields';

export const passwordResetSchema = formObject({ email: emailField });

export type PasswordResetInput = v.InferInput<typeof passwordResetSchema>;
export type PasswordResetOutput = v.InferOutput<typeof passwordResetSchema>;
