// POST/GET /rpc/<fn>: choosing the function of the schema cache by name and argument names,
// and the SQL that calls it with named arguments converted by json_to_record to the
// parameters' own types (PostgREST CallPlan / callPlanToQuery).
import { RestError, invalidBody } from './errors.ts';
import { checkBodyDepth } from './limits.ts';
import { quoteQi } from './read-plan.ts';
import type { Routine } from './routines.ts';
import { ident, Params } from './sql.ts';

const singleJsonParam = (r: Routine) => r.args.length === 1 && r.args[0]!.name === '' && ['json', 'jsonb'].includes(r.args[0]!.type);

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
  checkBodyDepth(text);
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
