import { describe, expect, it } from 'vitest';
import { postgresChangesFilter } from '@supabase/supabase-js';
import { FilterError, filterSql, parseFilter, quoteIdent } from './filter.ts';

describe('parseFilter', () => {
  it('reads the operators realtime-js writes', () => {
    expect(parseFilter('customer_id=eq.0000000a-0000-4000-8000-00000000000a')).toEqual([
      { column: 'customer_id', operator: 'eq', negate: false, values: ['0000000a-0000-4000-8000-00000000000a'] },
    ]);
    for (const op of ['neq', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike', 'match', 'imatch'] as const) {
      expect(parseFilter(`a=${op}.5`)).toEqual([{ column: 'a', operator: op, negate: false, values: ['5'] }]);
    }
    expect(parseFilter('a=in.(1,"x,y",3)')[0]?.values).toEqual(['1', 'x,y', '3']);
    expect(parseFilter('a=is.NULL')[0]).toMatchObject({ operator: 'is', values: ['null'] });
    expect(parseFilter('a=not.eq.1')[0]).toMatchObject({ operator: 'eq', negate: true });
    expect(parseFilter('')).toEqual([]);
    expect(parseFilter(undefined)).toEqual([]);
  });

  it('reads what the client filter builder produces, quoting included', () => {
    const built = postgresChangesFilter().eq('id', 1).lt('age', 30).eq('name', 'a, "b"').in('c', ['x', 'y,z']).build();
    expect(parseFilter(built)).toEqual([
      { column: 'id', operator: 'eq', negate: false, values: ['1'] },
      { column: 'age', operator: 'lt', negate: false, values: ['30'] },
      { column: 'name', operator: 'eq', negate: false, values: ['a, "b"'] },
      { column: 'c', operator: 'in', negate: false, values: ['x', 'y,z'] },
    ]);
  });

  it('rejects what it cannot read', () => {
    for (const bad of ['nofilter', 'a=zz.1', 'a=in.1,2', 'a=in.()', 'a=is.maybe', 'a=eq."open']) {
      expect(() => parseFilter(bad), bad).toThrow(FilterError);
    }
  });
});

describe('filterSql', () => {
  it('leaves values as parameters and quotes columns', () => {
    expect(filterSql(parseFilter('a=eq.1,c=in.(2,3),d=is.null,e=not.ilike.x*'), 2)).toEqual({
      sql: '(r."a" = $2) and (r."c" in ($3, $4)) and (r."d" is null) and not (r."e"::text ilike $5)',
      params: ['1', '2', '3', 'x*'],
    });
  });
});

describe('quoteIdent', () => {
  it('doubles embedded quotes', () => {
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });
});
