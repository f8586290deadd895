// The field's message for a form rule the server refused (server-rules.ts): the same words the
// form shows for that rule (schemas/messages.ts), so a change refused after it left the device
// — in the list of refused changes — says what to correct as the form would have.
import { msg } from './schemas/messages.ts';
import type { ServerRule } from './server-rules.ts';

const BY_FIELD: Readonly<Record<string, Partial<Record<ServerRule['code'], string>>>> = {
  weight: { out_of_range: msg.weightRange },
  size: { out_of_range: msg.sizeRange },
  description: { too_short: msg.sendMethodDescription, required: msg.sendMethodDescription },
  doc_name: { too_short: msg.sendMethodContactDoc, required: msg.sendMethodContactDoc },
  cpg_name: { too_short: msg.sendMethodContactDoc, required: msg.sendMethodContactDoc },
  prescription_location: { required: msg.sendMethodLocation, unknown_location: msg.sendMethodLocation },
  send_all: { required: msg.sendMethodSendAll },
  prescription_send_method: { required: msg.sendMethodMissing, invalid_send_method: msg.sendMethodMissing },
  veka_nr: { not_numeric: msg.cardNumeric },
};

const BY_CODE: Readonly<Record<ServerRule['code'], string>> = {
  required: msg.required,
  too_long: 'validation.tooLong',
  too_short: msg.required,
  invalid_phone: msg.phone,
  invalid_zip: msg.zip,
  invalid_card_number: msg.cardLength,
  not_numeric: msg.numeric,
  unknown_insurer: msg.insurer,
  out_of_range: msg.number,
  invalid_pharmacode: msg.pharmacode,
  unknown_medication: msg.pharmacode,
  unknown_location: 'validation.unknownLocation',
  invalid_send_method: msg.sendMethodMissing,
  invalid_gender: msg.gender,
  invalid_language: 'validation.language',
  birthday_in_future: msg.birthdayPast,
  birthday_too_early: msg.birthdayMin,
};

/** The message id of a refused rule: the field's own words where it has them, else the rule's. */
export function serverRuleMessage(rule: Pick<ServerRule, 'field' | 'code'>): string {
  return BY_FIELD[rule.field]?.[rule.code] ?? BY_CODE[rule.code];
}
