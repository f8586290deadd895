import { describe, expect, it } from 'vitest';
import { addressSchema, addressWithPhoneSchema } from './address';
import { msg } from './messages';
import { validate } from './validate';

const valid = { street: ' Bahnhofstrasse ', street_nr: '1a', zip: '8001', city: 'Zürich' };

describe('addressSchema', () => {
  // spec §5 Address: street, street number, zip, city required; address line 2 optional
  it('accepts an address without line 2 and outputs it as empty', () => {
    expect(validate(addressSchema, valid)).toEqual({
      success: true,
      output: { street: 'Bahnhofstrasse', street_nr: '1a', address2: '', zip: '8001', city: 'Zürich' },
    });
  });

  it.each([null, undefined, '  '])('treats address2 %j as empty', (address2) => {
    const result = validate(addressSchema, { ...valid, address2 });
    expect(result.success && result.output.address2).toBe('');
  });

  it.each([
    ['street', { street: '' }, msg.required],
    ['street_nr', { street_nr: ' ' }, msg.required],
    ['city', { city: undefined }, msg.required],
    ['zip', { zip: '' }, msg.required],
    // spec: zip numeric; a Swiss zip has 4 digits
    ['zip', { zip: '800' }, msg.zip],
    ['zip', { zip: '80001' }, msg.zip],
    ['zip', { zip: 'CH-8001' }, msg.zip],
  ])('%s: %o -> %s', (field, change, message) => {
    expect(validate(addressSchema, { ...valid, ...change })).toEqual({ success: false, errors: { [field]: message } });
  });
});

describe('addressWithPhoneSchema', () => {
  // spec §3: the phone is held with the address; spec §5 phone
  it('removes spaces from the phone', () => {
    const result = validate(addressWithPhoneSchema, { ...valid, address2: 'c/o Muster', phone: '079 123 45 67' });
    expect(result).toEqual({
      success: true,
      output: { street: 'Bahnhofstrasse', street_nr: '1a', address2: 'c/o Muster', zip: '8001', city: 'Zürich', phone: '0791234567' },
    });
  });

  it('requires a valid phone', () => {
    expect(validate(addressWithPhoneSchema, valid)).toEqual({ success: false, errors: { phone: msg.required } });
    expect(validate(addressWithPhoneSchema, { ...valid, phone: '+49 30 1234567' })).toEqual({
      success: false,
      errors: { phone: msg.phone },
    });
    // spec §5: one Swiss number, however it is typed (issue: phone numbers as people type them)
    expect(validate(addressWithPhoneSchema, { ...valid, phone: '+41 79 123 45 67' })).toMatchObject({ success: true, output: { phone: '0791234567' } });
  });
});
