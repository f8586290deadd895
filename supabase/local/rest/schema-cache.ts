// PostgREST's schema cache, cut down to what the emulation needs: the tables and views of
// the exposed schema (columns, types, defaults, primary keys) and the relationships that
// foreign keys between them give (many-to-one, one-to-many, one-to-one), after PostgREST
// SchemaCache.hs (allM2OandO2ORels, addInverseRels) and Plan.hs (findRel).
import type { Db } from '../db/db.ts';
import { RestError } from './errors.ts';
import { loadRoutines, type Routine } from './routines.ts';

export interface Column {
  name: string;
  type: string;
  /** the default expression as Postgres prints it, or null */
  default: string | null;
  generated: boolean;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  pk: string[];
}

export type Cardinality = 'M2O' | 'O2M' | 'O2O';

export interface Relationship {
  table: string;
  ftable: string;
  constraint: string;
  isSelf: boolean;
  card: Cardinality;
  /** [column of table, column of ftable] pairs */
  cols: [string, string][];
  /** a computed relationship: function fn(table) returning ftable rows; single = returns one row */
  computed?: { fn: string; single: boolean };
}

export const isToOne = (rel: Relationship) => (rel.computed ? rel.computed.single : rel.card !== 'O2M');

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  /** relationships by origin table */
  rels: Map<string, Relationship[]>;
  /** functions callable as /rpc/<name>, by name (overloads share one) */
  routines: Map<string, Routine[]>;
  /** statement_timeout of each API role that has one (`alter role … set`), applied per request */
  statementTimeouts: Map<string, string>;
}

const ROLE_TIMEOUTS_SQL = `
select r.rolname as role, substr(c, length('statement_timeout=') + 1) as value
  from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
 where c like 'statement_timeout=%'
   and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
 order by s.setdatabase`;

const TABLES_SQL = `
select coalesce(json_agg(t order by t.name), '[]')::text as json from (
  select c.relname as name,
    case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
    (select coalesce(json_agg(json_build_object(
        'name', a.attname,
        'type', format_type(a.atttypid, a.atttypmod),
        'default', pg_get_expr(d.adbin, d.adrelid),
        'generated', a.attgenerated <> '' or a.attidentity = 'a') order by a.attnum), '[]')
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
    (select coalesce(json_agg(a.attname order by k.ord), '[]')
      from pg_constraint pk
      cross join lateral unnest(pk.conkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = pk.conrelid and a.attnum = k.attnum
      where pk.conrelid = c.oid and pk.contype = 'p') as pk
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and not c.relispartition
) t`;

const RELS_SQL = `
with uniques as (
  select conrelid, array_agg(key order by key) as cols
  from pg_constraint, unnest(conkey) as _(key)
  where contype in ('p', 'u')
  group by oid, conrelid
)
select coalesce(json_agg(r order by r.table, r.constraint), '[]')::text as json from (
  select tab.relname as table, other.relname as ftable, traint.conname as constraint,
    traint.conrelid = traint.confrelid as "isSelf",
    (select json_agg(json_build_array(cols.attname, refs.attname) order by ord)
      from unnest(traint.conkey, traint.confkey) with ordinality as _(col, ref, ord)
      join pg_attribute cols on cols.attrelid = traint.conrelid and cols.attnum = col
      join pg_attribute refs on refs.attrelid = traint.confrelid and refs.attnum = ref) as cols,
    (select array_agg(k order by k) from unnest(traint.conkey) as k)
      in (select u.cols from uniques u where u.conrelid = traint.conrelid) as "oneToOne"
  from pg_constraint traint
  join pg_class tab on tab.oid = traint.conrelid
  join pg_class other on other.oid = traint.confrelid
  join pg_namespace n1 on n1.oid = tab.relnamespace
  join pg_namespace n2 on n2.oid = other.relnamespace
  where traint.contype = 'f' and traint.conparentid = 0 and n1.nspname = $1 and n2.nspname = $1
) r`;

// functions f(<table row>) returning rows of a table: PostgREST's computed relationships
const COMPUTED_SQL = `
with relations as (
  select c.reltype, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('v', 'r', 'm', 'f', 'p')
)
select coalesce(json_agg(r order by r.fn), '[]')::text as json from (
  select p.proname as fn, arg.relname as table, ret.relname as ftable, not p.proretset or p.prorows = 1 as single
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join relations arg on arg.reltype = p.proargtypes[0]
  join relations ret on ret.reltype = p.prorettype
  where n.nspname = $1 and p.pronargs = 1 and p.prokind = 'f'
) r`;

interface RawTable {
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  pk: string[];
}
interface RawRel {
  table: string;
  ftable: string;
  constraint: string;
  isSelf: boolean;
  cols: [string, string][];
  oneToOne: boolean;
}

export async function loadSchemaCache(db: Db, schema = 'public'): Promise<SchemaCache> {
  const tablesRow = (await db.query<{ json: string }>(TABLES_SQL, [schema])).rows[0];
  const relsRow = (await db.query<{ json: string }>(RELS_SQL, [schema])).rows[0];
  const computedRow = (await db.query<{ json: string }>(COMPUTED_SQL, [schema])).rows[0];
  const tables = new Map<string, Table>();
  for (const t of JSON.parse(tablesRow?.json ?? '[]') as RawTable[]) {
    tables.set(t.name, { name: t.name, kind: t.kind, pk: t.pk, columns: new Map(t.columns.map((c) => [c.name, c])) });
  }
  const rels = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => {
    const list = rels.get(rel.table) ?? [];
    list.push(rel);
    rels.set(rel.table, list);
  };
  for (const r of JSON.parse(relsRow?.json ?? '[]') as RawRel[]) {
    const swapped = r.cols.map(([a, b]) => [b, a] as [string, string]);
    add({ table: r.table, ftable: r.ftable, constraint: r.constraint, isSelf: r.isSelf, card: r.oneToOne ? 'O2O' : 'M2O', cols: r.cols });
    add({ table: r.ftable, ftable: r.table, constraint: r.constraint, isSelf: r.isSelf, card: r.oneToOne ? 'O2O' : 'O2M', cols: swapped });
  }
  for (const c of JSON.parse(computedRow?.json ?? '[]') as { fn: string; table: string; ftable: string; single: boolean }[]) {
    add({ table: c.table, ftable: c.ftable, constraint: c.fn, isSelf: c.table === c.ftable, card: c.single ? 'O2O' : 'O2M', cols: [], computed: { fn: c.fn, single: c.single } });
  }
  const timeouts = (await db.query<{ role: string; value: string }>(ROLE_TIMEOUTS_SQL)).rows;
  // a database-specific setting (ordered last) wins over the role's general one
  const statementTimeouts = new Map(timeouts.map((t) => [t.role, t.value]));
  return { schema, tables, rels, routines: await loadRoutines(db, schema), statementTimeouts };
}

/** Caches the schema per process; `reload()` after DDL (the handler does it on a miss). */
export class SchemaCacheHolder {
  private current: Promise<SchemaCache> | null = null;
  constructor(private readonly db: Db) {}
  get(): Promise<SchemaCache> {
    if (!this.current) {
      this.current = loadSchemaCache(this.db).catch((error: unknown) => {
        console.error('[rest] schema cache:', error);
        throw new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');
      });
      this.current.catch(() => (this.current = null));
    }
    return this.current;
  }
  reload(): Promise<SchemaCache> {
    this.current = null;
    return this.get();
  }
}

const single = (rel: Relationship, pick: 0 | 1) => (rel.cols.length === 1 ? rel.cols[0]![pick] : null);
const fmtCols = (cols: string[]) => `(${cols.join(', ')})`;
const CARD_WORDS: Record<Cardinality, string> = { M2O: 'many-to-one', O2M: 'one-to-many', O2O: 'one-to-one' };

/** The relationship `origin?select=target!hint(...)` names; PGRST200 when none, PGRST201 when several. */
export function findRel(cache: SchemaCache, origin: string, target: string, hint: string | null): Relationship {
  const candidates = (cache.rels.get(origin) ?? []).filter((rel) => {
    if (rel.computed) return target === rel.computed.fn;
    const ftableIsView = cache.tables.get(rel.ftable)?.kind === 'view';
    if (rel.isSelf) {
      if (hint === null) {
        // the O2M by the table name (children:family_tree(*)), the M2O by the column name (parent(*))
        return (target === rel.ftable && rel.card === 'O2M') || (single(rel, 0) === target && rel.card === 'M2O');
      }
      return target === rel.ftable && rel.card === 'O2M' && single(rel, 1) === hint;
    }
    if (hint === null) {
      return target === rel.ftable || (!ftableIsView && (rel.constraint === target || single(rel, 0) === target));
    }
    return target === rel.ftable && (rel.constraint === hint || single(rel, 0) === hint || single(rel, 1) === hint);
  });
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const using = hint === null ? '' : `' using the hint '${hint}`;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}${using}' in the schema '${cache.schema}', but no matches were found.`,
    );
  }
  const details = candidates.map((r) => ({
    cardinality: CARD_WORDS[r.card],
    embedding: `${r.table} with ${r.ftable}`,
    relationship: `${r.constraint} using ${r.table}${fmtCols(r.cols.map((c) => c[0]))} and ${r.ftable}${fmtCols(r.cols.map((c) => c[1]))}`,
  }));
  const hints = candidates.map((r) => `'${r.ftable}!${r.constraint}'`).join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details,
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
}
