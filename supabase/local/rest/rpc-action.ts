// POST /rpc/<fn> (JSON object of named arguments) and GET/HEAD /rpc/<fn>?arg=value.
// Set-returning functions of a row type can be filtered, ordered, limited and embedded
// like a table; a function returning one row answers an object, a scalar the JSON value,
// a void function 204.
import { baseHeaders, capRange, checkSingular, mainRow, runAsRole, withSchema, type RequestContext } from './context.ts';
import { RestError } from './errors.ts';
import { preferenceApplied } from './headers.ts';
import { parseQueryParams, rangeFromHeader } from './query-params.ts';
import { buildReadPlan } from './read-plan.ts';
import { contentRange, contentType, readStatus, type Reply } from './respond.ts';
import { callSql, pickRoutine, rpcArgs } from './rpc.ts';
import type { SchemaCache } from './schema-cache.ts';
import { Params } from './sql.ts';
import { readStatement, scalarCallStatement } from './statements.ts';

export async function callRpc(ctx: RequestContext, fn: string): Promise<Reply> {
  const method = ctx.req.method;
  if (method !== 'POST' && method !== 'GET' && method !== 'HEAD') throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  const readOnly = method !== 'POST';
  const text = readOnly ? '' : await ctx.req.text();
  const choose = (cache: SchemaCache) => {
    const routines = cache.routines.get(fn) ?? [];
    if (readOnly) {
      const argNames = new Set(routines.flatMap((r) => r.args.map((a) => a.name)));
      const qp = parseQueryParams(ctx.url.searchParams, argNames);
      const args = { json: JSON.stringify(Object.fromEntries(qp.plain)), keys: qp.plain.map(([k]) => k) };
      return { cache, qp, args, routine: pickRoutine(routines, cache.schema, fn, args.keys, false) };
    }
    const args = rpcArgs(text);
    return { cache, qp: parseQueryParams(ctx.url.searchParams), args, routine: pickRoutine(routines, cache.schema, fn, args.keys, true) };
  };
  const { cache, qp, args, routine } = await withSchema(ctx, choose);
  return runAsRole(ctx, readOnly, async (tx) => {
    const p = new Params();
    const call = callSql(cache.schema, routine, args, p);
    const headers = baseHeaders(ctx);

    if (routine.returnsVoid) {
      await tx.query(`SELECT pg_catalog.count(*) FROM ${call} _postgrest_t`, p.values);
      return { status: 204, body: null, headers: { ...headers, 'Content-Range': '0-0/*' } };
    }
    let sql: string;
    let offset = 0;
    if (routine.returnsComposite) {
      const table = routine.retTable ? (cache.tables.get(routine.retTable) ?? null) : null;
      const root = buildReadPlan(cache, qp, { from: call, relName: routine.retTable, table }, { rootFilters: true, rootRange: rangeFromHeader(ctx.req.headers.get('range')) });
      if (routine.returnsSet) root.range = capRange(root.range, ctx.maxRows);
      offset = root.range?.offset ?? 0;
      const media = routine.returnsSet ? ctx.media : { ...ctx.media, shape: 'object' as const };
      sql = readStatement(root, p, ctx.prefs.count !== null, media);
    } else {
      sql = scalarCallStatement(call, routine.returnsSet, ctx.media, ctx.prefs.count !== null);
    }
    const { total, page, body } = await mainRow(tx, sql, p.values);
    if (routine.returnsSet) checkSingular(ctx, page);
    const status = readStatus(offset, page, total);
    const out: Record<string, string> = { ...headers, 'Content-Range': contentRange(offset, offset + page - 1, total), 'Content-Type': contentType(ctx.media) };
    const applied = preferenceApplied(ctx.prefs, ['count']);
    if (applied) out['Preference-Applied'] = applied;
    return { status: status === 416 ? 200 : status, body, headers: out };
  });
}
