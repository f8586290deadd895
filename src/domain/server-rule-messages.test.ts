import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json' with { type: 'json' };
import fr from '../../lang/fr.json' with { type: 'json' };
import { serverRuleMessage } from './server-rule-messages';
import { SERVER_RULES } from './server-rules';

describe('serverRuleMessage', () => {
  // spec §5: the refused rule says what the form would have said
  it.each([
    ['webshop_customer_address', 'phone', 'invalid_phone', 'validation.phone'],
    ['webshop_customer_questionnaire', 'weight', 'out_of_range', 'validation.weightRange'],
    ['webshop_customer_questionnaire', 'size', 'out_of_range', 'validation.sizeRange'],
    ['webshop_customer_additional_info', 'doc_name', 'too_short', 'sendMethod.missing_contact_doc'],
    ['webshop_customer_additional_info', 'description', 'too_short', 'sendMethod.error_missing_description'],
    ['webshop_customer_additional_info', 'prescription_location', 'unknown_location', 'sendMethod.error_espace'],
    ['webshop_customer_insurance', 'insurance', 'unknown_insurer', 'validation.insurer'],
    ['webshop_customers', 'first_name', 'too_long', 'validation.tooLong'],
  ] as const)('%s.%s %s -> %s', (_table, field, code, id) => expect(serverRuleMessage({ field, code })).toBe(id));

  it('every rule the server keeps has its words in both languages', () => {
    for (const [name, rule] of Object.entries(SERVER_RULES)) {
      const id = serverRuleMessage(rule);
      expect(de, name).toHaveProperty([id]);
      expect(fr, name).toHaveProperty([id]);
    }
  });
});
