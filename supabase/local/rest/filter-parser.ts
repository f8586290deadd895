// Operator expressions (`eq.5`, `not.in.(1,2)`, `like(any).{a*,b*}`), and/or logic trees,
// order terms, column lists and filter keys of the query string.
import { atItemEnd, Cursor, field, fieldName, IDENT_CHAR, jsonPath, quoted, sepByDash } from './cursor.ts';
import type { Field, FtsOp, IsVal, LogicTree, OpExpr, Operation, OrderTerm, QuantOp, SimpleOp } from './types.ts';

const SIMPLE_OPS: readonly string[] = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'];
const QUANT_OPS: readonly string[] = ['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'];
const FTS_OPS: readonly string[] = ['fts', 'plfts', 'phfts', 'wfts'];
const IS_VALS: readonly string[] = ['null', 'not_null', 'true', 'false', 'unknown'];

function listElement(c: Cursor): string {
  if (c.peek() === '"') {
    const q = c.attempt(() => {
      const v = quoted(c);
      if (!atItemEnd(c)) throw c.fail('"," or ")"');
      return v;
    });
    if (q !== null) return q;
  }
  const start = c.pos;
  while (!atItemEnd(c)) c.pos++;
  return c.src.slice(start, c.pos);
}

function listVal(c: Cursor): string[] {
  c.ws();
  c.expect('(');
  c.ws();
  const values = [listElement(c)];
  while (c.eat(',')) values.push(listElement(c));
  c.ws();
  c.expect(')', '")"');
  c.ws();
  return values;
}

type ValueParser = (c: Cursor) => string;

/** the rest of the input: the value of a top-level filter (id=eq.<anything>) */
export const restValue: ValueParser = (c) => {
  const v = c.src.slice(c.pos);
  c.pos = c.src.length;
  return v;
};

/** a value inside or=(...): quoted, a {pg,array} or up to the next ',' or ')' */
const logicValue: ValueParser = (c) => {
  if (c.peek() === '"') {
    const q = c.attempt(() => {
      const v = quoted(c);
      if (!atItemEnd(c)) throw c.fail('"," or ")"');
      return v;
    });
    if (q !== null) return q;
  }
  if (c.peek() === '{') {
    const end = c.src.indexOf('}', c.pos);
    const inner = end < 0 ? null : c.src.slice(c.pos + 1, end);
    if (inner !== null && !inner.includes('{')) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  const start = c.pos;
  while (!atItemEnd(c)) c.pos++;
  return c.src.slice(start, c.pos);
};

export function opExpr(c: Cursor, value: ValueParser): OpExpr {
  const not = c.eat('not.');
  const m = /^[a-z]+/.exec(c.src.slice(c.pos));
  if (!m) throw c.fail('"not" or operator (eq, gt, ...)');
  const op = m[0];
  c.pos += op.length;
  let operation: Operation;
  if (op === 'in') {
    c.expect('.', 'delimiter (.)');
    operation = { op: 'in', values: listVal(c) };
  } else if (op === 'is') {
    c.expect('.', 'delimiter (.)');
    const v = /^[A-Za-z_]+/.exec(c.src.slice(c.pos))?.[0]?.toLowerCase() ?? '';
    if (!IS_VALS.includes(v)) throw c.fail('isVal: (null, not_null, true, false, unknown)');
    c.pos += v.length;
    operation = { op: 'is', value: v as IsVal };
  } else if (op === 'isdistinct') {
    c.expect('.', 'delimiter (.)');
    operation = { op: 'isdistinct', value: value(c) };
  } else if (FTS_OPS.includes(op)) {
    let lang: string | null = null;
    if (c.eat('(')) {
      lang = sepByDash(c, (ch) => IDENT_CHAR.test(ch), 'text search configuration');
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    operation = { op: op as FtsOp, lang, value: value(c) };
  } else if (SIMPLE_OPS.includes(op)) {
    c.expect('.', 'delimiter (.)');
    operation = { op: op as SimpleOp, value: value(c) };
  } else if (QUANT_OPS.includes(op)) {
    const quant = c.eat('(any)') ? 'any' : c.eat('(all)') ? 'all' : null;
    c.expect('.', 'delimiter (.)');
    operation = { op: op as QuantOp, quant, value: value(c) };
  } else {
    c.pos -= op.length;
    throw c.fail('"not" or operator (eq, gt, ...)');
  }
  return { not, operation };
}

/** the value of a top-level filter: `eq.5`, `not.in.(1,2)`, ... */
export function parseFilterValue(src: string): OpExpr {
  const c = new Cursor(src, 'filter');
  const expr = opExpr(c, restValue);
  c.ws();
  if (!c.done) throw c.fail('end of input');
  return expr;
}

function logicTree(c: Cursor): LogicTree {
  const asFilter = c.attempt(() => {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    const expr = opExpr(c, logicValue);
    c.ws();
    if (!atItemEnd(c)) throw c.fail('"," or ")"');
    return { kind: 'filter' as const, filter: { field: f, expr } };
  });
  if (asFilter) return asFilter;
  c.ws();
  const not = c.eat('not.');
  const op = c.eat('and') ? 'and' : c.eat('or') ? 'or' : null;
  if (!op) throw c.fail('logic operator (and, or)');
  c.ws();
  c.expect('(');
  const children = [logicTree(c)];
  for (c.ws(); c.eat(','); c.ws()) children.push(logicTree(c));
  c.ws();
  c.expect(')', '")"');
  c.ws();
  return { kind: 'expr', not, op, children };
}

/** `or=(a.eq.1,b.lt.2)` arrives as op 'or' (or 'not.or') and value '(a.eq.1,b.lt.2)' */
export function parseLogic(op: string, value: string): LogicTree {
  const c = new Cursor(op + value, 'logic tree');
  const tree = logicTree(c);
  if (!c.done) throw c.fail('end of input');
  return tree;
}

export function parseOrder(src: string): OrderTerm[] {
  const c = new Cursor(src, 'order');
  const terms: OrderTerm[] = [];
  do {
    c.ws();
    const rel = c.attempt(() => {
      const name = fieldName(c);
      c.expect('(');
      const f = field(c);
      c.expect(')');
      return { relation: name, field: f };
    });
    const { relation, field: f } = rel ?? { relation: null, field: field(c) };
    const direction = c.eat('.asc') ? 'asc' : c.eat('.desc') ? 'desc' : null;
    const nulls = c.eat('.nullsfirst') ? 'nullsfirst' : c.eat('.nullslast') ? 'nullslast' : null;
    c.ws();
    if (!c.done && c.peek() !== ',') throw c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    terms.push({ relation, field: f, direction, nulls });
  } while (c.eat(','));
  return terms;
}

/** columns= and on_conflict=: field names separated by commas (quoted names allowed) */
export function parseColumns(src: string, what: string): string[] {
  const c = new Cursor(src, what);
  const names: string[] = [];
  do {
    c.ws();
    names.push(fieldName(c));
    c.ws();
  } while (c.eat(','));
  if (!c.done) throw c.fail('"," or end of input');
  return names;
}

/** a filter key: embed path and field, `rel.sub.col->a` */
export function parseTreePath(src: string): { path: string[]; field: Field } {
  const c = new Cursor(src, 'tree path');
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const path = jsonPath(c);
  if (!c.done) throw c.fail('delimiter (.) or end of input');
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, path } };
}
