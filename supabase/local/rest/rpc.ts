// POST/GET /rpc/<fn>: finding the function in pg_proc by name and argument names, and the
// SQL that calls it with named arguments converted by json_to_record to the parameters'
// own types (PostgREST CallPlan / callPlanToQuery).
import type { DbSession } from '../db/db.ts';
import { RestError, invalidBody } from './errors.ts';
import { quoteQi } from './read-plan.ts';
import { ident, Params } from './sql.ts';

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
select coalesce(json_agg(r), '[]')::text as json from (
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
  where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'
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

const singleJsonParam = (r: Routine) => r.args.length === 1 && r.args[0]!.name === '' && ['json', 'jsonb'].includes(r.args[0]!.type);

/** Every function of the schema called `fn` (overloads). */
export async function loadRoutines(tx: DbSession, schema: string, fn: string): Promise<Routine[]> {
  const row = (await tx.query<{ json: string }>(ROUTINES_SQL, [schema, fn])).rows[0];
  return (JSON.parse(row?.json ?? '[]') as RawRoutine[]).map(toRoutine);
}

/** The overload callable with exactly these argument names (PGRST202 / PGRST203 otherwise). */
export function pickRoutine(all: Routine[], schema: string, fn: string, keys: string[], jsonBody: boolean): Routine {
  const named = all.filter((r) => {
    const names = new Set(r.args.map((a) => a.name));
    return !singleJsonParam(r) && keys.every((k) => names.has(k)) && r.args.every((a) => a.hasDefault || keys.includes(a.name));
  });
  const candidates = named.length ? named : all.filter((r) => jsonBody && singleJsonParam(r));
  if (candidates.length === 1) return candidates[0]!;
  const func = `${schema}.${fn}`;
  if (candidates.length === 0) {
    const list = [...keys].sort();
    const withParams = list.length === 0 ? ' without parameters' : ` with parameter${list.length > 1 ? 's' : ''} ${list.join(', ')}`;
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${func}${list.length ? `(${list.join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${func}${withParams}${jsonBody ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    );
  }
  const described = candidates.map((r) => `${func}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ');
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${described}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** The arguments of a call: a JSON object (POST body, or GET query pairs) as text. */
export function rpcArgs(text: string): { json: string; keys: string[] } {
  if (text.trim() === '') return { json: '{}', keys: [] };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody('Empty or invalid json');
  return { json: text, keys: Object.keys(body) };
}

/**
 * A subquery (FROM item) calling the function: composite results keep their columns,
 * scalar ones come out as the column `pgrst_scalar`.
 */
export function callSql(schema: string, r: Routine, args: { json: string; keys: string[] }, p: Params): string {
  const fn = quoteQi(schema, r.name);
  let from = '';
  let call: string;
  if (singleJsonParam(r) && !r.args.some((a) => args.keys.includes(a.name))) {
    call = `${fn}(${p.add(args.json)}::${r.args[0]!.type})`;
  } else if (args.keys.length === 0) {
    call = `${fn}()`;
  } else {
    const typed = args.keys.map((k) => `${ident(k)} ${r.args.find((a) => a.name === k)!.type}`).join(', ');
    from = `FROM (SELECT ${p.add(args.json)}::json AS json_data) pgrst_payload, LATERAL (SELECT * FROM json_to_record(pgrst_payload.json_data) AS _(${typed})) pgrst_body`;
    call = `${fn}(${args.keys.map((k) => `${ident(k)} := pgrst_body.${ident(k)}`).join(', ')})`;
  }
  const source = from ? `${from}, LATERAL ${call} AS pgrst_call` : `FROM ${call} AS pgrst_call`;
  if (r.returnsComposite) return `(SELECT pgrst_call.* ${source})`;
  if (r.returnsSet) return `(SELECT pgrst_call.pgrst_call AS pgrst_scalar ${source})`;
  return `(SELECT ${call} AS pgrst_scalar ${from})`;
}
