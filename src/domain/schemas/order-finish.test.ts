import { describe, expect, it } from 'vitest';
import { ORDER_COMMENT_MAX } from '../constants';
import { orderFinishSchema } from './order-finish';
import { validate } from './validate';

// spec §2 /order/orderfinish "a free comment"; §9 "Maximum length of the order comment: not shown" (ours: 2000, as the RPC)
describe('orderFinishSchema', () => {
  it('takes a trimmed comment; none or blank is empty', () => {
    expect(validate(orderFinishSchema, { comment: '  Bitte klingeln  ' })).toEqual({ success: true, output: { comment: 'Bitte klingeln' } });
    expect(validate(orderFinishSchema, { comment: null })).toEqual({ success: true, output: { comment: '' } });
    expect(validate(orderFinishSchema, {})).toEqual({ success: true, output: { comment: '' } });
  });

  it('refuses more than ORDER_COMMENT_MAX characters (after trimming)', () => {
    expect(validate(orderFinishSchema, { comment: 'x'.repeat(ORDER_COMMENT_MAX + 1) })).toEqual({ success: false, errors: { comment: 'validation.commentTooLong' } });
    expect(validate(orderFinishSchema, { comment: ` ${'x'.repeat(ORDER_COMMENT_MAX)} ` }).success).toBe(true);
  });
});
