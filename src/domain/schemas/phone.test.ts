import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { phoneSchema } from './phone';
import { validate } from './validate';

describe('phoneSchema', () => {
  // spec §5 phone: spaces removed, 0 followed by nine digits
  it.each([
    ['079 123 45 67', '0791234567'],
    ['0791234567', '0791234567'],
    [' 044 123 45 67 ', '0441234567'],
    ['0 7 9 1 2 3 4 5 6 7', '0791234567'],
    // the same Swiss number with its country code, as people type it (stored as the server does)
    ['+41 79 123 45 67', '0791234567'],
    ['+41791234567', '0791234567'],
    ['0041 79 123 45 67', '0791234567'],
  ])('accepts %j as %j', (phone, output) => {
    expect(validate(phoneSchema, { phone })).toEqual({ success: true, output: { phone: output } });
  });

  it.each([
    ['+49 30 1234567', msg.phone],
    ['+41 079 123 45 67', msg.phone],
    ['79 123 45 67', msg.phone],
    ['07912345678', msg.phone],
    ['079-123-45-67', msg.phone],
    ['079 123 45 6x', msg.phone],
    ['', msg.required],
    ['   ', msg.required],
    [undefined, msg.required],
  ])('rejects %j with %s', (phone, message) => {
    expect(validate(phoneSchema, { phone })).toEqual({ success: false, errors: { phone: message } });
  });
});
