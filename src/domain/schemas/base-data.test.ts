import { describe, expect, it } from 'vitest';
import { baseDataSchema, isCalendarDate } from './base-data';
import { msg } from './messages';
import { validate } from './validate';

const today = '2024-06-01';
const schema = baseDataSchema(today);
const valid = { first_name: ' Anna ', last_name: 'Muster', birthday: '1980-02-29', gender: 2 };

describe('baseDataSchema', () => {
  // spec §5 Base data: first name, last name, birthday, gender required
  it('accepts a complete form and trims names', () => {
    expect(validate(schema, valid)).toEqual({
      success: true,
      output: { first_name: 'Anna', last_name: 'Muster', birthday: '1980-02-29', gender: 2 },
    });
  });

  // spec §9 gender codes 1, 2, 3; selects send strings
  it.each([
    [1, 1],
    ['1', 1],
    ['2', 2],
    [3, 3],
    [' 3 ', 3],
  ])('gender %j -> %j', (gender, output) => {
    const result = validate(schema, { ...valid, gender });
    expect(result.success && result.output.gender).toBe(output);
  });

  it.each([
    ['first_name', { first_name: '  ' }, msg.required],
    ['last_name', { last_name: undefined }, msg.required],
    ['birthday', { birthday: '' }, msg.required],
    ['birthday', { birthday: '01.02.1980' }, msg.date],
    ['birthday', { birthday: '1981-02-29' }, msg.date],
    ['birthday', { birthday: '1980-13-01' }, msg.date],
    ['birthday', { birthday: '1899-12-31' }, msg.birthdayMin],
    ['birthday', { birthday: today }, msg.birthdayPast],
    ['birthday', { birthday: '2030-01-01' }, msg.birthdayPast],
    ['gender', { gender: '' }, msg.required],
    ['gender', { gender: null }, msg.required],
    ['gender', { gender: 0 }, msg.gender],
    ['gender', { gender: '4' }, msg.gender],
    ['gender', { gender: 'male' }, msg.gender],
  ])('%s: %o -> %s', (field, change, message) => {
    const result = validate(schema, { ...valid, ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors).toEqual({ [field]: message });
  });

  it('accepts the earliest birthday, 1900-01-01, and yesterday', () => {
    expect(validate(schema, { ...valid, birthday: '1900-01-01' }).success).toBe(true);
    expect(validate(schema, { ...valid, birthday: '2024-05-31' }).success).toBe(true);
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-04-31', false],
    ['2024-12-31', true],
  ])('%s -> %s', (iso, expected) => {
    expect(isCalendarDate(iso)).toBe(expected);
  });
});
