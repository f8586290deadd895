// Spec §5 Insurance (save-form names of spec §3, table webshop_customer_insurance):
// - insurance: required, one of the insurer list (pharmindex_insurance.descr1, passed in);
// - veka_nr (card number): required, spaces removed, digits, exactly 20, starting 8075;
// - police_nr (policy number): "a mandatory cover field in the display", so required here;
// - additional_insurance (voluntary insurer name): optional;
// - additional_insurance_nr (voluntary number): optional, spaces removed, digits if given.
import * as v from 'valibot';
import { formObject, optionalDigits, optionalText, requiredText } from './fields';
import { limits } from './limits';
import { msg } from './messages';

const cardNumberField = v.pipe(
  v.string(msg.required),
  v.transform((value: string) => value.replace(/\s+/gu, '')),
  v.nonEmpty(msg.required),
  v.regex(/^\d+$/u, msg.cardNumeric),
  v.length(limits.cardLength, msg.cardLength),
  v.startsWith(limits.cardPrefix, msg.cardPrefix),
);

export function insuranceSchema(insurers: readonly string[]) {
  const known = new Set(insurers);
  return formObject({
    insurance: v.pipe(requiredText, v.check((name) => known.has(name), msg.insurer)),
    veka_nr: cardNumberField,
    police_nr: requiredText,
    additional_insurance: optionalText,
    additional_insurance_nr: optionalDigits,
  });
}

export type InsuranceSchema = ReturnType<typeof insuranceSchema>;
export type InsuranceInput = v.InferInput<InsuranceSchema>;
export type InsuranceOutput = v.InferOutput<InsuranceSchema>;
