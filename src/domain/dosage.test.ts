import { describe, expect, it } from 'vitest';
import { formatDosage, formatStoredDosage, parseDosage, toStoredDosage, type Dosage } from './dosage.ts';

describe('parseDosage', () => {
  // spec §3 Prescription: dosage is exactly four numbers (morning, noon, evening, night); §9
  it.each([
    ['1-0-1-0', [1, 0, 1, 0]],
    [' 1 - 0 - 1 - 0 ', [1, 0, 1, 0]],
    ['0.5-0-0.5-0', [0.5, 0, 0.5, 0]],
    ['0,5-0-1-0', [0.5, 0, 1, 0]],
    ['2-2-2-2', [2, 2, 2, 2]],
    [[1, 0, 1, 0], [1, 0, 1, 0]],
    [[0.25, 0, 0, 1], [0.25, 0, 0, 1]],
  ])('%j -> %j', (input, expected) => {
    expect(parseDosage(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [null, 'dosage.missing'],
    [undefined, 'dosage.missing'],
    ['', 'dosage.missing'],
    ['1-0-1', 'dosage.notFourValues'],
    ['1-0-1-0-0', 'dosage.notFourValues'],
    [[1, 0, 1], 'dosage.notFourValues'],
    [[1, 0, 1, 0, 0], 'dosage.notFourValues'],
    ['1-0--1-0', 'dosage.notFourValues'],
    ['1-a-1-0', 'dosage.invalidValue'],
    ['1-0-1-', 'dosage.invalidValue'],
    ['1-.5-1-0', 'dosage.invalidValue'],
    [[1, -1, 1, 0], 'dosage.invalidValue'],
    [[1, Number.NaN, 1, 0], 'dosage.invalidValue'],
    [[1, Infinity, 1, 0], 'dosage.invalidValue'],
    [['1', '0', '1', '0'], 'dosage.invalidValue'],
    [1010, 'dosage.unsupported'],
    [{ morning: 1 }, 'dosage.unsupported'],
  ])('%j -> %s', (input, error) => {
    expect(parseDosage(input)).toEqual({ ok: false, error });
  });
});

describe('formatDosage', () => {
  // spec §2 /prescriptions: dosage as four numbers (morning-noon-evening-night)
  it.each([
    [[1, 0, 1, 0], undefined, '1-0-1-0'],
    [[0.5, 0, 1, 0], undefined, '0.5-0-1-0'],
    [[0.5, 0, 1, 0], 'de-CH', '0.5-0-1-0'],
    [[0.5, 0, 1, 0], 'fr-CH', '0,5-0-1-0'],
    [[1000, 0, 0, 0], 'de-CH', '1000-0-0-0'],
  ] as [Dosage, string | undefined, string][])('%j in %s -> %s', (d, locale, text) => {
    expect(formatDosage(d, locale)).toBe(text);
  });

  it('round-trips through the stored form and formats stored values', () => {
    const d: Dosage = [0.5, 1, 0, 2];
    expect(parseDosage(toStoredDosage(d))).toEqual({ ok: true, value: d });
    expect(formatStoredDosage([1, 0, 0, 1])).toBe('1-0-0-1');
    expect(formatStoredDosage('x')).toBeNull();
  });
});
