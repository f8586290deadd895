import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { signInSchema } from './sign-in';
import { validate } from './validate';

describe('signInSchema', () => {
  // spec §5 Sign-in
  it('accepts e-mail and any non-empty password (no minimum at sign-in)', () => {
    expect(validate(signInSchema, { email: 'anna@example.ch', password: 'x' })).toEqual({
      success: true,
      output: { email: 'anna@example.ch', password: 'x' },
    });
  });

  it.each([
    [{ email: '', password: 'x' }, { email: msg.required }],
    [{ email: 'no-at-sign', password: 'x' }, { email: msg.email }],
    [{ email: 'anna@example.ch', password: '' }, { password: msg.required }],
    [{}, { email: msg.required, password: msg.required }],
  ])('%o -> %o', (input, errors) => {
    expect(validate(signInSchema, input)).toEqual({ success: false, errors });
  });
});
