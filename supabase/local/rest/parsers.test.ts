import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseColumns, parseFilterValue, parseLogic, parseOrder, parseTreePath } from './filter-parser.ts';
import { parseSelect } from './select-parser.ts';
import { parsePrefer, negotiate } from './headers.ts';
import { parseQueryParams, rangeFromHeader } from './query-params.ts';

const errorOf = (fn: () => unknown): RestError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
};

describe('select parser', () => {
  it('parses columns, star, aliases, casts and json paths', () => {
    expect(parseSelect('id,name:first_name,birthday::text,meta->prefs->>sms,*')).toEqual([
      { kind: 'field', field: { name: 'id', path: [] }, alias: null, cast: null },
      { kind: 'field', field: { name: 'first_name', path: [] }, alias: 'name', cast: null },
      { kind: 'field', field: { name: 'birthday', path: [] }, alias: null, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'meta',
          path: [
            { arrow: '->', key: 'prefs', index: false },
            { arrow: '->>', key: 'sms', index: false },
          ],
        },
        alias: null,
        cast: null,
      },
      { kind: 'star' },
    ]);
  });

  it('parses nested embeds with alias, hint and join type', () => {
    const [star, items, children] = parseSelect('*,webshop_order_item(*),children:webshop_order!parent!inner(*,webshop_order_item(id))');
    expect(star).toEqual({ kind: 'star' });
    expect(items).toMatchObject({ kind: 'relation', name: 'webshop_order_item', alias: null, hint: null, joinType: null, children: [{ kind: 'star' }] });
    expect(children).toMatchObject({ kind: 'relation', name: 'webshop_order', alias: 'children', hint: 'parent', joinType: 'inner' });
    expect(children?.kind === 'relation' && children.children[1]).toMatchObject({ kind: 'relation', name: 'webshop_order_item', children: [{ kind: 'field' }] });
  });

  it('accepts quoted names, dashes and spread embeds', () => {
    expect(parseSelect('"a,b":"weird col",my-col,...rel(x)')).toMatchObject([
      { kind: 'field', alias: 'a,b', field: { name: 'weird col' } },
      { kind: 'field', field: { name: 'my-col' } },
      { kind: 'relation', name: 'rel', spread: true },
    ]);
  });

  it('treats an empty select as no items', () => {
    expect(parseSelect('')).toEqual([]);
  });

  it('rejects malformed selects with PGRST100', () => {
    for (const bad of ['id,', 'rel(id', 'id)', 'a::', 'name!hint']) {
      const error = errorOf(() => parseSelect(bad));
      expect(error.code, bad).toBe('PGRST100');
      expect(error.status).toBe(400);
    }
  });

  it('refuses aggregates like PostgREST with aggregates disabled', () => {
    expect(errorOf(() => parseSelect('count()')).code).toBe('PGRST123');
    expect(errorOf(() => parseSelect('amount.sum()')).code).toBe('PGRST123');
  });
});

describe('filter parser', () => {
  it('parses every operator family', () => {
    expect(parseFilterValue('eq.5')).toEqual({ not: false, operation: { op: 'eq', quant: null, value: '5' } });
    expect(parseFilterValue('not.gte.2024-01-01')).toEqual({ not: true, operation: { op: 'gte', quant: null, value: '2024-01-01' } });
    expect(parseFilterValue('ilike.*asp*')).toEqual({ not: false, operation: { op: 'ilike', quant: null, value: '*asp*' } });
    expect(parseFilterValue('like(any).{a*,b*}')).toEqual({ not: false, operation: { op: 'like', quant: 'any', value: '{a*,b*}' } });
    expect(parseFilterValue('is.NULL')).toEqual({ not: false, operation: { op: 'is', value: 'null' } });
    expect(parseFilterValue('not.is.true')).toEqual({ not: true, operation: { op: 'is', value: 'true' } });
    expect(parseFilterValue('in.(1,"a,b",  c)')).toEqual({ not: false, operation: { op: 'in', values: ['1', 'a,b', '  c'] } });
    expect(parseFilterValue('in.()')).toEqual({ not: false, operation: { op: 'in', values: [''] } });
    expect(parseFilterValue('cs.{vip,senior}')).toEqual({ not: false, operation: { op: 'cs', value: '{vip,senior}' } });
    expect(parseFilterValue('neq.x.y')).toEqual({ not: false, operation: { op: 'neq', value: 'x.y' } });
    expect(parseFilterValue('fts(german).asp & card')).toEqual({ not: false, operation: { op: 'fts', lang: 'german', value: 'asp & card' } });
    expect(parseFilterValue('isdistinct.3')).toEqual({ not: false, operation: { op: 'isdistinct', value: '3' } });
  });

  it('rejects unknown operators and bad is values', () => {
    for (const bad of ['5', 'noop.1', 'eq', 'is.maybe', 'in.(1,2', 'in.1,2']) {
      expect(errorOf(() => parseFilterValue(bad)).code, bad).toBe('PGRST100');
    }
  });

  it('parses filter keys with embed paths and json paths', () => {
    expect(parseTreePath('items.amount')).toEqual({ path: ['items'], field: { name: 'amount', path: [] } });
    expect(parseTreePath('meta->prefs->>sms')).toEqual({
      path: [],
      field: {
        name: 'meta',
        path: [
          { arrow: '->', key: 'prefs', index: false },
          { arrow: '->>', key: 'sms', index: false },
        ],
      },
    });
    expect(parseTreePath('tags->0').field.path).toEqual([{ arrow: '->', key: '0', index: true }]);
  });
});

describe('logic trees', () => {
  it('parses nested and/or with negation and quoted values', () => {
    expect(parseLogic('or', '(status.eq.1,and(status.gte.3,comment.eq."a,b"),not.and(id.in.(1,2),name.is.null))')).toEqual({
      kind: 'expr',
      not: false,
      op: 'or',
      children: [
        { kind: 'filter', filter: { field: { name: 'status', path: [] }, expr: { not: false, operation: { op: 'eq', quant: null, value: '1' } } } },
        {
          kind: 'expr',
          not: false,
          op: 'and',
          children: [
            { kind: 'filter', filter: { field: { name: 'status', path: [] }, expr: { not: false, operation: { op: 'gte', quant: null, value: '3' } } } },
            { kind: 'filter', filter: { field: { name: 'comment', path: [] }, expr: { not: false, operation: { op: 'eq', quant: null, value: 'a,b' } } } },
          ],
        },
        {
          kind: 'expr',
          not: true,
          op: 'and',
          children: [
            { kind: 'filter', filter: { field: { name: 'id', path: [] }, expr: { not: false, operation: { op: 'in', values: ['1', '2'] } } } },
            { kind: 'filter', filter: { field: { name: 'name', path: [] }, expr: { not: false, operation: { op: 'is', value: 'null' } } } },
          ],
        },
      ],
    });
  });

  it('keeps {array} values whole and negates the top operator', () => {
    const tree = parseLogic('not.or', '(tags.cs.{a,b},id.eq.1)');
    expect(tree).toMatchObject({ kind: 'expr', not: true, op: 'or', children: [{ filter: { expr: { operation: { op: 'cs', value: '{a,b}' } } } }, {}] });
  });

  it('rejects malformed trees', () => {
    for (const bad of ['()', '(id.eq.1', '(id.in.1,2)', '(id)']) expect(errorOf(() => parseLogic('or', bad)).code, bad).toBe('PGRST100');
  });
});

describe('order and columns', () => {
  it('parses order terms', () => {
    expect(parseOrder('id.desc,name,created_at.asc.nullslast,client(name).desc.nullsfirst')).toEqual([
      { relation: null, field: { name: 'id', path: [] }, direction: 'desc', nulls: null },
      { relation: null, field: { name: 'name', path: [] }, direction: null, nulls: null },
      { relation: null, field: { name: 'created_at', path: [] }, direction: 'asc', nulls: 'nullslast' },
      { relation: 'client', field: { name: 'name', path: [] }, direction: 'desc', nulls: 'nullsfirst' },
    ]);
    for (const bad of ['id.ac', 'id.descc', 'id.asc.nlsfst']) expect(errorOf(() => parseOrder(bad)).code, bad).toBe('PGRST100');
  });

  it('parses columns= as supabase-js sends it', () => {
    expect(parseColumns('"id","first_name","last name"', 'columns parameter')).toEqual(['id', 'first_name', 'last name']);
    expect(parseColumns('customer_id,pharmacode', 'on_conflict parameter')).toEqual(['customer_id', 'pharmacode']);
  });
});

describe('query params', () => {
  it('sorts parameters into select, filters, logic, order and ranges', () => {
    const qp = parseQueryParams(
      new URLSearchParams('select=*,items(*)&id=eq.1&items.amount=gt.1&or=(a.eq.1,b.eq.2)&items.or=(c.eq.3)&order=id.desc&items.order=id&limit=10&offset=20&items.limit=2&on_conflict=id&columns="a","b"'),
    );
    expect(qp.select).toHaveLength(2);
    expect(qp.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [['items'], 'amount'],
    ]);
    expect(qp.logic.map((l) => l.path)).toEqual([[], ['items']]);
    expect(qp.order.map((o) => o.path)).toEqual([[], ['items']]);
    expect(qp.ranges.get('')).toEqual({ offset: 20, limit: 10 });
    expect(qp.ranges.get('items')).toEqual({ offset: 0, limit: 2 });
    expect(qp.onConflict).toEqual(['id']);
    expect(qp.columns).toEqual(['a', 'b']);
  });

  it('treats operator-less pairs as rpc arguments on GET /rpc', () => {
    const qp = parseQueryParams(new URLSearchParams('a=1&b=eq.2&c=gt.3'), new Set(['a', 'b']));
    expect(qp.plain).toEqual([
      ['a', '1'],
      ['b', 'eq.2'],
    ]);
    expect(qp.filters.map((f) => f.filter.field.name)).toEqual(['c']);
  });

  it('rejects malformed filters and negative limits', () => {
    expect(errorOf(() => parseQueryParams(new URLSearchParams('id=5'))).code).toBe('PGRST100');
    expect(errorOf(() => parseQueryParams(new URLSearchParams('limit=abc'))).code).toBe('PGRST100');
    expect(errorOf(() => parseQueryParams(new URLSearchParams('limit=-1'))).status).toBe(416);
  });

  it('reads the Range header', () => {
    expect(rangeFromHeader('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(rangeFromHeader('5-')).toEqual({ offset: 5, limit: null });
    expect(rangeFromHeader(null)).toBeNull();
    expect(errorOf(() => rangeFromHeader('9-3')).status).toBe(416);
  });
});

describe('headers', () => {
  it('parses comma-joined Prefer headers and ignores unknown values', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates, missing=default, tx=rollback, foo=bar, count=weird')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      tx: 'rollback',
    });
  });

  it('negotiates json, single objects and stripped nulls', () => {
    expect(negotiate(null)).toEqual({ shape: 'array', stripNulls: false });
    expect(negotiate('application/vnd.pgrst.object+json')).toEqual({ shape: 'object', stripNulls: false });
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ shape: 'array', stripNulls: true });
    expect(negotiate('text/html, */*;q=0.8')).toEqual({ shape: 'array', stripNulls: false });
    expect(errorOf(() => negotiate('text/html')).status).toBe(406);
  });
});
