// The functions of the exposed schema as PostgREST's schema cache holds them: name, named IN
// parameters with their types and defaults, and what they return. Loaded with the rest of the
// schema cache, so a call does not look the function up in pg_proc each time.
import type { Db } from '../db/db.ts';

export interface RoutineArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  name: string;
  args: RoutineArg[];
  returnsSet: boolean;
  returnsVoid: boolean;
  /** a row type (a table's, or OUT parameters / RETURNS TABLE) rather than a scalar */
  returnsComposite: boolean;
  /** the table whose row type it returns, for embedding */
  retTable: string | null;
  volatile: boolean;
}

const ROUTINES_SQL = `
select coalesce(json_agg(r order by r.name), '[]')::text as json from (
  select p.proname as name, p.proretset as "returnsSet", p.provolatile = 'v' as volatile,
    p.pronargs as nargs, p.pronargdefaults as ndefaults,
    coalesce(p.proargnames, '{}'::text[]) as argnames,
    coalesce(p.proargmodes::text[], '{}'::text[]) as argmodes,
    coalesce((select json_agg(format_type(t, null) order by o) from unnest(p.proargtypes) with ordinality as _(t, o)), '[]') as argtypes,
    p.prorettype = 'void'::regtype as "returnsVoid",
    (rt.typtype = 'c' or p.prorettype = 'record'::regtype
      or coalesce(p.proargmodes::text[], '{}'::text[]) && array['o', 't']) as "returnsComposite",
    case when rc.relkind in ('r', 'v', 'm', 'f', 'p') then rc.relname end as "retTable"
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid
  where n.nspname = $1 and p.prokind = 'f'
) r`;

interface RawRoutine extends Omit<Routine, 'args'> {
  nargs: number;
  ndefaults: number;
  argnames: string[];
  argmodes: string[];
  argtypes: string[];
}

function toRoutine(r: RawRoutine): Routine {
  // proargnames/proargmodes cover all parameters (OUT too); proargtypes only the IN ones
  const inNames = r.argmodes.length === 0 ? r.argnames.slice(0, r.nargs) : r.argnames.filter((_, i) => ['i', 'b', 'v'].includes(r.argmodes[i] ?? 'i'));
  const args = r.argtypes.map((type, i) => ({ name: inNames[i] ?? '', type, hasDefault: i >= r.nargs - r.ndefaults }));
  return { name: r.name, args, returnsSet: r.returnsSet, returnsVoid: r.returnsVoid, returnsComposite: r.returnsComposite, retTable: r.retTable, volatile: r.volatile };
}

/** Every function of the schema, by name (overloads share a name). */
export async function loadRoutines(db: Db, schema: string): Promise<Map<string, Routine[]>> {
  const row = (await db.query<{ json: string }>(ROUTINES_SQL, [schema])).rows[0];
  const byName = new Map<string, Routine[]>();
  for (const raw of JSON.parse(row?.json ?? '[]') as RawRoutine[]) {
    const r = toRoutine(raw);
    byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  }
  return byName;
}
