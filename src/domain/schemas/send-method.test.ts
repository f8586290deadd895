import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { sendAsapSchema, sendMethodSchema } from './send-method';
import { validate } from './validate';

describe('sendMethodSchema', () => {
  // spec §5 Send method: a method must be chosen (key success_send_method, a misnamed error)
  it.each([{}, { prescription_send_method: '' }, { prescription_send_method: null }, { prescription_send_method: 'fax' }])(
    'asks for a method: %o',
    (input) => {
      expect(validate(sendMethodSchema, input)).toEqual({
        success: false,
        errors: { prescription_send_method: 'sendMethod.success_send_method' },
      });
    },
  );

  describe('espace', () => {
    const espace = { prescription_send_method: 'espace', prescription_location: 'Praxis Muster', send_all: true };

    it('accepts location and send_all true; the description is emptied', () => {
      expect(validate(sendMethodSchema, { ...espace, description: 'alte Angabe' })).toEqual({
        success: true,
        output: { ...espace, description: '' },
      });
    });

    it('accepts send_all false with a description of 3 characters', () => {
      const result = validate(sendMethodSchema, { ...espace, send_all: false, description: ' ASS ' });
      expect(result).toEqual({ success: true, output: { ...espace, send_all: false, description: 'ASS' } });
    });

    it.each([
      ['prescription_location', { prescription_location: '' }, 'sendMethod.error_espace'],
      ['prescription_location', { prescription_location: undefined }, 'sendMethod.error_espace'],
      ['send_all', { send_all: undefined }, 'sendMethod.error_missing_send_all'],
      ['send_all', { send_all: 'yes' }, 'sendMethod.error_missing_send_all'],
      // if not all: description of at least 3 characters (spec §9)
      ['description', { send_all: false }, 'sendMethod.error_missing_description'],
      ['description', { send_all: false, description: ' ab ' }, 'sendMethod.error_missing_description'],
    ])('%s: %o -> %s', (field, change, message) => {
      expect(validate(sendMethodSchema, { ...espace, ...change })).toEqual({ success: false, errors: { [field]: message } });
    });
  });

  describe.each(['email', 'post'])('%s', (method) => {
    const doctor = { prescription_send_method: method, doc_name: ' Dr. Muster ', cpg_name: 'Praxis Muster' };

    it('accepts doctor and practice names, trimmed', () => {
      expect(validate(sendMethodSchema, doctor)).toEqual({
        success: true,
        output: { prescription_send_method: method, doc_name: 'Dr. Muster', cpg_name: 'Praxis Muster' },
      });
    });

    // doctor and practice names at least 3 characters each (spec §9)
    it.each([
      ['doc_name', { doc_name: ' Dr ' }],
      ['doc_name', { doc_name: undefined }],
      ['cpg_name', { cpg_name: '' }],
    ])('%s: %o -> missing_contact_doc', (field, change) => {
      expect(validate(sendMethodSchema, { ...doctor, ...change })).toEqual({
        success: false,
        errors: { [field]: 'sendMethod.missing_contact_doc' },
      });
    });
  });
});

describe('sendAsapSchema', () => {
  // spec §5 Send method: send-asap must be answered
  it.each([true, false])('accepts %s', (send_asap) => {
    expect(validate(sendAsapSchema, { send_asap })).toEqual({ success: true, output: { send_asap } });
  });

  it.each([{}, { send_asap: null }, { send_asap: 'true' }])('asks for an answer: %o', (input) => {
    expect(validate(sendAsapSchema, input)).toEqual({
      success: false,
      errors: { send_asap: msg.sendMethodSendAsap },
    });
  });
});
