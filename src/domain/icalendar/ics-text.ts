// RFC 5545 content lines: TEXT values escaped (3.3.11), lines folded at 75 octets (3.1), CRLF
// line ends.

const isControl = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
};

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other controls dropped. */
export function escapeText(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
  return [...escaped].filter((char) => !isControl(char)).join('');
}

export const MAX_LINE_OCTETS = 75;

const utf8Length = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * A content line folded into lines of at most 75 octets of UTF-8, each continuation starting
 * with a space (which counts). A character is never split, whatever its length in bytes.
 */
export function foldLine(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out;
}

/** The text of an iCalendar object: every line folded, each ended by CRLF. */
export const toIcs = (lines: readonly string[]): string => lines.flatMap(foldLine).map((l) => `${l}\r\n`).join('');
