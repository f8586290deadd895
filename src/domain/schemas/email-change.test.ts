import { describe, expect, it } from 'vitest';
import { emailChangeCodeSchema, emailChangeSchema } from './email-change';
import { msg } from './messages';
import { validate } from './validate';

describe('emailChangeSchema (step 1)', () => {
  // spec §5 E-mail change: new e-mail required and valid
  it.each([
    [{ email: ' neu@example.ch ' }, { success: true, output: { email: 'neu@example.ch' } }],
    [{ email: '' }, { success: false, errors: { email: msg.required } }],
    [{ email: 'neu@' }, { success: false, errors: { email: msg.email } }],
  ])('%o', (input, expected) => {
    expect(validate(emailChangeSchema, input)).toEqual(expected);
  });
});

describe('emailChangeCodeSchema (step 2)', () => {
  // spec §5 E-mail change: code required, exactly 6 digits
  it.each([
    [{ code: '123456' }, { success: true, output: { code: '123456' } }],
    [{ code: '123 456' }, { success: true, output: { code: '123456' } }],
    [{ code: '' }, { success: false, errors: { code: msg.required } }],
    [{}, { success: false, errors: { code: msg.required } }],
    [{ code: '12345' }, { success: false, errors: { code: msg.code6 } }],
    [{ code: '1234567' }, { success: false, errors: { code: msg.code6 } }],
    [{ code: '12345a' }, { success: false, errors: { code: msg.code6 } }],
  ])('%o', (input, expected) => {
    expect(validate(emailChangeCodeSchema, input)).toEqual(expected);
  });
});
