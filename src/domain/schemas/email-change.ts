// Spec §5 E-mail change, two steps (spec §4): step 1 the new e-mail (a code is sent to it),
// step 2 the 6-digit code (spaces removed).
import * as v from 'valibot';
import { codeField, emailField, formObject } from './fields';

export const emailChangeSchema = formObject({ email: emailField });
export const emailChangeCodeSchema = formObject({ code: codeField });

export type EmailChangeInput = v.InferInput<typeof emailChangeSchema>;
export type EmailChangeOutput = v.InferOutput<typeof emailChangeSchema>;
export type EmailChangeCodeInput = v.InferInput<typeof emailChangeCodeSchema>;
export type EmailChangeCodeOutput = v.InferOutput<typeof emailChangeCodeSchema>;
