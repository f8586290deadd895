// What every action of the REST handler shares: the request, its claims and preferences,
// the schema cache, and running SQL as the request's role (PostgREST's transaction).
import { asRole, type Db, type DbSession } from '../db/db.ts';
import type { Claims } from '../jwt.ts';
import { roleOf } from './auth.ts';
import { RestError } from './errors.ts';
import type { MediaChoice, Preferences } from './headers.ts';
import type { Reply } from './respond.ts';
import type { SchemaCache, SchemaCacheHolder } from './schema-cache.ts';
import type { Range } from './types.ts';
import type { MainRow } from './statements.ts';

export interface RequestContext {
  req: Request;
  url: URL;
  claims: Claims;
  media: MediaChoice;
  prefs: Preferences;
  /** the request named a schema (Accept-Profile / Content-Profile): echo Content-Profile */
  profiled: boolean;
  db: Db;
  schema: SchemaCacheHolder;
  /** [api] max_rows of supabase/config.toml: the most rows a read returns */
  maxRows: number;
}

/** search_path of every request: the exposed schema plus [api] extra_search_path */
export const SEARCH_PATH = 'public, extensions';

/** limit/offset of the root capped at max_rows, as PostgREST's db-max-rows does */
export function capRange(range: Range | null, maxRows: number): Range {
  return { offset: range?.offset ?? 0, limit: Math.min(range?.limit ?? maxRows, maxRows) };
}

/** Codes that may only mean the cache is older than the database (DDL since it was loaded):
 *  an unknown relationship, column, table, or function (PGRST202/203: created or changed since). */
const STALE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST203', 'PGRST204', 'PGRST205', '42703']);

/** Plans against the cached schema; on a miss reloads it once and plans again. */
export async function withSchema<T>(ctx: RequestContext, plan: (cache: SchemaCache) => T): Promise<T> {
  try {
    return plan(await ctx.schema.get());
  } catch (error) {
    if (!(error instanceof RestError) || !STALE_CODES.has(error.code)) throw error;
    return plan(await ctx.schema.reload());
  }
}

class Rollback {
  constructor(readonly reply: Reply) {}
}

/**
 * Runs fn in one transaction as the request's role with its claims (RLS applies), read-only
 * for GET/HEAD; `Prefer: tx=rollback` rolls back after the reply is built.
 */
export async function runAsRole(ctx: RequestContext, readOnly: boolean, fn: (tx: DbSession) => Promise<Reply>): Promise<Reply> {
  const statementTimeout = (await ctx.schema.get()).statementTimeouts.get(roleOf(ctx.claims));
  try {
    return await asRole(
      ctx.db,
      ctx.claims,
      async (tx) => {
        const reply = await fn(tx);
        if (ctx.prefs.tx === 'rollback') throw new Rollback(reply);
        return reply;
      },
      { readOnly, searchPath: SEARCH_PATH, statementTimeout },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.reply;
    throw error;
  }
}

export async function mainRow(tx: DbSession, sql: string, params: unknown[]): Promise<{ total: number | null; page: number; body: string | null; inserted: number | null }> {
  const row = (await tx.query<MainRow>(sql, params)).rows[0];
  if (!row) throw new RestError(500, 'PGRSTX00', 'The main query returned no row');
  return {
    total: row.total === null ? null : Number(row.total),
    page: Number(row.page),
    body: row.body,
    inserted: row.inserted === null ? null : Number(row.inserted),
  };
}

/** .single(): exactly one row, else 406 PGRST116 (thrown inside the transaction, so a mutation rolls back) */
export function checkSingular(ctx: RequestContext, page: number): void {
  if (ctx.media.shape === 'object' && page !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${page} rows`);
  }
}

export function baseHeaders(ctx: RequestContext): Record<string, string> {
  return ctx.profiled ? { 'Content-Profile': 'public' } : {};
}
