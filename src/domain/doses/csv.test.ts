import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

// The report's CSV for Swiss spreadsheets: UTF-8 BOM, ';', CRLF, RFC 4180 quoting, formula guard.
describe('a CSV field', () => {
  it.each([
    ['plain text', 'Amlovasc Tabl 5 mg', 'Amlovasc Tabl 5 mg'],
    ['umlauts as they are', 'Mägenwil Zürich', 'Mägenwil Zürich'],
    ['a separator is quoted', 'A; B', '"A; B"'],
    ['a quote is doubled and quoted', 'Tabl "forte"', '"Tabl ""forte"""'],
    ['a line break is quoted', 'line\nbreak', '"line\nbreak"'],
    ['a CR is quoted', 'a\rb', '"a\rb"'],
    ['a comma needs nothing', '0,5 mg', '0,5 mg'],
    // OWASP CSV injection: text that a spreadsheet would run as a formula
    ['= is guarded', '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+ is guarded', '+41 79', "'+41 79"],
    ['- is guarded', '-2+3', "'-2+3"],
    ['@ is guarded', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab is guarded', '\t=1', "'\t=1"],
    ['guarded and quoted', '=1;2', '"\'=1;2"'],
    ['a sign later on is harmless', 'A=B', 'A=B'],
    ['empty text', '', ''],
  ])('%s', (_name, cell, expected) => {
    expect(csvField(cell)).toBe(expected);
  });

  it.each([
    [30, '30'],
    [0, '0'],
    [2.6, '3'],
    [-4, '-4'], // our own numbers are not text: no guard
    [Number.NaN, ''],
    [null, ''],
  ])('%s -> %j', (cell, expected) => {
    expect(csvField(cell)).toBe(expected);
  });
});

describe('the CSV text', () => {
  it('starts with the BOM, separates with ";" and ends every line with CRLF', () => {
    expect(toCsv([['a', 'b'], [1, 'x;y']])).toBe('\uFEFFa;b\r\n1;"x;y"\r\n');
  });

  it('encodes as UTF-8 with the BOM bytes first', () => {
    const bytes = new TextEncoder().encode(toCsv([['Zürich']]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('keeps a quoted line break inside its field', () => {
    expect(toCsv([['a\r\nb', 'c']])).toBe('\uFEFF"a\r\nb";c\r\n');
  });
});
