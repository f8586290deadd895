// The form rules the server keeps (spec §5, §9; supabase/migrations/20261125000200_form_rules.sql):
// every CHECK constraint and every rule of the `<table>_rules` triggers of the tables a patient
// writes, by name, with the field it belongs to and the machine code the app turns into that
// field's message. A refused write answers 400 (SQLSTATE 23514) with Postgres' check-violation
// message naming the rule; serverRuleOf reads it. A backend test (tests/backend/form-rules.test.ts)
// keeps this map and the database's constraints and triggers equal.

export type ServerRuleTable =
  | 'webshop_customers'
  | 'webshop_customer_address'
  | 'webshop_customer_insurance'
  | 'webshop_customer_questionnaire'
  | 'webshop_customer_order_defaults'
  | 'webshop_customer_additional_info';

/** What the patient must correct. */
export const SERVER_RULE_CODES = [
  /** missing, or only white space */
  'required',
  /** more characters than `limit` (or more list entries) */
  'too_long',
  /** fewer characters than `limit` after trimming */
  'too_short',
  /** not 0 and nine digits (after removing spaces; +41 and 0041 count as 0) */
  'invalid_phone',
  /** not 4 digits */
  'invalid_zip',
  /** not 20 digits starting 8075 (after removing spaces) */
  'invalid_card_number',
  /** not digits only */
  'not_numeric',
  /** not an insurer of the list (pharmindex_insurance.descr1) */
  'unknown_insurer',
  /** outside the plausible range (weight 1–400 kg, size 30–250 cm) */
  'out_of_range',
  /** not a flat list of pharmacodes */
  'invalid_pharmacode',
  /** a pharmacode that is not in the catalogue */
  'unknown_medication',
  /** not a partner location of method espace */
  'unknown_location',
  /** not post, email or espace */
  'invalid_send_method',
  /** not 1, 2 or 3 */
  'invalid_gender',
  /** not de or fr */
  'invalid_language',
  /** after today */
  'birthday_in_future',
  /** before 1900-01-01 */
  'birthday_too_early',
] as const;

export type ServerRuleCode = (typeof SERVER_RULE_CODES)[number];

export interface ServerRule {
  table: ServerRuleTable;
  /** the column, i.e. the form field (spec §3 names) */
  field: string;
  code: ServerRuleCode;
  /**
   * check: a CHECK constraint on the column's value (a null passes);
   * trigger: the table's AFTER ROW trigger `<table>_rules` (presence, other columns, other tables)
   */
  kind: 'check' | 'trigger';
  /** the bound of a length rule: characters (too_long, too_short) or list entries */
  limit?: number;
}

const rule = (kind: ServerRule['kind']) => (table: ServerRuleTable, field: string, code: ServerRuleCode, limit?: number): ServerRule =>
  limit === undefined ? { table, field, code, kind } : { table, field, code, kind, limit };
const check = rule('check');
const trigger = rule('trigger');

const C = 'webshop_customers';
const AD = 'webshop_customer_address';
const IN = 'webshop_customer_insurance';
const QU = 'webshop_customer_questionnaire';
const OD = 'webshop_customer_order_defaults';
const AI = 'webshop_customer_additional_info';

/** Constraint (or rule trigger) name → rule. */
export const SERVER_RULES = {
  // spec §5 Base data (§9 gender codes, languages)
  webshop_customers_first_name_required: trigger(C, 'first_name', 'required'),
  webshop_customers_first_name_length: check(C, 'first_name', 'too_long', 100),
  webshop_customers_last_name_required: trigger(C, 'last_name', 'required'),
  webshop_customers_last_name_length: check(C, 'last_name', 'too_long', 100),
  webshop_customers_gender_required: trigger(C, 'gender', 'required'),
  webshop_customers_gender_check: check(C, 'gender', 'invalid_gender'),
  webshop_customers_birthday_required: trigger(C, 'birthday', 'required'),
  webshop_customers_birthday_past: check(C, 'birthday', 'birthday_in_future'),
  webshop_customers_birthday_min: check(C, 'birthday', 'birthday_too_early'),
  webshop_customers_language_check: check(C, 'language', 'invalid_language'),
  // spec §5 Address, Phone
  webshop_customer_address_street_required: trigger(AD, 'street', 'required'),
  webshop_customer_address_street_length: check(AD, 'street', 'too_long', 200),
  webshop_customer_address_street_nr_required: trigger(AD, 'street_nr', 'required'),
  webshop_customer_address_street_nr_length: check(AD, 'street_nr', 'too_long', 50),
  webshop_customer_address_address2_length: check(AD, 'address2', 'too_long', 200),
  webshop_customer_address_zip_required: trigger(AD, 'zip', 'required'),
  webshop_customer_address_zip_format: check(AD, 'zip', 'invalid_zip'),
  webshop_customer_address_city_required: trigger(AD, 'city', 'required'),
  webshop_customer_address_city_length: check(AD, 'city', 'too_long', 100),
  webshop_customer_address_phone_required: trigger(AD, 'phone', 'required'),
  webshop_customer_address_phone_format: check(AD, 'phone', 'invalid_phone'),
  // spec §5 Insurance
  webshop_customer_insurance_insurance_required: trigger(IN, 'insurance', 'required'),
  webshop_customer_insurance_insurance_length: check(IN, 'insurance', 'too_long', 200),
  webshop_customer_insurance_insurance_known: trigger(IN, 'insurance', 'unknown_insurer'),
  webshop_customer_insurance_veka_nr_required: trigger(IN, 'veka_nr', 'required'),
  webshop_customer_insurance_veka_nr_format: check(IN, 'veka_nr', 'invalid_card_number'),
  webshop_customer_insurance_police_nr_required: trigger(IN, 'police_nr', 'required'),
  webshop_customer_insurance_police_nr_length: check(IN, 'police_nr', 'too_long', 50),
  webshop_customer_insurance_additional_insurance_length: check(IN, 'additional_insurance', 'too_long', 200),
  webshop_customer_insurance_additional_insurance_nr_format: check(IN, 'additional_insurance_nr', 'not_numeric'),
  webshop_customer_insurance_additional_insurance_nr_length: check(IN, 'additional_insurance_nr', 'too_long', 50),
  // spec §5 Questionnaire
  webshop_customer_questionnaire_weight_required: trigger(QU, 'weight', 'required'),
  webshop_customer_questionnaire_weight_range: check(QU, 'weight', 'out_of_range'),
  webshop_customer_questionnaire_size_required: trigger(QU, 'size', 'required'),
  webshop_customer_questionnaire_size_range: check(QU, 'size', 'out_of_range'),
  webshop_customer_questionnaire_d_others_length: check(QU, 'd_others', 'too_long', 2000),
  webshop_customer_questionnaire_a_other_length: check(QU, 'a_other', 'too_long', 2000),
  webshop_customer_questionnaire_external_medications_length: check(QU, 'external_medications', 'too_long', 100),
  webshop_customer_questionnaire_external_medications_flat: check(QU, 'external_medications', 'invalid_pharmacode'),
  webshop_customer_questionnaire_external_medications_known: trigger(QU, 'external_medications', 'unknown_medication'),
  // spec §3 Order defaults: the comment goes into orders (ORDER_COMMENT_MAX)
  webshop_customer_order_defaults_comment_length: check(OD, 'comment', 'too_long', 2000),
  // spec §5 Send method (§9 partners, name and description minimum)
  webshop_customer_additional_info_prescription_send_method_check: check(AI, 'prescription_send_method', 'invalid_send_method'),
  webshop_customer_additional_info_prescription_location_required: trigger(AI, 'prescription_location', 'required'),
  webshop_customer_additional_info_prescription_location_partner: trigger(AI, 'prescription_location', 'unknown_location'),
  webshop_customer_additional_info_send_all_required: trigger(AI, 'send_all', 'required'),
  webshop_customer_additional_info_description_min: trigger(AI, 'description', 'too_short', 3),
  webshop_customer_additional_info_description_length: check(AI, 'description', 'too_long', 2000),
  webshop_customer_additional_info_doc_name_min: trigger(AI, 'doc_name', 'too_short', 3),
  webshop_customer_additional_info_doc_name_length: check(AI, 'doc_name', 'too_long', 200),
  webshop_customer_additional_info_cpg_name_min: trigger(AI, 'cpg_name', 'too_short', 3),
  webshop_customer_additional_info_cpg_name_length: check(AI, 'cpg_name', 'too_long', 200),
} as const satisfies Record<string, ServerRule>;

export type ServerRuleName = keyof typeof SERVER_RULES;

const isRuleName = (name: string): name is ServerRuleName => Object.hasOwn(SERVER_RULES, name);

// Postgres' wording of a check violation; the rule triggers raise the same.
const CHECK_VIOLATION = /^new row for relation "([^"]+)" violates check constraint "([^"]+)"$/u;

/**
 * The rule a PostgREST error message names (`error.message` of supabase-js), or null when the
 * message is not a check violation of a known rule (another error, another table's constraint).
 */
export function serverRuleOf(message: string): (ServerRule & { name: ServerRuleName }) | null {
  const match = CHECK_VIOLATION.exec(message.trim());
  if (!match) return null;
  const [, table, name] = match;
  if (name === undefined || !isRuleName(name)) return null;
  const found: ServerRule = SERVER_RULES[name];
  return found.table === table ? { ...found, name } : null;
}
