import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formObject } from './fields';
import { msg } from './messages';
import { validate } from './validate';

const schema = formObject({
  email: v.pipe(v.string(msg.required), v.nonEmpty(msg.required), v.email(msg.email)),
  address: formObject({ zip: v.pipe(v.string(msg.required), v.regex(/^\d{4}$/u, msg.zip)) }),
});

describe('validate', () => {
  it('returns the output on success', () => {
    expect(validate(schema, { email: 'a@b.ch', address: { zip: '8000' } })).toEqual({
      success: true,
      output: { email: 'a@b.ch', address: { zip: '8000' } },
    });
  });

  it('keeps the first issue per field, keyed by dotted path', () => {
    // '' fails both nonEmpty and email: only the first (required) is kept.
    expect(validate(schema, { email: '', address: { zip: '80' } })).toEqual({
      success: false,
      errors: { email: msg.required, 'address.zip': msg.zip },
    });
  });

  it('reports a missing key with the message the field gives for undefined', () => {
    expect(validate(schema, { address: {} })).toEqual({
      success: false,
      errors: { email: msg.required, 'address.zip': msg.required },
    });
  });

  it("puts form-level issues under ''", () => {
    expect(validate(schema, null)).toEqual({ success: false, errors: { '': msg.required } });
  });
});
