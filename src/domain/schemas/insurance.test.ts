import { describe, expect, it } from 'vitest';
import { insuranceSchema } from './insurance';
import { msg } from './messages';
import { validate } from './validate';

const schema = insuranceSchema(['CSS Kranken-Versicherung AG', 'Helsana Versicherungen AG']);
const card = '80756012340000000001';
const valid = {
  insurance: 'CSS Kranken-Versicherung AG',
  veka_nr: '8075 6012 3400 0000 0001',
  police_nr: ' 123.456 ',
};

describe('insuranceSchema', () => {
  // spec §5 Insurance
  it('accepts a complete form: card spaces removed, optional voluntary fields empty', () => {
    expect(validate(schema, valid)).toEqual({
      success: true,
      output: {
        insurance: 'CSS Kranken-Versicherung AG',
        veka_nr: card,
        police_nr: '123.456',
        additional_insurance: '',
        additional_insurance_nr: '',
      },
    });
  });

  it('accepts a voluntary insurer and number (spaces removed)', () => {
    const result = validate(schema, { ...valid, additional_insurance: 'Sanitas', additional_insurance_nr: '12 34 56' });
    expect(result.success && [result.output.additional_insurance, result.output.additional_insurance_nr]).toEqual([
      'Sanitas',
      '123456',
    ]);
  });

  it.each([
    ['insurance', { insurance: '' }, msg.required],
    // chosen from the list
    ['insurance', { insurance: 'Unbekannte Kasse' }, msg.insurer],
    ['veka_nr', { veka_nr: '' }, msg.required],
    ['veka_nr', { veka_nr: '8075 6012 3400 0000 000A' }, msg.cardNumeric],
    // spec §9 card number: 20 digits, starting 8075
    ['veka_nr', { veka_nr: '8075601234000000000' }, msg.cardLength],
    ['veka_nr', { veka_nr: '807560123400000000012' }, msg.cardLength],
    ['veka_nr', { veka_nr: '80766012340000000001' }, msg.cardPrefix],
    // "a mandatory cover field in the display"
    ['police_nr', { police_nr: '  ' }, msg.required],
    ['police_nr', { police_nr: undefined }, msg.required],
    // voluntary number optional but numeric
    ['additional_insurance_nr', { additional_insurance_nr: '12-34' }, msg.numeric],
  ])('%s: %o -> %s', (field, change, message) => {
    expect(validate(schema, { ...valid, ...change })).toEqual({ success: false, errors: { [field]: message } });
  });

  it('rejects every insurer when the list is empty', () => {
    expect(validate(insuranceSchema([]), valid)).toEqual({ success: false, errors: { insurance: msg.insurer } });
  });
});
