// Small SQL-building helpers of the PostgREST emulation: identifier quoting and a
// parameter collector. Every value that comes from a request is bound as a parameter;
// only identifiers (quoted here) and whitelisted keywords are written into the SQL text.
import { RestError } from './errors.ts';

/** "name" with embedded quotes doubled; NUL bytes are refused (Postgres cannot store them). */
export function ident(name: string): string {
  if (name.includes('\0')) throw new RestError(400, 'PGRST100', 'Identifiers must not contain NUL characters', null, null);
  return `"${name.replace(/"/g, '""')}"`;
}

/** 'text' as a SQL string literal; only for text that comes from the catalog (column names, defaults). */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''").replace(/\0/g, '')}'`;
}

/** Collects positional parameters ($1, $2, ...) for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A Postgres array literal built from text values, as PostgREST does for in.(...) and
 * quantified operators: every element quoted, backslashes and quotes escaped.
 */
export function pgArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** Type names in casts (select=col::text, rpc argument types): a conservative whitelist. */
export function typeName(name: string): string {
  const trimmed = name.trim();
  if (!/^[A-Za-z_][A-Za-z0-9_ $]*(\[\])?$/.test(trimmed)) {
    throw new RestError(400, 'PGRST100', `"failed to parse cast (${name})"`, 'Unsupported type name in cast', null);
  }
  return trimmed;
}
