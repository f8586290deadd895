import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { registrationSchema } from './registration';
import { validate } from './validate';

const valid = {
  email: ' anna@example.ch ',
  password: 'geheim123',
  passwordConfirmation: 'geheim123',
  acceptTerms: true,
};

describe('registrationSchema', () => {
  // spec §5 Registration
  it('accepts a complete form and trims the e-mail', () => {
    expect(validate(registrationSchema, valid)).toEqual({
      success: true,
      output: { ...valid, email: 'anna@example.ch' },
    });
  });

  it.each([
    ['email', { email: '' }, msg.required],
    ['email', { email: 'anna@' }, msg.email],
    ['password', { password: '' }, msg.required],
    // spec §9 password minimum 8
    ['password', { password: '1234567', passwordConfirmation: '1234567' }, msg.passwordMin],
    ['passwordConfirmation', { passwordConfirmation: '' }, msg.required],
    ['passwordConfirmation', { passwordConfirmation: 'short' }, msg.passwordMin],
    // the mismatch is reported on the confirmation field
    ['passwordConfirmation', { passwordConfirmation: 'geheim124' }, msg.passwordMatch],
    // spec §8: terms not accepted -> message asking to accept them
    ['acceptTerms', { acceptTerms: false }, msg.acceptTerms],
    ['acceptTerms', { acceptTerms: undefined }, msg.acceptTerms],
  ])('%s: %o -> %s', (field, change, message) => {
    const result = validate(registrationSchema, { ...valid, ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors[field]).toBe(message);
  });

  it('reports every missing field of an empty form', () => {
    expect(validate(registrationSchema, {})).toEqual({
      success: false,
      errors: {
        email: msg.required,
        password: msg.required,
        passwordConfirmation: msg.required,
        acceptTerms: msg.acceptTerms,
      },
    });
  });
});
