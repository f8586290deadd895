import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { passwordResetSchema } from './password-reset';
import { validate } from './validate';

describe('passwordResetSchema', () => {
  // spec §5 Password reset: e-mail required and valid
  it.each([
    [{ email: 'anna@example.ch' }, { success: true, output: { email: 'anna@example.ch' } }],
    [{ email: '   ' }, { success: false, errors: { email: msg.required } }],
    [{}, { success: false, errors: { email: msg.required } }],
    [{ email: 'anna.example.ch' }, { success: false, errors: { email: msg.email } }],
  ])('%o', (input, expected) => {
    expect(validate(passwordResetSchema, input)).toEqual(expected);
  });
});
