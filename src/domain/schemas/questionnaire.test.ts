import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { bmi, deriveQuestionnaireToggles, questionnaireSchema } from './questionnaire';
import { validate } from './validate';

const flags = {
  d_diabetes: true,
  d_high_bp: false,
  d_liver: true,
  d_blood_clotting: false,
  d_kidney: false,
  d_bronchi: true,
  d_others: 'Migräne',
  a_penicillin: true,
  a_sulfonamide: false,
  a_asa: true,
  a_other: 'Nüsse',
};
const valid = { weight: 72, size: 180, has_diagnoses: true, has_allergies: true, ...flags, external_medications: [] };

describe('questionnaireSchema', () => {
  // spec §5 Questionnaire: weight and size required numbers
  it('keeps flags and texts when the toggles are on, and drops the toggles', () => {
    expect(validate(questionnaireSchema, valid)).toEqual({
      success: true,
      output: { weight: 72, size: 180, ...flags, external_medications: [] },
    });
  });

  it('clears diagnosis flags and d_others when has_diagnoses is false', () => {
    const result = validate(questionnaireSchema, { ...valid, has_diagnoses: false });
    expect(result.success && result.output).toMatchObject({
      d_diabetes: false,
      d_liver: false,
      d_bronchi: false,
      d_others: '',
      a_penicillin: true,
      a_other: 'Nüsse',
    });
  });

  it('clears allergy flags and a_other when has_allergies is false', () => {
    const result = validate(questionnaireSchema, { ...valid, has_allergies: false });
    expect(result.success && result.output).toMatchObject({
      a_penicillin: false,
      a_asa: false,
      a_other: '',
      d_diabetes: true,
      d_others: 'Migräne',
    });
  });

  it('defaults missing flags, texts and medications', () => {
    const result = validate(questionnaireSchema, { weight: '72', size: '180', has_diagnoses: true, has_allergies: false });
    expect(result.success && result.output).toEqual({
      weight: 72,
      size: 180,
      ...Object.fromEntries(Object.entries(flags).map(([key, value]) => [key, typeof value === 'boolean' ? false : ''])),
      external_medications: [],
    });
  });

  it.each([
    [{ weight: '72.5' }, 72.5],
    [{ weight: ' 72,5 ' }, 72.5],
    [{ weight: 1 }, 1],
    [{ weight: '400' }, 400],
  ])('reads weight from %o', (change, weight) => {
    const result = validate(questionnaireSchema, { ...valid, ...change });
    expect(result.success && result.output.weight).toBe(weight);
  });

  it('keeps pharmacodes as digit strings, once each', () => {
    const result = validate(questionnaireSchema, { ...valid, external_medications: [1234567, '1234567', '7654321'] });
    expect(result.success && result.output.external_medications).toEqual(['1234567', '7654321']);
  });

  it.each([
    ['weight', { weight: '' }, msg.required],
    ['weight', { weight: undefined }, msg.required],
    ['weight', { weight: 'abc' }, msg.number],
    // ranges chosen here: weight 1–400 kg, size 30–250 cm
    ['weight', { weight: 0 }, msg.weightRange],
    ['weight', { weight: '-5' }, msg.weightRange],
    ['weight', { weight: 401 }, msg.weightRange],
    ['size', { size: null }, msg.required],
    ['size', { size: '1,8 m' }, msg.number],
    ['size', { size: 29 }, msg.sizeRange],
    ['size', { size: '251' }, msg.sizeRange],
    ['has_diagnoses', { has_diagnoses: undefined }, msg.required],
    ['external_medications.0', { external_medications: ['abc'] }, msg.pharmacode],
  ])('%s: %o -> %s', (field, change, message) => {
    expect(validate(questionnaireSchema, { ...valid, ...change })).toEqual({ success: false, errors: { [field]: message } });
  });
});

describe('deriveQuestionnaireToggles', () => {
  // spec §3: the toggles are derived from the stored flags
  it.each([
    [{}, { has_diagnoses: false, has_allergies: false }],
    [{ d_kidney: true }, { has_diagnoses: true, has_allergies: false }],
    [{ d_others: '  ', a_other: null, a_asa: false }, { has_diagnoses: false, has_allergies: false }],
    [{ d_others: 'Asthma', a_sulfonamide: null }, { has_diagnoses: true, has_allergies: false }],
    [{ a_other: 'Latex' }, { has_diagnoses: false, has_allergies: true }],
    [flags, { has_diagnoses: true, has_allergies: true }],
  ])('%o -> %o', (record, toggles) => {
    expect(deriveQuestionnaireToggles(record)).toEqual(toggles);
  });
});

describe('bmi', () => {
  it.each([
    [72, 180, 22.2],
    [70, 175, 22.9],
    [100, 200, 25],
    [72, 0, null],
    [Number.NaN, 180, null],
  ])('%s kg, %s cm -> %s', (weight, size, expected) => {
    expect(bmi(weight, size)).toBe(expected);
  });
});
