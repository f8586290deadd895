// The profile's writes (spec §3, §5, §7): base data, language, address, insurance, questionnaire.
import type { CustomerId, Language } from '../../../domain/entities';
import { err, ok } from '../../../domain/result';
import { ADDRESS, CUSTOMER, INSURANCE, QUESTIONNAIRE } from '../../tables/customer-record';
import type { AddressFields, BaseDataFields, InsuranceFields, QuestionnaireFields } from '../kinds';
import { listWrite, queue, type CommandResult, type OutboxContext } from './queue';

/**
 * Base data (spec §5): only while no first name is stored; afterwards only support changes it
 * (PT403 on the server). `language`: the one the patient uses, written with it (spec §3: the
 * customer row holds the language from its start).
 */
export function saveBaseData(
  ctx: OutboxContext,
  customerId: CustomerId,
  fields: BaseDataFields,
  language?: Language,
): Promise<CommandResult<'personal_data_locked'>> {
  return queue(ctx, customerId, async (record) => {
    if (record?.first_name?.trim()) return err('personal_data_locked');
    const { first_name, last_name, gender, birthday } = fields;
    const written = { first_name, last_name, gender, birthday, ...(language && language !== record?.language ? { language } : {}) };
    return ok({ kind: 'row.upsert', payload: { table: CUSTOMER, id: customerId, fields: written } });
  });
}

/**
 * The patient's language (spec §1 "Changing the language also updates the user's stored
 * language", §3 webshop_customers.language): the customer row by its id, the language alone —
 * allowed on a locked profile — and created with it when there is no row yet.
 */
export function saveCustomerLanguage(ctx: OutboxContext, customerId: CustomerId, language: Language): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record) => {
    if (record?.language === language) return err('unchanged');
    return ok({ kind: 'row.upsert', payload: { table: CUSTOMER, id: customerId, fields: { language } } });
  });
}

/** Address and phone (spec §7 upsert webshop_customer_address): the changed fields. */
export function saveAddress(ctx: OutboxContext, customerId: CustomerId, fields: Partial<AddressFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { street, street_nr, address2, zip, city, phone } = fields;
    return listWrite(record, ADDRESS, { street, street_nr, address2, zip, city, phone }, tempId);
  });
}

/** Insurance in its save form (spec §3, §7): the changed fields. */
export function saveInsurance(ctx: OutboxContext, customerId: CustomerId, fields: Partial<InsuranceFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr } = fields;
    return listWrite(record, INSURANCE, { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr }, tempId);
  });
}

/** The health questionnaire (spec §3, §7): the changed fields; BMI is derived, never written. */
export function saveQuestionnaire(ctx: OutboxContext, customerId: CustomerId, fields: Partial<QuestionnaireFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { bmi: _derived, ...writable } = fields as Partial<QuestionnaireFields> & { bmi?: unknown };
    return listWrite(record, QUESTIONNAIRE, writable, tempId);
  });
}
