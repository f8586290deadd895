// GET/HEAD, POST, PATCH and DELETE on /rest/v1/<table>.
import { baseHeaders, capRange, checkSingular, mainRow, runAsRole, withSchema, type RequestContext } from './context.ts';
import { tableNotFound, undefinedColumn } from './errors.ts';
import { preferenceApplied } from './headers.ts';
import { deleteSql, insertSql, parsePatchBody, parsePayload, updateSql, type Payload } from './mutate-sql.ts';
import { parseQueryParams, rangeFromHeader } from './query-params.ts';
import { buildReadPlan, quoteQi, type ReadNode } from './read-plan.ts';
import { contentRange, contentType, readStatus, type Reply } from './respond.ts';
import type { SchemaCache, Table } from './schema-cache.ts';
import { Params } from './sql.ts';
import { mutationStatement, readStatement } from './statements.ts';
import type { LogicTree, QueryParams } from './types.ts';

function tableOf(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) throw tableNotFound(cache.schema, name);
  return table;
}

export async function readTable(ctx: RequestContext, name: string): Promise<Reply> {
  const qp = parseQueryParams(ctx.url.searchParams);
  const rootRange = rangeFromHeader(ctx.req.headers.get('range'));
  const root = await withSchema(ctx, (cache) =>
    buildReadPlan(cache, qp, { from: quoteQi(cache.schema, name), relName: name, table: tableOf(cache, name) }, { rootFilters: true, rootRange }),
  );
  root.range = capRange(root.range, ctx.maxRows);
  const p = new Params();
  const sql = readStatement(root, p, ctx.prefs.count !== null, ctx.media);
  return runAsRole(ctx, true, async (tx) => {
    const { total, page, body } = await mainRow(tx, sql, p.values);
    checkSingular(ctx, page);
    const offset = root.range?.offset ?? 0;
    const status = readStatus(offset, page, total);
    const headers: Record<string, string> = { ...baseHeaders(ctx), 'Content-Range': contentRange(offset, offset + page - 1, total) };
    const applied = preferenceApplied(ctx.prefs, ['count']);
    if (applied) headers['Preference-Applied'] = applied;
    if (status === 416) {
      const error = { code: 'PGRST103', details: `An offset of ${offset} was requested, but there are only ${total} rows.`, hint: null, message: 'Requested range not satisfiable' };
      return { status, body: JSON.stringify(error), headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } };
    }
    return { status, body, headers: { ...headers, 'Content-Type': contentType(ctx.media) } };
  });
}

/** root filters of PATCH/DELETE: they go into the statement's WHERE */
function rootWhere(qp: QueryParams, table: Table): LogicTree[] {
  const where: LogicTree[] = [];
  const check = (tree: LogicTree): void => {
    if (tree.kind === 'expr') return tree.children.forEach(check);
    if (!table.columns.has(tree.filter.field.name)) throw undefinedColumn(table.name, tree.filter.field.name);
  };
  for (const { path, filter } of qp.filters) if (path.length === 0) where.push({ kind: 'filter', filter });
  for (const { path, tree } of qp.logic) if (path.length === 0) where.push(tree);
  where.forEach(check);
  return where;
}

interface MutationPlan {
  table: Table;
  root: ReadNode | null;
  payload: Payload | null;
  where: LogicTree[];
}

async function planMutation(ctx: RequestContext, name: string, body: 'insert' | 'patch' | null): Promise<MutationPlan & { qp: QueryParams; cacheSchema: string }> {
  const qp = parseQueryParams(ctx.url.searchParams);
  const text = body ? await ctx.req.text() : '';
  return withSchema(ctx, (cache) => {
    const table = tableOf(cache, name);
    const payload = body === 'insert' ? parsePayload(text, qp.columns, table, ctx.maxRows) : body === 'patch' ? parsePatchBody(text, table) : null;
    const where = body === 'insert' ? [] : rootWhere(qp, table);
    const root =
      ctx.prefs.return === 'representation'
        ? buildReadPlan(cache, qp, { from: 'pgrst_source', relName: name, table }, { rootFilters: false, rootRange: null })
        : null;
    return { table, root, payload, where, qp, cacheSchema: cache.schema };
  });
}

export async function insertRows(ctx: RequestContext, name: string): Promise<Reply> {
  const plan = await planMutation(ctx, name, 'insert');
  const p = new Params();
  const mutation = insertSql(
    plan.table,
    plan.payload!,
    {
      schema: plan.cacheSchema,
      missingDefault: ctx.prefs.missing === 'default',
      resolution: ctx.prefs.resolution,
      onConflict: plan.qp.onConflict,
      returning: plan.root !== null,
    },
    p,
  );
  const sql = mutationStatement(mutation, plan.root, p, ctx.media);
  return runAsRole(ctx, false, async (tx) => {
    const { page, body, inserted } = await mainRow(tx, sql, p.values);
    checkSingular(ctx, page);
    const status = ctx.prefs.resolution === 'merge-duplicates' && (inserted ?? 0) <= 0 ? 200 : 201;
    return mutationReply(ctx, status, body, contentRange(1, 0, ctx.prefs.count ? page : null), ['resolution', 'missing', 'count', 'return']);
  });
}

export async function updateRows(ctx: RequestContext, name: string): Promise<Reply> {
  const plan = await planMutation(ctx, name, 'patch');
  const p = new Params();
  const sql = mutationStatement(updateSql(plan.table, plan.payload!, plan.where, plan.cacheSchema, plan.root !== null, p), plan.root, p, ctx.media);
  return runAsRole(ctx, false, async (tx) => {
    const { page, body } = await mainRow(tx, sql, p.values);
    checkSingular(ctx, page);
    const range = contentRange(0, page - 1, ctx.prefs.count ? page : null);
    return mutationReply(ctx, plan.root ? 200 : 204, body, range, ['count', 'return']);
  });
}

export async function deleteRows(ctx: RequestContext, name: string): Promise<Reply> {
  const plan = await planMutation(ctx, name, null);
  const p = new Params();
  const sql = mutationStatement(deleteSql(plan.table, plan.where, plan.cacheSchema, plan.root !== null, p), plan.root, p, ctx.media);
  return runAsRole(ctx, false, async (tx) => {
    const { page, body } = await mainRow(tx, sql, p.values);
    checkSingular(ctx, page);
    return mutationReply(ctx, plan.root ? 200 : 204, body, contentRange(1, 0, ctx.prefs.count ? page : null), ['count', 'return']);
  });
}

function mutationReply(ctx: RequestContext, status: number, body: string | null, range: string, prefs: Parameters<typeof preferenceApplied>[1]): Reply {
  const headers: Record<string, string> = { ...baseHeaders(ctx), 'Content-Range': range };
  const applied = preferenceApplied(ctx.prefs, prefs);
  if (applied) headers['Preference-Applied'] = applied;
  const representation = ctx.prefs.return === 'representation';
  if (representation) headers['Content-Type'] = contentType(ctx.media);
  return { status, body: representation ? body : null, headers };
}
