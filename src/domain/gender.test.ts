import { describe, expect, it } from 'vitest';
import { genderLabel, isGenderCode, parseGender } from './gender.ts';

describe('gender', () => {
  // spec §3 Customer / §9 Gender codes: 1 male, 2 female, 3 other
  it.each([
    [1, 1, 'gender.male'],
    [2, 2, 'gender.female'],
    [3, 3, 'gender.others'],
    ['1', 1, 'gender.male'],
    [' 3 ', 3, 'gender.others'],
    [0, null, null],
    [4, null, null],
    ['4', null, null],
    [1.5, null, null],
    ['', null, null],
    ['male', null, null],
    [null, null, null],
    [undefined, null, null],
  ])('%j -> %s, %s', (value, code, label) => {
    expect(parseGender(value)).toBe(code);
    expect(genderLabel(value)).toBe(label);
  });

  it('isGenderCode accepts numbers only', () => {
    expect(isGenderCode(2)).toBe(true);
    expect(isGenderCode('2')).toBe(false);
  });
});
