import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { orderSelectionSchema } from './order-selection';
import { validate } from './validate';

const schema = orderSelectionSchema(new Set(['1111111']));

describe('orderSelectionSchema', () => {
  // spec §5 Order selection: at least one product; amount selector 1..99, single-use 1
  it('keeps only chosen products', () => {
    expect(validate(schema, { medications: { '1111111': 1, '2222222': 99, '3333333': null, '4444444': 0 } })).toEqual({
      success: true,
      output: { medications: { '1111111': 1, '2222222': 99 } },
    });
  });

  it.each([{ medications: {} }, { medications: { '2222222': null } }, { medications: { '2222222': 0 } }, {}])(
    'asks to choose a product: %o',
    (input) => {
      expect(validate(schema, input)).toEqual({ success: false, errors: { medications: 'order.select.none' } });
    },
  );

  it.each([
    ['2222222', 100, msg.orderAmountRange],
    ['2222222', -1, msg.orderAmountRange],
    ['2222222', 1.5, msg.orderAmountRange],
    ['2222222', '2', msg.orderAmountRange],
    // single-use prescriptions are limited to 1
    ['1111111', 2, msg.orderAmountSingleUse],
  ])('%s: %j -> %s', (pharmacode, amount, message) => {
    expect(validate(schema, { medications: { '5555555': 1, [pharmacode]: amount } })).toEqual({
      success: false,
      errors: { [`medications.${pharmacode}`]: message },
    });
  });
});
