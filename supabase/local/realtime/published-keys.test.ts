// issue 37 item 5: hosted Realtime sends every DELETE of a published table to every subscriber, as
// the old row's primary key; so every table of publication supabase_realtime has an opaque one —
// one column, an identity number or a uuid the server makes, which no patient may write — and the
// tables and keys are the ones supabase/README.md ("Realtime") lists. Read from the migrations on
// a fresh PGlite.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { SUPABASE_DIR } from '../server.ts';

interface PublishedKey {
  table: string;
  key: string[];
  type: string;
  identity: boolean;
  made: string | null;
  patientMayWrite: boolean;
}

let db: Db;
let published: PublishedKey[];

beforeAll(async () => {
  db = await openPglite(null);
  await migrate(db, { projectDir: SUPABASE_DIR, seed: false });
  const { rows } = await db.query<PublishedKey>(`
    select t.tablename as table,
           array_agg(a.attname::text order by a.attnum) as key,
           min(format_type(a.atttypid, a.atttypmod)) as type,
           bool_and(a.attidentity <> '') as identity,
           min(pg_get_expr(d.adbin, d.adrelid)) as made,
           bool_or(has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT') or has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE')) as "patientMayWrite"
      from pg_publication_tables t
      join pg_class c on c.oid = format('%I.%I', t.schemaname, t.tablename)::regclass
      join pg_index i on i.indrelid = c.oid and i.indisprimary
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
     where t.pubname = 'supabase_realtime'
     group by t.tablename
     order by t.tablename`);
  published = rows;
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('the primary keys of the published tables', () => {
  it('are one opaque column each: an identity number or a uuid the server makes', () => {
    expect(published.length).toBeGreaterThan(0);
    for (const p of published) {
      expect(p.key, p.table).toHaveLength(1);
      const opaque = (p.identity && p.type === 'bigint') || (p.type === 'uuid' && p.made === 'gen_random_uuid()');
      expect(opaque, `${p.table}: ${p.key.join(', ')} ${p.type} ${p.made ?? ''}`).toBe(true);
    }
  });

  it('are keys no patient may write (the identities of the lists aside, which spec §7 upserts name)', () => {
    for (const p of published.filter((x) => x.type === 'uuid')) expect(p.patientMayWrite, p.table).toBe(false);
  });

  it('are the ones supabase/README.md lists under "Realtime"', async () => {
    const readme = await readFile(join(SUPABASE_DIR, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Realtime'));
    const listed = [...section.matchAll(/^\| `(\w+)` \| `(\w+)` \((uuid|identity)\) \|/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();
    expect(listed).toEqual(published.map((p) => `${p.table} ${p.key[0]} ${p.type === 'uuid' ? 'uuid' : 'identity'}`).sort());
  });
});
