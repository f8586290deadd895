// The rule table of form-rules.test.ts (not a test file): for every rule of
// src/domain/server-rules.ts, values the forms of spec §5 refuse and values they accept, and
// the attacks found by writing to the REST API directly. Each case is written onto a complete,
// valid row of its table (BASE, with the case's `base` over it).
import { ESPACE_PARTNERS } from '../../src/domain/constants.ts';
import { SERVER_RULES, type ServerRuleName, type ServerRuleTable } from '../../src/domain/server-rules.ts';
import { dateInTimeZone } from '../../src/domain/zoned-time.ts';

export type Row = Record<string, unknown>;

export interface RuleCase {
  rule: ServerRuleName;
  /** what the invalid value is (the attacks of the task are marked "attack") */
  what: string;
  /** columns over the table's BASE row (a state the rule needs, e.g. method espace) */
  base?: Row;
  invalid: Row;
  valid: Row;
  /** how the server stores `valid` when it normalises it */
  stored?: Row;
}

/** A calendar day in Zurich, `days` from today. */
export const zurichDay = (days: number): string => dateInTimeZone(new Date(Date.now() + days * 86_400_000));

export const ESPACE = { prescription_send_method: 'espace', prescription_location: 'gz-aarepark', send_all: false, description: 'Blutdrucktabletten', doc_name: null, cpg_name: null } as const;

/**
 * A complete row of each table as the app writes it. The customer has no first name: a patient
 * before the base data (its rules start with the first name), so its columns can be written one
 * by one without the personal-data lock (which guards values once the first name is set).
 */
export const BASE: Record<ServerRuleTable, Row> = {
  webshop_customers: { first_name: null, last_name: 'Muster', gender: 2, birthday: '1970-05-17', language: 'de' },
  webshop_customer_address: { street: 'Bahnhofstrasse', street_nr: '12', address2: null, zip: '8500', city: 'Frauenfeld', phone: '0791234567' },
  webshop_customer_insurance: { insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '4711', additional_insurance: null, additional_insurance_nr: null },
  webshop_customer_questionnaire: { weight: 72, size: 168, d_high_bp: true, d_others: null, a_other: null, external_medications: [712345] },
  webshop_customer_order_defaults: { generic: false, substitute: true, probon: true, get_invoice: false, comment: null },
  webshop_customer_additional_info: { prescription_send_method: 'post', prescription_location: null, send_all: null, description: null, doc_name: 'Dr. med. Keller', cpg_name: 'Praxis am Bahnhof' },
};

/** Patients only insert order defaults (insert-only history); every other table is also updated. */
export const INSERT_ONLY: readonly ServerRuleTable[] = ['webshop_customer_order_defaults'];

/** Every text column a patient writes (a backend test compares it with the database). */
export const TEXT_COLUMNS: Record<ServerRuleTable, readonly string[]> = {
  webshop_customers: ['first_name', 'last_name', 'language'],
  webshop_customer_address: ['street', 'street_nr', 'address2', 'zip', 'city', 'phone'],
  webshop_customer_insurance: ['insurance', 'veka_nr', 'police_nr', 'additional_insurance', 'additional_insurance_nr'],
  webshop_customer_questionnaire: ['d_others', 'a_other'],
  webshop_customer_order_defaults: ['comment'],
  webshop_customer_additional_info: ['prescription_send_method', 'prescription_location', 'description', 'doc_name', 'cpg_name'],
};

export const tableOf = (c: RuleCase): ServerRuleTable => SERVER_RULES[c.rule].table;

const x = (n: number) => 'x'.repeat(n);
const digits = (n: number) => '1'.repeat(n);
const codes = (n: number) => Array.from({ length: n }, () => 712345);

const lengthCase = (rule: ServerRuleName, column: string, max: number, base?: Row): RuleCase => ({
  rule,
  what: `${max + 1} characters`,
  ...(base ? { base } : {}),
  invalid: { [column]: x(max + 1) },
  valid: { [column]: x(max) },
});

export const CASES: RuleCase[] = [
  // spec §5 Base data (a patient without a profile yet sets it)
  { rule: 'webshop_customers_first_name_required', what: 'only white space', invalid: { first_name: ' \t\u00a0' }, valid: { first_name: 'Anna' } },
  lengthCase('webshop_customers_first_name_length', 'first_name', 100),
  { rule: 'webshop_customers_last_name_required', what: 'only spaces, with the first name', base: { last_name: null }, invalid: { first_name: 'Anna', last_name: '  ' }, valid: { first_name: 'Anna', last_name: 'Meier' } },
  { rule: 'webshop_customers_last_name_required', what: 'missing once the first name is set', base: { last_name: null }, invalid: { first_name: 'Anna' }, valid: { first_name: 'Anna', last_name: 'Meier' } },
  lengthCase('webshop_customers_last_name_length', 'last_name', 100),
  { rule: 'webshop_customers_gender_required', what: 'missing once the first name is set', base: { gender: null }, invalid: { first_name: 'Anna' }, valid: { first_name: 'Anna', gender: 3 } },
  { rule: 'webshop_customers_gender_check', what: '4', invalid: { gender: 4 }, valid: { gender: 1 } },
  { rule: 'webshop_customers_birthday_required', what: 'missing once the first name is set', base: { birthday: null }, invalid: { first_name: 'Anna' }, valid: { first_name: 'Anna', birthday: '1958-04-12' } },
  { rule: 'webshop_customers_birthday_past', what: 'attack: 2099-01-01', invalid: { birthday: '2099-01-01' }, valid: { birthday: '1958-04-12' } },
  { rule: 'webshop_customers_birthday_past', what: 'the day after tomorrow', invalid: { birthday: zurichDay(2) }, valid: { birthday: zurichDay(-1) } },
  { rule: 'webshop_customers_birthday_min', what: 'attack: 1800-01-01', invalid: { birthday: '1800-01-01' }, valid: { birthday: '1900-01-01' } },
  { rule: 'webshop_customers_birthday_min', what: '1899-12-31', invalid: { birthday: '1899-12-31' }, valid: { birthday: '1900-01-02' } },
  { rule: 'webshop_customers_language_check', what: 'xx', invalid: { language: 'xx' }, valid: { language: 'fr' } },

  // spec §5 Address, Phone
  { rule: 'webshop_customer_address_street_required', what: 'attack: empty', invalid: { street: '' }, valid: { street: 'Marktgasse' } },
  { rule: 'webshop_customer_address_street_required', what: 'only spaces', invalid: { street: '   ' }, valid: { street: 'Rue du Lac' } },
  lengthCase('webshop_customer_address_street_length', 'street', 200),
  { rule: 'webshop_customer_address_street_nr_required', what: 'missing', invalid: { street_nr: null }, valid: { street_nr: '3a' } },
  lengthCase('webshop_customer_address_street_nr_length', 'street_nr', 50),
  lengthCase('webshop_customer_address_address2_length', 'address2', 200),
  { rule: 'webshop_customer_address_zip_required', what: 'missing', invalid: { zip: null }, valid: { zip: '8400' } },
  { rule: 'webshop_customer_address_zip_format', what: 'attack: abcd', invalid: { zip: 'abcd' }, valid: { zip: '3011' } },
  { rule: 'webshop_customer_address_zip_format', what: '5 digits', invalid: { zip: '80000' }, valid: { zip: '1003' } },
  { rule: 'webshop_customer_address_city_required', what: 'attack: empty', invalid: { city: '' }, valid: { city: 'Bern' } },
  { rule: 'webshop_customer_address_city_required', what: 'a tab', invalid: { city: '\t' }, valid: { city: 'Sion' } },
  lengthCase('webshop_customer_address_city_length', 'city', 100),
  { rule: 'webshop_customer_address_phone_required', what: 'attack: missing', invalid: { phone: null }, valid: { phone: '0521234567' } },
  { rule: 'webshop_customer_address_phone_required', what: 'spaces only', invalid: { phone: '   ' }, valid: { phone: '052 123 45 67' }, stored: { phone: '0521234567' } },
  { rule: 'webshop_customer_address_phone_format', what: 'attack: 123', invalid: { phone: '123' }, valid: { phone: '+41 79 123 45 67' }, stored: { phone: '0791234567' } },
  { rule: 'webshop_customer_address_phone_format', what: 'eleven digits', invalid: { phone: '07912345678' }, valid: { phone: '0041 79 123 45 67' }, stored: { phone: '0791234567' } },
  { rule: 'webshop_customer_address_phone_format', what: 'letters', invalid: { phone: '079 ABC 45 67' }, valid: { phone: '079 123 45 67' }, stored: { phone: '0791234567' } },

  // spec §5 Insurance
  { rule: 'webshop_customer_insurance_insurance_required', what: 'empty', invalid: { insurance: '' }, valid: { insurance: 'Helsana' } },
  { rule: 'webshop_customer_insurance_insurance_length', what: '201 characters', invalid: { insurance: x(201) }, valid: { insurance: 'Swica' } },
  { rule: 'webshop_customer_insurance_insurance_known', what: 'attack: not in pharmindex_insurance', invalid: { insurance: 'Erfundene Kasse AG' }, valid: { insurance: 'Sanitas' } },
  { rule: 'webshop_customer_insurance_insurance_known', what: 'the legal name (descr2), not the list name', invalid: { insurance: 'Helsana Versicherungen AG' }, valid: { insurance: 'Vivao Sympany' } },
  { rule: 'webshop_customer_insurance_veka_nr_required', what: 'missing', invalid: { veka_nr: null }, valid: { veka_nr: '80756000000000000001' } },
  { rule: 'webshop_customer_insurance_veka_nr_format', what: 'attack: abc', invalid: { veka_nr: 'abc' }, valid: { veka_nr: '8075 6012 3400 1234 5678' }, stored: { veka_nr: '80756012340012345678' } },
  { rule: 'webshop_customer_insurance_veka_nr_format', what: 'attack: 19 digits', invalid: { veka_nr: '8075601234001234567' }, valid: { veka_nr: '80756012340012345679' } },
  { rule: 'webshop_customer_insurance_veka_nr_format', what: 'attack: 20 digits not starting 8075', invalid: { veka_nr: '80766012340012345678' }, valid: { veka_nr: '80750000000000000000' } },
  { rule: 'webshop_customer_insurance_veka_nr_format', what: '21 digits', invalid: { veka_nr: '807560123400123456789' }, valid: { veka_nr: '80759999999999999999' } },
  { rule: 'webshop_customer_insurance_police_nr_required', what: 'only spaces', invalid: { police_nr: '  ' }, valid: { police_nr: 'P-4711' } },
  lengthCase('webshop_customer_insurance_police_nr_length', 'police_nr', 50),
  lengthCase('webshop_customer_insurance_additional_insurance_length', 'additional_insurance', 200),
  { rule: 'webshop_customer_insurance_additional_insurance_nr_format', what: 'attack: abc', invalid: { additional_insurance_nr: 'abc' }, valid: { additional_insurance_nr: '55 66 77' }, stored: { additional_insurance_nr: '556677' } },
  { rule: 'webshop_customer_insurance_additional_insurance_nr_format', what: 'a dash', invalid: { additional_insurance_nr: '55-66' }, valid: { additional_insurance_nr: null } },
  { rule: 'webshop_customer_insurance_additional_insurance_nr_length', what: '51 digits', invalid: { additional_insurance_nr: digits(51) }, valid: { additional_insurance_nr: digits(50) } },

  // spec §5 Questionnaire
  { rule: 'webshop_customer_questionnaire_weight_required', what: 'attack: missing', invalid: { weight: null }, valid: { weight: 80 } },
  { rule: 'webshop_customer_questionnaire_weight_range', what: '0', invalid: { weight: 0 }, valid: { weight: 1 } },
  { rule: 'webshop_customer_questionnaire_weight_range', what: '400.1', invalid: { weight: 400.1 }, valid: { weight: 400 } },
  { rule: 'webshop_customer_questionnaire_size_required', what: 'attack: missing', invalid: { size: null }, valid: { size: 181 } },
  { rule: 'webshop_customer_questionnaire_size_range', what: '29.9', invalid: { size: 29.9 }, valid: { size: 30 } },
  { rule: 'webshop_customer_questionnaire_size_range', what: '251', invalid: { size: 251 }, valid: { size: 250 } },
  lengthCase('webshop_customer_questionnaire_d_others_length', 'd_others', 2000),
  lengthCase('webshop_customer_questionnaire_a_other_length', 'a_other', 2000),
  { rule: 'webshop_customer_questionnaire_external_medications_length', what: '101 codes', invalid: { external_medications: codes(101) }, valid: { external_medications: codes(100) } },
  { rule: 'webshop_customer_questionnaire_external_medications_flat', what: 'a null', invalid: { external_medications: [712345, null] }, valid: { external_medications: [712345, 767890] } },
  { rule: 'webshop_customer_questionnaire_external_medications_flat', what: 'a list of lists', invalid: { external_medications: [[712345], [767890]] }, valid: { external_medications: [] } },
  { rule: 'webshop_customer_questionnaire_external_medications_known', what: 'attack: made-up codes', invalid: { external_medications: [712345, 4242] }, valid: { external_medications: [767890] } },

  // spec §3 Order defaults: the comment goes into orders
  lengthCase('webshop_customer_order_defaults_comment_length', 'comment', 2000),

  // spec §5 Send method, §9 partners and minimum lengths
  { rule: 'webshop_customer_additional_info_prescription_send_method_check', what: 'fax', invalid: { prescription_send_method: 'fax' }, valid: { prescription_send_method: 'email' } },
  { rule: 'webshop_customer_additional_info_prescription_location_required', what: 'espace without a location', base: ESPACE, invalid: { prescription_location: null }, valid: { prescription_location: 'apo-rosenberg' } },
  { rule: 'webshop_customer_additional_info_prescription_location_partner', what: 'attack: not on the partner list', base: ESPACE, invalid: { prescription_location: 'praxis-nirgendwo' }, valid: { prescription_location: 'ph-riponne' } },
  { rule: 'webshop_customer_additional_info_prescription_location_partner', what: 'a partner name instead of its id', base: ESPACE, invalid: { prescription_location: ESPACE_PARTNERS[0]!.name }, valid: { prescription_location: ESPACE_PARTNERS[0]!.id } },
  { rule: 'webshop_customer_additional_info_send_all_required', what: 'espace without the send-all answer', base: ESPACE, invalid: { send_all: null }, valid: { send_all: true } },
  { rule: 'webshop_customer_additional_info_description_min', what: 'attack: 1 character', base: ESPACE, invalid: { description: 'x' }, valid: { description: 'abc' } },
  { rule: 'webshop_customer_additional_info_description_min', what: 'missing when not all', base: { ...ESPACE, send_all: true, description: null }, invalid: { send_all: false }, valid: { send_all: false, description: 'Nur das Insulin' } },
  { rule: 'webshop_customer_additional_info_description_min', what: '2 characters among spaces', base: ESPACE, invalid: { description: '  ab  ' }, valid: { description: ' abc ' } },
  lengthCase('webshop_customer_additional_info_description_length', 'description', 2000, ESPACE),
  { rule: 'webshop_customer_additional_info_doc_name_min', what: 'attack: 2 characters', invalid: { doc_name: 'Dr' }, valid: { doc_name: 'Dre' } },
  { rule: 'webshop_customer_additional_info_doc_name_min', what: 'missing for email', base: { prescription_send_method: 'email' }, invalid: { doc_name: null }, valid: { doc_name: 'Dr. Roth' } },
  lengthCase('webshop_customer_additional_info_doc_name_length', 'doc_name', 200),
  { rule: 'webshop_customer_additional_info_cpg_name_min', what: 'attack: 2 characters', invalid: { cpg_name: 'Pr' }, valid: { cpg_name: 'Pra' } },
  { rule: 'webshop_customer_additional_info_cpg_name_min', what: 'switching espace to post without names', base: ESPACE, invalid: { prescription_send_method: 'post', doc_name: 'Dr. Roth' }, valid: { prescription_send_method: 'post', doc_name: 'Dr. Roth', cpg_name: 'Praxis Roth' } },
  lengthCase('webshop_customer_additional_info_cpg_name_length', 'cpg_name', 200),
];
