// Spec §5 Base data: first name, last name, birthday, gender required (table webshop_customers).
// Not in the spec, chosen here: the birthday is an ISO date (yyyy-mm-dd) that exists, lies
// before `today` and not before 1900. Gender codes of spec §3: 1 male, 2 female, 3 other.
import * as v from 'valibot';
import { addressWithPhoneSchema } from './address';
import { formObject, requiredText } from './fields';
import { limits } from './limits';
import { msg } from './messages';

export const genderCodes = [1, 2, 3] as const;
export type Gender = (typeof genderCodes)[number];

/** True if an ISO date string (yyyy-mm-dd) names a day of the calendar (no 2023-02-30). */
export function isCalendarDate(iso: string): boolean {
  const [year, month, day] = iso.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Gender from a select: the number or its string ('1'..'3'); output is the number. */
const genderField = v.pipe(
  v.union([v.number(), v.string()], msg.required),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(msg.required),
  v.picklist(['1', '2', '3'], msg.gender),
  v.transform((value) => Number(value) as Gender),
);

/** `today` is the local date as yyyy-mm-dd, passed in so the rule stays pure. */
export function baseDataSchema(today: string) {
  return formObject({
    first_name: requiredText,
    last_name: requiredText,
    birthday: v.pipe(
      requiredText,
      v.isoDate(msg.date),
      v.check(isCalendarDate, msg.date),
      // ISO dates compare as strings.
      v.check((iso) => iso >= limits.birthdayMin, msg.birthdayMin),
      v.check((iso) => iso < today, msg.birthdayPast),
    ),
    gender: genderField,
  });
}

export type BaseDataSchema = ReturnType<typeof baseDataSchema>;
export type BaseDataInput = v.InferInput<BaseDataSchema>;
export type BaseDataOutput = v.InferOutput<BaseDataSchema>;

/** Personal data with address and phone: the /profile/basedata form before a profile exists. */
export function baseDataWithAddressSchema(today: string) {
  return formObject({ ...baseDataSchema(today).entries, ...addressWithPhoneSchema.entries });
}
