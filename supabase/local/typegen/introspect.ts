// What the type generator reads from pg_catalog about one schema: its tables and views with
// their columns and foreign keys, its functions, and the types they use. The queries follow
// postgres-meta's (src/lib/sql/*.sql.ts), which `supabase gen types` runs. One deliberate
// difference: objects an extension created are left out. Hosted Supabase keeps extensions
// in schema `extensions`, while the local platform SQL creates pgcrypto in `public`.
import type { DbSession } from '../db/db.ts';

export interface Relation {
  id: number;
  name: string;
  kind: 'table' | 'view';
  /** views only: rows can be inserted and updated through it */
  updatable: boolean;
}

export interface Column {
  tableId: number;
  name: string;
  /** the type name as pg_type spells it (`int8`, `_numeric`; a domain's base type) */
  format: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: 'always' | 'by default' | null;
  updatable: boolean;
}

export interface ForeignKey {
  name: string;
  relation: string;
  columns: string[];
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
  oneToOne: boolean;
}

export interface FunctionArg {
  name: string;
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  typeId: number;
  hasDefault: boolean;
}

export interface PgFunction {
  name: string;
  args: FunctionArg[];
  /** pg_get_function_arguments: equals a table's name for a computed field of that table */
  argumentTypes: string;
  returnType: string;
  returnTypeId: number;
  returnRelationId: number | null;
  setReturning: boolean;
  /** the ROWS estimate of a set-returning function */
  rows: number | null;
}

export interface PgType {
  id: number;
  name: string;
  schema: string;
  /** format_type(): the name as the search path shows it */
  format: string;
  relationId: number | null;
  enumValues: string[];
  attributes: { name: string; typeId: number }[];
}

export interface SchemaMeta {
  schema: string;
  relations: Relation[];
  columns: Column[];
  foreignKeys: ForeignKey[];
  functions: PgFunction[];
  types: PgType[];
}

const notFromExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

const RELATIONS_SQL = `
select c.oid::int8 as id, c.relname as name,
  case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
  c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and ${notFromExtension('pg_class', 'c.oid')}`;

const COLUMNS_SQL = `
select c.oid::int8 as "tableId", a.attname as name, coalesce(bt.typname, t.typname) as format,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
  a.atthasdef as "hasDefault",
  case a.attidentity when 'a' then 'always' when 'd' then 'by default' end as identity,
  c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped`;

// one-to-one: the foreign key's columns are exactly a primary key or unique constraint of its table
const FOREIGN_KEYS_SQL = `
with keys as (
  select con.oid, con.conname, con.conrelid, con.confrelid,
    array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
    array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as refs
  from pg_constraint con join pg_namespace n on n.oid = con.connamespace
  where con.contype = 'f' and con.conparentid = 0 and n.nspname = $1
)
select k.conname as name, tab.relname as relation, k.columns, ns2.nspname as "referencedSchema",
  other.relname as "referencedRelation", k.refs as "referencedColumns",
  exists (
    select 1 from pg_constraint u
    where u.conrelid = k.conrelid and u.contype in ('p', 'u')
      and array(select a.attname::text from unnest(u.conkey) x(num)
                join pg_attribute a on a.attrelid = u.conrelid and a.attnum = x.num order by a.attnum) = k.columns
  ) as "oneToOne"
from keys k
join pg_class tab on tab.oid = k.conrelid
join pg_class other on other.oid = k.confrelid
join pg_namespace ns2 on ns2.oid = other.relnamespace`;

const FUNCTIONS_SQL = `
select p.proname as name,
  coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as modes,
  coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as names,
  coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as types,
  p.pronargs as "inCount", p.pronargdefaults as "defaultCount",
  pg_get_function_arguments(p.oid) as "argumentTypes",
  pg_get_function_result(p.oid) as "returnType",
  p.prorettype::int8 as "returnTypeId",
  nullif(rt.typrelid::int8, 0) as "returnRelationId",
  p.proretset as "setReturning",
  case when p.proretset then nullif(p.prorows, 0)::float8 end as rows
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
  and ${notFromExtension('pg_proc', 'p.oid')}`;

const TYPES_SQL = `
select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
  nullif(t.typrelid::int8, 0) as "relationId",
  coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]') as "enumValues",
  coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
            from pg_class c join pg_attribute a on a.attrelid = c.oid
            where c.oid = t.typrelid and c.relkind = 'c' and not a.attisdropped), '[]') as attributes
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

const MODES: Record<string, FunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };

interface FunctionRow extends Omit<PgFunction, 'args'> {
  modes: string[];
  names: string[];
  types: number[];
  inCount: number;
  defaultCount: number;
}

/** The arguments of a function; as in postgres-meta, the last `defaultCount` of the first `inCount` have defaults. */
function argsOf(row: FunctionRow): FunctionArg[] {
  return row.types.map((typeId, i) => ({
    name: row.names[i] ?? '',
    mode: MODES[row.modes[i] ?? 'i'] ?? 'in',
    typeId: Number(typeId),
    hasDefault: i < row.inCount && i >= row.inCount - row.defaultCount,
  }));
}

export async function introspect(db: DbSession, schema: string): Promise<SchemaMeta> {
  const rows = async <T>(sql: string, params: unknown[] = [schema]) => (await db.query<T>(sql, params)).rows;
  const functions = await rows<FunctionRow>(FUNCTIONS_SQL);
  return {
    schema,
    relations: (await rows<Relation>(RELATIONS_SQL)).map((r) => ({ ...r, id: Number(r.id) })),
    columns: (await rows<Column>(COLUMNS_SQL)).map((c) => ({ ...c, tableId: Number(c.tableId) })),
    foreignKeys: await rows<ForeignKey>(FOREIGN_KEYS_SQL),
    functions: functions.map(({ modes: _m, names: _n, types: _t, inCount: _i, defaultCount: _d, ...f }, i) => ({
      ...f,
      args: argsOf(functions[i]!),
      returnTypeId: Number(f.returnTypeId),
      returnRelationId: f.returnRelationId === null ? null : Number(f.returnRelationId),
    })),
    types: (await rows<PgType>(TYPES_SQL, [])).map((t) => ({
      ...t,
      id: Number(t.id),
      relationId: t.relationId === null ? null : Number(t.relationId),
      attributes: t.attributes.map((a) => ({ name: a.name, typeId: Number(a.typeId) })),
    })),
  };
}
