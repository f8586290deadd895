// Spec §5 Phone: required, all spaces removed, 0 and nine digits. The phone is edited in the
// address form (address.ts); this schema serves a phone-only form.
import * as v from 'valibot';
import { formObject, phoneField } from './fields';

export { phoneField };

export const phoneSchema = formObject({ phone: phoneField });

export type PhoneInput = v.InferInput<typeof phoneSchema>;
export type PhoneOutput = v.InferOutput<typeof phoneSchema>;
