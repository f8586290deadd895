// The select= grammar: columns, `*`, `alias:col`, `col::type`, JSON paths, and embedded
// resources `alias:rel!hint!inner(...)` / spread `...rel(...)`, nested up to the limits of
// limits.ts (how many embeds, how deep).
import { RestError } from './errors.ts';
import { embedTooDeep, MAX_EMBED_DEPTH, MAX_EMBEDS, tooManyEmbeds } from './limits.ts';
import { atItemEnd, Cursor, field, fieldName, IDENT_CHAR, sepByDash } from './cursor.ts';
import type { SelectItem } from './types.ts';

function tryAlias(c: Cursor): string | null {
  return c.attempt(() => {
    const name = fieldName(c);
    if (c.peek() !== ':' || c.peek(1) === ':') throw c.fail('":"');
    c.pos++;
    return name;
  });
}

function embedParams(c: Cursor): { hint: string | null; joinType: 'inner' | 'left' | null } {
  let hint: string | null = null;
  let joinType: 'inner' | 'left' | null = null;
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    const m = /^(inner|left)(?=[!(\s]|$)/.exec(c.src.slice(c.pos));
    if (m) {
      joinType = m[1] as 'inner' | 'left';
      c.pos += m[1]!.length;
    } else hint = fieldName(c);
  }
  return { hint, joinType };
}

function selectField(c: Cursor): SelectItem {
  c.ws();
  if (c.eat('*')) {
    c.ws();
    if (!atItemEnd(c)) throw c.fail('")", "," or end of input');
    return { kind: 'star' };
  }
  const alias = tryAlias(c);
  if (c.startsWith('count()')) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  const f = field(c);
  let cast: string | null = null;
  if (c.eat('::')) cast = sepByDash(c, (ch) => IDENT_CHAR.test(ch), 'letter or digit');
  if (/^\.(sum|avg|count|max|min)\(\)/.test(c.src.slice(c.pos))) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  c.ws();
  if (!atItemEnd(c)) throw c.fail('letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input');
  return { kind: 'field', field: f, alias, cast };
}

/** embeds seen so far; checked while parsing, so a long or deep select= costs no more than the limit */
interface Budget {
  embeds: number;
}

function selectRelation(c: Cursor, depth: number, budget: Budget): SelectItem {
  c.ws();
  const spread = c.eat('...');
  const alias = spread ? null : tryAlias(c);
  const name = fieldName(c);
  if (name === 'count' && !spread) throw c.fail('"("');
  const { hint, joinType } = embedParams(c);
  c.ws();
  c.expect('(');
  if (depth > MAX_EMBED_DEPTH) throw embedTooDeep();
  if (++budget.embeds > MAX_EMBEDS) throw tooManyEmbeds();
  const children = selectForest(c, depth + 1, budget);
  c.ws();
  c.expect(')', '")"');
  c.ws();
  return { kind: 'relation', name, alias, hint, joinType, spread, children };
}

function selectForest(c: Cursor, depth: number, budget: Budget): SelectItem[] {
  const items: SelectItem[] = [];
  c.ws();
  if (c.done || c.peek() === ')') return items;
  for (;;) {
    const start = c.pos;
    const embeds = budget.embeds;
    const rel = c.startsWith('...') ? selectRelation(c, depth, budget) : c.attempt(() => selectRelation(c, depth, budget));
    if (!rel) {
      c.pos = start;
      budget.embeds = embeds;
    }
    items.push(rel ?? selectField(c));
    c.ws();
    if (!c.eat(',')) return items;
  }
}

export function parseSelect(src: string): SelectItem[] {
  const c = new Cursor(src, 'select parameter');
  const items = selectForest(c, 1, { embeds: 0 });
  if (!c.done) throw c.fail('",", or end of input');
  return items;
}

