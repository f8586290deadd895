import { describe, expect, it } from 'vitest';
import { reasonText } from './reason-text';

describe('reasonText', () => {
  // a change the server refused by a form rule (spec §5) says what the form would have said
  it.each([
    ['webshop_customer_address_phone_format', 'validation.phone'],
    ['not_prescribed', 'sync.reason.notPrescribed'],
    ['something_unknown', 'sync.reason.invalid'],
  ])('%s -> %s', (code, id) => expect(reasonText(code)).toBe(id));
});
