import { describe, expect, it } from 'vitest';
import { doseBadge, doseGlyph } from './dose-glyph.ts';

// the eMediplan standard (CHMED16A): "Numbers for divisibility: ½, 1/3, ¼, 2/3, ¾, 1/8"
describe('doseGlyph', () => {
  it.each<[number, string | null]>([
    [0, '0'],
    [1, '1'],
    [2, '2'],
    [0.5, '½'],
    [1.5, '1½'],
    [0.25, '¼'],
    [0.75, '¾'],
    [0.125, '⅛'],
    [1 / 3, '⅓'],
    [0.33, '⅓'],
    [0.67, '⅔'],
    [2.25, '2¼'],
    [0.2, null],
    [0.1, null],
    [-1, null],
    [Number.NaN, null],
  ])('%s -> %s', (dose, glyph) => {
    expect(doseGlyph(dose)).toBe(glyph);
  });
});

// issue 38: the dose of a row of today's plan as a small badge ("1×", "½")
describe('doseBadge', () => {
  it.each<[number, string | null]>([
    [1, '1×'],
    [2, '2×'],
    [0.5, '½'],
    [1.5, '1½'],
    [0.25, '¼'],
    [0.2, null],
    [Number.NaN, null],
  ])('%s -> %s', (dose, badge) => {
    expect(doseBadge(dose)).toBe(badge);
  });
});
