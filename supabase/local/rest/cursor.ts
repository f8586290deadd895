// The scanner shared by the query-string parsers (after PostgREST's QueryParams.hs,
// https://github.com/PostgREST/postgrest/blob/HEAD/src/library/PostgREST/ApiRequest/QueryParams.hs):
// a cursor with backtracking, field names (identifiers joined by '-', or "quoted"), JSON paths
// (->, ->>). Failures are PGRST100
// errors worded like PostgREST's ("failed to parse select parameter (...)" (line 1, column N)).
import { RestError, queryParamError } from './errors.ts';
import type { Field, JsonOp } from './types.ts';

export class Cursor {
  pos = 0;
  constructor(
    readonly src: string,
    readonly what: string,
  ) {}
  get done(): boolean {
    return this.pos >= this.src.length;
  }
  peek(offset = 0): string | undefined {
    return this.src[this.pos + offset];
  }
  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, expecting = JSON.stringify(s)): void {
    if (!this.eat(s)) throw this.fail(expecting);
  }
  ws(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
  fail(expecting: string): RestError {
    const unexpected = this.done ? 'end of input' : JSON.stringify(this.peek());
    return queryParamError(`"failed to parse ${this.what} (${this.src})" (line 1, column ${this.pos + 1})`, `unexpected ${unexpected} expecting ${expecting}`);
  }
  /** runs p; on a parse error restores the position and returns null */
  attempt<T>(p: () => T): T | null {
    const start = this.pos;
    // Every plain column of a select= fails an attempt (it is no embed); capturing a stack
    // trace for each of those errors cost more than planning the query.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return p();
    } catch (error) {
      if (!(error instanceof RestError) || error.code !== 'PGRST100') throw error;
      this.pos = start;
      return null;
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

export const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

export function quoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    const ch = c.peek();
    if (ch === undefined) throw c.fail('"\\"" (closing quote)');
    c.pos++;
    if (ch === '"') return out;
    if (ch === '\\') {
      const next = c.peek();
      if (next === undefined) throw c.fail('escaped character');
      out += next;
      c.pos++;
    } else out += ch;
  }
}

/** identifier pieces joined by '-' (a '-' not followed by '>'), each piece trimmed */
export function sepByDash(c: Cursor, isChar: (ch: string) => boolean, expecting: string): string {
  const parts: string[] = [];
  for (;;) {
    const start = c.pos;
    while (!c.done && isChar(c.peek() as string)) c.pos++;
    if (c.pos === start) throw c.fail(expecting);
    parts.push(c.src.slice(start, c.pos).trim());
    if (c.peek() === '-' && c.peek(1) !== '>') c.pos++;
    else return parts.join('-');
  }
}

export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c);
  return sepByDash(c, (ch) => IDENT_CHAR.test(ch), 'field name (* or [a..z0..9_$])');
}

export function jsonPath(c: Cursor): JsonOp[] {
  const ops: JsonOp[] = [];
  while (c.startsWith('->')) {
    const arrow = c.eat('->>') ? '->>' : (c.eat('->'), '->');
    const idx = /^-?\d+/.exec(c.src.slice(c.pos));
    const after = idx ? c.src.slice(c.pos + idx[0].length) : '';
    if (idx && (after === '' || /^(->|::|\.|,|\))/.test(after))) {
      ops.push({ arrow, key: idx[0], index: true });
      c.pos += idx[0].length;
      continue;
    }
    const key = c.peek() === '"' ? quoted(c) : sepByDash(c, (ch) => !'(-:.,>)'.includes(ch), 'json key');
    ops.push({ arrow, key, index: false });
  }
  return ops;
}

export function field(c: Cursor): Field {
  c.ws();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.ws();
  return { name, path };
}

/** at the end of a list item: ',' or ')' or the end of input */
export const atItemEnd = (c: Cursor) => c.done || c.peek() === ',' || c.peek() === ')';
