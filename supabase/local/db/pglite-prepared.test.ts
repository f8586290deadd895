// Named prepared statements on PGlite answer exactly as PGlite's own query() does: the same
// rows and JS types, the same errors; a statement whose table changed is prepared again.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRunner } from './pglite-prepared.ts';

let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table item (id int primary key, name text, tags text[], data jsonb, price numeric(10, 2), at timestamptz, ok boolean);
    insert into item values (1, 'eins', '{a,b}', '{"k": [1, 2]}', 12.5, '2026-11-22T10:00:00Z', true), (2, null, null, null, null, null, false);
  `);
});
afterAll(async () => {
  await pg.close();
});

const inTx = <T>(fn: () => Promise<T>) => pg.transaction(() => fn());

describe('preparedRunner', () => {
  it('returns the rows, types and counts of PGlite query()', async () => {
    const runner = preparedRunner(pg);
    const statements: [string, unknown[]][] = [
      ['select * from item where id = $1', [1]],
      ['select * from item where ok = $1 order by id', [false]],
      ['select count(*)::int as n, $1::text as echo, $2::jsonb as j from item', ['hallo', JSON.stringify({ x: 1 })]],
      ['select * from item where name is not distinct from $1', [null]],
      ['select id from item where id = any($1::int[]) order by id', [[1, 2]]],
    ];
    for (const [sql, params] of statements) {
      const mine = await inTx(() => runner.query(sql, params));
      const theirs = await pg.query(sql, params);
      expect(mine.rows, sql).toEqual(theirs.rows);
      expect(mine.fields, sql).toEqual(theirs.fields);
    }
    const update = await inTx(() => runner.query('update item set ok = ok where id > $1', [0]));
    expect(update.affectedRows).toBe(2);
  });

  it('prepares each text once and runs it again with other parameters', async () => {
    const runner = preparedRunner(pg);
    const sql = 'select name from item where id = $1';
    expect((await inTx(() => runner.query<{ name: string | null }>(sql, [1]))).rows).toEqual([{ name: 'eins' }]);
    expect((await inTx(() => runner.query<{ name: string | null }>(sql, [2]))).rows).toEqual([{ name: null }]);
    expect(runner.size).toBe(1);
  });

  it('throws the database error with its code and prepares nothing for bad SQL', async () => {
    const runner = preparedRunner(pg);
    await expect(inTx(() => runner.query('select nope from item', []))).rejects.toMatchObject({ code: '42703' });
    await expect(inTx(() => runner.query('insert into item (id) values ($1)', [1]))).rejects.toMatchObject({ code: '23505' });
    expect(runner.size).toBe(1); // the insert was prepared; it failed when run
    expect((await pg.query<{ n: number }>('select count(*)::int as n from item')).rows[0]!.n).toBe(2);
  });

  it('closes the least recently used statements beyond its maximum', async () => {
    const runner = preparedRunner(pg, 3);
    for (let i = 0; i < 6; i++) expect((await inTx(() => runner.query<{ v: number }>(`select $1::int + ${i} as v`, [1]))).rows[0]!.v).toBe(1 + i);
    expect(runner.size).toBe(3);
    // the evicted ones are closed in the database too, not only forgotten
    const open = await pg.query<{ statement: string }>(`select statement from pg_prepared_statements where statement like 'select $1::int + %' order by statement`);
    expect(open.rows.map((r) => r.statement)).toEqual(['select $1::int + 3 as v', 'select $1::int + 4 as v', 'select $1::int + 5 as v']);
  });

  it('prepares a statement again after its table changed shape', async () => {
    const runner = preparedRunner(pg);
    await pg.exec('create table shape (a int); insert into shape values (1)');
    expect((await inTx(() => runner.query('select * from shape', []))).rows).toEqual([{ a: 1 }]);
    await pg.exec('alter table shape add column b text default $$x$$');
    // Postgres refuses a cached plan whose result type changed; the next run prepares anew
    const first = await inTx(() => runner.query('select * from shape', [])).then(
      (r) => r.rows,
      (e: { code?: string }) => e.code,
    );
    expect([[{ a: 1, b: 'x' }], '0A000']).toContainEqual(first);
    expect((await inTx(() => runner.query('select * from shape', []))).rows).toEqual([{ a: 1, b: 'x' }]);
  });
});
