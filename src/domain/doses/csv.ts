// CSV for Swiss spreadsheets (Excel with a de-CH or fr-CH locale reads ';' as the separator
// and needs the BOM to take the file as UTF-8). Fields are quoted RFC 4180 style.
//
// Formula injection (OWASP "CSV Injection"): a text cell starting with =, +, -, @ (or a tab or
// carriage return, which some spreadsheets skip before such a sign) would be run as a formula;
// it gets a leading apostrophe, which the spreadsheet shows as text. Product names are
// third-party text, so every text cell is guarded; numbers are written by us and are not.
export type CsvCell = string | number | null;

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One field: numbers as plain integers, null as empty, text guarded and quoted when needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(Math.round(cell)) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file as text: BOM first, every line (the last too) ending with CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(csvField).join(CSV_SEPARATOR) + CSV_LINE_END).join('');
}
