// The outer statements (PostgREST Statements.hs mainRead / mainWrite / mainCall): one row
// with the total count, the page count, the JSON body as text, and for upserts how many
// rows were inserted.
import type { MediaChoice } from './headers.ts';
import type { ReadNode } from './read-plan.ts';
import { nodeSql } from './read-sql.ts';
import type { Params } from './sql.ts';

export interface MainRow {
  total: number | string | null;
  page: number | string;
  body: string | null;
  inserted: number | null;
}

/** json_agg over the rows of _postgrest_t: an array, or its only element for .single() */
export function bodySql(media: MediaChoice, value = '_postgrest_t'): string {
  const agg = media.shape === 'object' ? `json_agg(${value})->0` : `json_agg(${value})`;
  return `coalesce(${media.stripNulls ? `json_strip_nulls(${agg})` : agg}, '${media.shape === 'object' ? 'null' : '[]'}')::text`;
}

export function readStatement(root: ReadNode, p: Params, count: boolean, media: MediaChoice): string {
  const main = nodeSql(root, p);
  // without limit/offset the page is the whole result: its count is the total
  const total = !count ? 'NULL' : root.range ? `(SELECT pg_catalog.count(*) FROM (${nodeSql(root, p, { count: true })}) _pgrst_count)` : 'pg_catalog.count(*)';
  return `SELECT ${total}::bigint AS total, pg_catalog.count(*)::bigint AS page, ${bodySql(media)} AS body, NULL::int AS inserted FROM (${main}) _postgrest_t`;
}

/** `mutation` becomes the CTE pgrst_source; `root` reads the representation from it (null: return=minimal) */
export function mutationStatement(mutation: string, root: ReadNode | null, p: Params, media: MediaChoice): string {
  const select = root ? nodeSql(root, p) : 'SELECT * FROM pgrst_source';
  return (
    `WITH pgrst_source AS (${mutation}) ` +
    `SELECT NULL::bigint AS total, pg_catalog.count(*)::bigint AS page, ${root ? bodySql(media) : 'NULL::text'} AS body, ` +
    `nullif(current_setting('pgrst.inserted', true), '')::int AS inserted FROM (${select}) _postgrest_t`
  );
}

/** a function returning a scalar (or a set of them): the value, or an array of values */
export function scalarCallStatement(call: string, returnsSet: boolean, media: MediaChoice, count: boolean): string {
  const body = bodySql({ shape: returnsSet ? media.shape : 'object', stripNulls: false }, '_postgrest_t.pgrst_scalar');
  return `SELECT ${count ? 'pg_catalog.count(*)' : 'NULL'}::bigint AS total, pg_catalog.count(*)::bigint AS page, ${body} AS body, NULL::int AS inserted FROM ${call} _postgrest_t`;
}
