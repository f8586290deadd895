import { describe, expect, it } from 'vitest';
import { ORDER_COMMENT_MAX } from '../constants';
import { orderDefaultsSchema } from './order-defaults';
import { validate } from './validate';

// spec §3 Order defaults: generic, substitute, probon, get_invoice and a comment
describe('orderDefaultsSchema', () => {
  it('takes the four flags (absent = no) and a trimmed comment', () => {
    expect(validate(orderDefaultsSchema, { generic: true, comment: '  bitte läuten  ' })).toEqual({
      success: true,
      output: { generic: true, substitute: false, probon: false, get_invoice: false, comment: 'bitte läuten' },
    });
  });

  it('refuses a comment longer than an order may carry', () => {
    expect(validate(orderDefaultsSchema, { comment: 'x'.repeat(ORDER_COMMENT_MAX + 1) })).toEqual({ success: false, errors: { comment: 'validation.commentTooLong' } });
    expect(validate(orderDefaultsSchema, { comment: 'x'.repeat(ORDER_COMMENT_MAX) }).success).toBe(true);
  });
});
