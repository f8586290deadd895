// Spec §5 Two-factor code: required, exactly 6 characters, numeric (spaces removed, as
// authenticator apps show "123 456").
import * as v from 'valibot';
import { codeField, formObject } from './fields';

export const twoFactorCodeSchema = formObject({ code: codeField });

export type TwoFactorCodeInput = v.InferInput<typeof twoFactorCodeSchema>;
export type TwoFactorCodeOutput = v.InferOutput<typeof twoFactorCodeSchema>;
