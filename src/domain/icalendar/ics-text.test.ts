import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, toIcs } from './ics-text.ts';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('escapeText (RFC 5545 3.3.11)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', 'a\\, b'],
    ['a; b', 'a\\; b'],
    ['C:\\temp', 'C:\\\\temp'],
    ['line 1\nline 2', 'line 1\\nline 2'],
    ['line 1\r\nline 2\rline 3', 'line 1\\nline 2\\nline 3'],
    ['tab\tkept, bell\u0007 dropped', 'tab\tkept\\, bell dropped'],
    ['Zoé ½ Tabl', 'Zoé ½ Tabl'],
  ])('%j -> %j', (text, escaped) => {
    expect(escapeText(text)).toBe(escaped);
  });
});

describe('foldLine (RFC 5545 3.1: at most 75 octets a line, continuation after a space)', () => {
  it.each([
    ['ASCII', `SUMMARY:${'a'.repeat(200)}`],
    ['two-byte letters', `SUMMARY:${'ä'.repeat(100)}`],
    ['three-byte characters', `SUMMARY:${'€'.repeat(60)}`],
    ['four-byte characters (a surrogate pair each)', `SUMMARY:${'💊'.repeat(50)}`],
    ['a mix, shifting the boundaries', `DESCRIPTION:${'aä€💊'.repeat(30)}`],
  ])('%s: no line over 75 octets, no character split, unfolds to the original', (_, line) => {
    const folded = foldLine(line);
    expect(folded.length).toBeGreaterThan(1);
    for (const [i, l] of folded.entries()) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      if (i > 0) expect(l.startsWith(' ')).toBe(true);
      // a split character would leave a lone surrogate or replace bytes
      expect(l).toBe(new TextDecoder().decode(new TextEncoder().encode(l)));
    }
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
  });

  it('leaves a line of exactly 75 octets whole and folds at 76', () => {
    expect(foldLine('x'.repeat(75))).toStrictEqual(['x'.repeat(75)]);
    expect(foldLine('x'.repeat(76))).toStrictEqual(['x'.repeat(75), ' x']);
  });

  it('toIcs ends every line with CRLF', () => {
    expect(toIcs(['BEGIN:VCALENDAR', 'END:VCALENDAR'])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});
