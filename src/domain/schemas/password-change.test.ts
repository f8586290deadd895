import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { passwordChangeSchema } from './password-change';
import { validate } from './validate';

const valid = { password: 'neues-pw-1', passwordConfirmation: 'neues-pw-1' };

describe('passwordChangeSchema', () => {
  // spec §5 Password change
  it('accepts a new password with matching confirmation (forced change: no current password)', () => {
    expect(validate(passwordChangeSchema, valid)).toEqual({ success: true, output: valid });
  });

  it('accepts a current password that differs', () => {
    expect(validate(passwordChangeSchema, { ...valid, currentPassword: 'altes-pw-1' }).success).toBe(true);
  });

  it.each([
    ['password', { password: '', passwordConfirmation: '' }, msg.required],
    // spec §9 password minimum 8
    ['password', { password: 'kurz', passwordConfirmation: 'kurz' }, msg.passwordMin],
    ['passwordConfirmation', { passwordConfirmation: undefined }, msg.required],
    ['passwordConfirmation', { passwordConfirmation: 'neues-pw-2' }, msg.passwordMatch],
    // must differ from the current one (else the server answers same_password)
    ['password', { currentPassword: 'neues-pw-1' }, msg.passwordSame],
  ])('%s: %o -> %s', (field, change, message) => {
    // both new-password fields may be reported at once; the one under test must be
    expect(validate(passwordChangeSchema, { ...valid, ...change })).toMatchObject({
      success: false,
      errors: { [field]: message },
    });
  });
});
