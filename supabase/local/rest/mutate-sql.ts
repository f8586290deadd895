// INSERT/UPSERT, UPDATE and DELETE as PostgREST writes them (QueryBuilder.mutatePlanToQuery,
// SqlFragment.fromJsonBodyF): the JSON body is one parameter turned into rows by
// json_to_recordset with the columns' own types, so Postgres does every conversion.
// The statement is the `pgrst_source` CTE of the final query; RETURNING 1 when no
// representation is asked for (no SELECT privilege or policy needed then).
import { columnNotFound, invalidBody, RestError } from './errors.ts';
import { checkBodyDepth, tooManyRows } from './limits.ts';
import { quoteQi } from './read-plan.ts';
import { logicSql } from './read-sql.ts';
import type { Table } from './schema-cache.ts';
import { ident, literal, Params } from './sql.ts';
import type { LogicTree } from './types.ts';

/** The JSON body as text plus the column names it writes (PostgREST's payload parsing). */
export interface Payload {
  /** a JSON array of objects, as text */
  json: string;
  columns: string[];
  isArray: boolean;
}

export function parsePayload(text: string, columnsParam: string[] | null, table: Table, maxRows: number): Payload {
  checkBodyDepth(text);
  let body: unknown;
  try {
    body = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  let rows: Record<string, unknown>[];
  if (isObject(body)) rows = [body];
  else if (Array.isArray(body) && body.every(isObject)) rows = body;
  else throw invalidBody('Empty or invalid json');
  if (rows.length > maxRows) throw tooManyRows(rows.length, maxRows);
  let columns: string[];
  if (columnsParam) columns = columnsParam;
  else {
    columns = Object.keys(rows[0] ?? {});
    const canonical = [...columns].sort().join('\0');
    if (rows.some((r) => Object.keys(r).sort().join('\0') !== canonical)) throw invalidBody('All object keys must match');
  }
  for (const c of columns) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
  return { json: isObject(body) ? `[${text}]` : text, columns, isArray: Array.isArray(body) };
}

function typedColumns(table: Table, columns: string[]): string {
  return columns.map((c) => `${ident(c)} ${table.columns.get(c)!.type}`).join(', ');
}

/** FROM clause yielding the body's rows as `pgrst_body` (with column defaults for Prefer: missing=default) */
function bodySource(table: Table, payload: Payload, missingDefault: boolean, p: Params): string {
  const param = p.add(payload.json);
  if (payload.columns.length === 0) return `FROM json_array_elements(${param}::json) AS pgrst_body`;
  const typed = typedColumns(table, payload.columns);
  const names = payload.columns.map(ident).join(', ');
  const defaults = payload.columns
    .map((c) => table.columns.get(c)!)
    .filter((c) => c.default !== null)
    .map((c) => `${literal(c.name)}, ${c.default}`);
  if (missingDefault && defaults.length) {
    return (
      `FROM (SELECT ${param}::jsonb AS json_data) pgrst_payload, ` +
      `LATERAL (SELECT jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, ` +
      `LATERAL (SELECT ${names} FROM jsonb_to_recordset(pgrst_json_defs.val) AS _(${typed})) pgrst_body`
    );
  }
  return `FROM (SELECT ${param}::json AS json_data) pgrst_payload, LATERAL (SELECT ${names} FROM json_to_recordset(pgrst_payload.json_data) AS _(${typed})) pgrst_body`;
}

const INSERTED_PLUS = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'`;
const INSERTED_MINUS = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'`;

export interface InsertOptions {
  schema: string;
  missingDefault: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  onConflict: string[] | null;
  returning: boolean;
}

export function insertSql(table: Table, payload: Payload, o: InsertOptions, p: Params): string {
  const qi = quoteQi(o.schema, table.name);
  const cols = payload.columns;
  const conflictCols = o.resolution ? (o.onConflict ?? table.pk) : [];
  for (const c of conflictCols) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
  const merge = o.resolution === 'merge-duplicates' && conflictCols.length > 0;
  let sql = `INSERT INTO ${qi}${cols.length ? `(${cols.map(ident).join(', ')})` : ''} `;
  sql += `SELECT ${cols.map((c) => `pgrst_body.${ident(c)}`).join(', ')} ${bodySource(table, payload, o.missingDefault, p)}`;
  if (merge) sql += ` WHERE ${INSERTED_PLUS}`;
  if (conflictCols.length) {
    sql += ` ON CONFLICT(${conflictCols.map(ident).join(', ')}) `;
    if (o.resolution === 'ignore-duplicates' || cols.length === 0) sql += 'DO NOTHING';
    else sql += `DO UPDATE SET ${cols.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')} WHERE ${INSERTED_MINUS}`;
  }
  return `${sql} RETURNING ${o.returning ? `${qi}.*` : '1'}`;
}

/** PATCH body: one JSON object; its keys are the columns set. */
export function parsePatchBody(text: string, table: Table): Payload {
  // an array is refused below whatever its length; the row cap must not answer first
  const payload = parsePayload(text, null, table, Number.POSITIVE_INFINITY);
  if (payload.isArray) throw invalidBody('Expected a single JSON object for PATCH');
  return payload;
}

const ALIAS = 'pgrst_target';

function whereClause(where: LogicTree[], p: Params, verb: 'UPDATE' | 'DELETE'): string {
  // hosted Supabase runs PostgREST with pg-safeupdate: no unfiltered UPDATE/DELETE
  if (where.length === 0) throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
  return ` WHERE ${where.map((t) => logicSql(ALIAS, t, p)).join(' AND ')}`;
}

export function updateSql(table: Table, payload: Payload, where: LogicTree[], schema: string, returning: boolean, p: Params): string {
  const qi = quoteQi(schema, table.name);
  const cond = whereClause(where, p, 'UPDATE');
  // an empty object updates nothing; the filters stay in the statement (their values are bound)
  if (payload.columns.length === 0) return `SELECT ${ident(ALIAS)}.* FROM ${qi} AS ${ident(ALIAS)}${cond} AND false`;
  const set = payload.columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  const typed = typedColumns(table, payload.columns);
  const names = payload.columns.map(ident).join(', ');
  const body = p.add(payload.json);
  return (
    `UPDATE ${qi} AS ${ident(ALIAS)} SET ${set} ` +
    `FROM (SELECT ${body}::json AS json_data) pgrst_payload, LATERAL (SELECT ${names} FROM json_to_recordset(pgrst_payload.json_data) AS _(${typed}) LIMIT 1) pgrst_body` +
    `${cond} RETURNING ${returning ? `${ident(ALIAS)}.*` : '1'}`
  );
}

export function deleteSql(table: Table, where: LogicTree[], schema: string, returning: boolean, p: Params): string {
  const qi = quoteQi(schema, table.name);
  return `DELETE FROM ${qi} AS ${ident(ALIAS)}${whereClause(where, p, 'DELETE')} RETURNING ${returning ? `${ident(ALIAS)}.*` : '1'}`;
}
