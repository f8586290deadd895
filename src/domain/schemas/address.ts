// Spec §5 Address: street, street number, zip, city required; address line 2 optional.
// Spec says only "zip numeric"; a Swiss postal code has exactly 4 digits, so we ask for 4.
import * as v from 'valibot';
import { formObject, optionalText, phoneField, requiredText } from './fields';
import { limits } from './limits';
import { msg } from './messages';

const zipField = v.pipe(
  requiredText,
  v.regex(new RegExp(`^\\d{${limits.zipLength}}$`, 'u'), msg.zip),
);

const addressEntries = {
  street: requiredText,
  street_nr: requiredText,
  address2: optionalText,
  zip: zipField,
  city: requiredText,
};

/** The address alone (order step /order/address). */
export const addressSchema = formObject(addressEntries);

/** Address and phone, the onboarding / profile form (table webshop_customer_address). */
export const addressWithPhoneSchema = formObject({ ...addressEntries, phone: phoneField });

export type AddressInput = v.InferInput<typeof addressSchema>;
export type AddressOutput = v.InferOutput<typeof addressSchema>;
export type AddressWithPhoneInput = v.InferInput<typeof addressWithPhoneSchema>;
export type AddressWithPhoneOutput = v.InferOutput<typeof addressWithPhoneSchema>;
