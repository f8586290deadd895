// The `filter` of a postgres_changes binding, as realtime-js writes it (its
// RealtimePostgresFilterBuilder) and the Realtime server reads it: `col=op.value`, several
// conditions joined by `,` (AND), values with `,()"\` or surrounding blanks double-quoted with
// `\` escapes, `in.(a,"b,c")`, `is.null|true|false|unknown`, and a `not.` prefix.
// Conditions become SQL over a row built from the change record, so values compare with
// the column's own type (uuid, numeric, timestamptz ...) exactly as Postgres would.

export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'like', 'ilike', 'match', 'imatch'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** one value; several for `in`; for `is` one of null, true, false, unknown */
  values: string[];
}

export class FilterError extends Error {}

/** Splits on `sep` outside double quotes and parentheses. */
function splitTopLevel(input: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) current += input[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted) throw new FilterError('unterminated quote');
  parts.push(current);
  return parts;
}

function unquote(raw: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return raw;
}

function parseCondition(text: string): FilterCondition {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new FilterError(`invalid filter condition: ${text}`);
  const column = text.slice(0, eq).trim();
  let rest = text.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`invalid filter operator: ${text}`);
  const operator = rest.slice(0, dot) as FilterOperator;
  const value = rest.slice(dot + 1);
  if (!FILTER_OPERATORS.includes(operator)) throw new FilterError(`unsupported filter operator: ${operator}`);
  if (operator === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) throw new FilterError(`invalid in list: ${value}`);
    const inner = value.slice(1, -1);
    const values = inner === '' ? [] : splitTopLevel(inner, ',').map((v) => unquote(v.trim()));
    if (values.length === 0) throw new FilterError('empty in list');
    return { column, operator, negate, values };
  }
  if (operator === 'is') {
    const keyword = value.toLowerCase();
    if (!['null', 'true', 'false', 'unknown'].includes(keyword)) throw new FilterError(`invalid is value: ${value}`);
    return { column, operator, negate, values: [keyword] };
  }
  return { column, operator, negate, values: [unquote(value)] };
}

/** Parses a binding filter; an empty or missing filter means no condition. */
export function parseFilter(filter: string | null | undefined): FilterCondition[] {
  if (filter == null || filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map((part) => parseCondition(part));
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const SQL_OPERATORS: Record<Exclude<FilterOperator, 'in' | 'is'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

/**
 * SQL for the conditions over the row alias `r`, values as parameters starting at
 * `$firstParam` (left untyped, so Postgres infers each from its column's type).
 */
export function filterSql(
  conditions: FilterCondition[],
  firstParam: number,
): { sql: string; params: string[] } {
  const params: string[] = [];
  const next = (value: string) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  const parts = conditions.map((c) => {
    const col = `r.${quoteIdent(c.column)}`;
    let expr: string;
    if (c.operator === 'in') expr = `${col} in (${c.values.map(next).join(', ')})`;
    else if (c.operator === 'is') expr = `${col} is ${c.values[0]}`;
    else if (c.operator === 'like' || c.operator === 'ilike' || c.operator === 'match' || c.operator === 'imatch') {
      expr = `${col}::text ${SQL_OPERATORS[c.operator]} ${next(c.values[0] ?? '')}`;
    } else expr = `${col} ${SQL_OPERATORS[c.operator]} ${next(c.values[0] ?? '')}`;
    return c.negate ? `not (${expr})` : `(${expr})`;
  });
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}
