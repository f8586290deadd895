// The server's form rules (spec §5, §9) as the app reads them from a refused write: the
// constraint named in Postgres' check-violation message gives the field and the machine code.
import { describe, expect, it } from 'vitest';
import { SERVER_RULE_CODES, SERVER_RULES, serverRuleOf, type ServerRuleCode, type ServerRuleName } from './server-rules.ts';

const violation = (table: string, name: string) => `new row for relation "${table}" violates check constraint "${name}"`;

describe('serverRuleOf', () => {
  it.each([
    // spec §5 Phone
    ['webshop_customer_address', 'webshop_customer_address_phone_format', { field: 'phone', code: 'invalid_phone', kind: 'check' }],
    // spec §5 Insurance: card number (a CHECK), insurer of the list (the table's trigger)
    ['webshop_customer_insurance', 'webshop_customer_insurance_veka_nr_format', { field: 'veka_nr', code: 'invalid_card_number', kind: 'check' }],
    ['webshop_customer_insurance', 'webshop_customer_insurance_insurance_known', { field: 'insurance', code: 'unknown_insurer', kind: 'trigger' }],
    // spec §5 Questionnaire
    ['webshop_customer_questionnaire', 'webshop_customer_questionnaire_weight_required', { field: 'weight', code: 'required', kind: 'trigger' }],
    // spec §5 Send method, §9 at least 3 characters
    ['webshop_customer_additional_info', 'webshop_customer_additional_info_description_min', { field: 'description', code: 'too_short', kind: 'trigger', limit: 3 }],
    // spec §5 Base data (gender codes of §9: the check of the customer tables migration)
    ['webshop_customers', 'webshop_customers_gender_check', { field: 'gender', code: 'invalid_gender', kind: 'check' }],
    ['webshop_customer_order_defaults', 'webshop_customer_order_defaults_comment_length', { field: 'comment', code: 'too_long', kind: 'check', limit: 2000 }],
  ])('%s: %s', (table, name, expected) => {
    expect(serverRuleOf(violation(table, name))).toEqual({ table, name, ...expected });
  });

  it.each([
    ['another kind of error', 'personal_data_locked'],
    ['a foreign key', 'insert or update on table "webshop_customer_address" violates foreign key constraint "webshop_customer_address_customer_id_fkey"'],
    ['row level security', 'new row violates row-level security policy for table "webshop_customer_address"'],
    ['a constraint of another table', violation('webshop_customer_medication', 'webshop_customer_medication_dosage_check')],
    ['a known name on the wrong table', violation('webshop_customer_address', 'webshop_customers_gender_check')],
    ['an unknown constraint', violation('webshop_customer_address', 'webshop_customer_address_colour_check')],
    ['a name that only starts like a rule', violation('webshop_customer_address', 'webshop_customer_address_phone_format_x')],
    ['a property of Object.prototype', violation('webshop_customer_address', 'constructor')],
    ['empty', ''],
  ])('is null for %s', (_what, message) => {
    expect(serverRuleOf(message)).toBeNull();
  });
});

describe('SERVER_RULES', () => {
  const entries = Object.entries(SERVER_RULES) as [ServerRuleName, (typeof SERVER_RULES)[ServerRuleName]][];

  it('names every rule <table>_<field>_<rule>', () => {
    expect(entries.filter(([name, r]) => !name.startsWith(`${r.table}_${r.field}_`))).toEqual([]);
  });

  it('gives a bound to every length rule and to no other', () => {
    const lengthCodes: string[] = ['too_long', 'too_short'];
    expect(entries.filter(([, r]) => lengthCodes.includes(r.code) !== ('limit' in r))).toEqual([]);
  });

  it('uses each machine code at least once', () => {
    expect(new Set(entries.map(([, r]) => r.code))).toEqual(new Set(SERVER_RULE_CODES));
  });

  // presence, rules that read another column, and lists that change (insurers, partners,
  // articles): the trigger (an upsert's proposed row meets the CHECKs before Postgres knows it
  // is an update; a list entry removed later must not block other edits); values: CHECKs
  const TRIGGER_CODES: readonly ServerRuleCode[] = ['required', 'too_short', 'unknown_insurer', 'unknown_location', 'unknown_medication'];

  it.each(entries)('%s is kept by the kind its code calls for', (_name, r) => {
    expect(r.kind).toBe(TRIGGER_CODES.includes(r.code) ? 'trigger' : 'check');
  });
});
