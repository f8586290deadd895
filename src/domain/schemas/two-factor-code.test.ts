import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { twoFactorCodeSchema } from './two-factor-code';
import { validate } from './validate';

describe('twoFactorCodeSchema', () => {
  // spec §5 Two-factor code: required, exactly 6 characters, numeric
  it.each([
    ['042917', { success: true, output: { code: '042917' } }],
    [' 042 917 ', { success: true, output: { code: '042917' } }],
    ['', { success: false, errors: { code: msg.required } }],
    [undefined, { success: false, errors: { code: msg.required } }],
    ['04291', { success: false, errors: { code: msg.code6 } }],
    ['0429177', { success: false, errors: { code: msg.code6 } }],
    ['04291x', { success: false, errors: { code: msg.code6 } }],
    [42917, { success: false, errors: { code: msg.required } }],
  ])('%j', (code, expected) => {
    expect(validate(twoFactorCodeSchema, { code })).toEqual(expected);
  });
});
