// /rest/v1: the PostgREST subset that supabase-js v2 generates, served from the local
// stack's database. Each request: JWT -> role and claims -> one transaction with
// `role` and `request.jwt.claims` set (asRole), so RLS in Postgres is the only
// authorisation; SQL built from the parsed query string with every value bound.
import type { StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Claims } from '../jwt.ts';
import { authenticate, roleOf } from './auth.ts';
import type { RequestContext } from './context.ts';
import { errorResponse, RestError, toRestError } from './errors.ts';
import { checkProfile, negotiate, parsePrefer } from './headers.ts';
import { isJsonContentType, unsupportedContentType } from './limits.ts';
import { toResponse, type Reply } from './respond.ts';
import { callRpc } from './rpc-action.ts';
import { SchemaCacheHolder } from './schema-cache.ts';
import { deleteRows, insertRows, readTable, updateRows } from './table-actions.ts';

export interface RestHandler {
  (req: Request, path: string): Promise<Response>;
  /** forget the schema cache (PostgREST's `NOTIFY pgrst, 'reload schema'`) */
  reloadSchema(): Promise<void>;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

async function openApiRoot(ctx: RequestContext): Promise<Reply> {
  const cache = await ctx.schema.reload();
  const paths: Record<string, object> = { '/': {} };
  for (const name of cache.tables.keys()) paths[`/${name}`] = {};
  const doc = { swagger: '2.0', info: { title: 'PostgREST API (local stack)', version: '12' }, basePath: '/', schemes: ['http'], paths, definitions: {} };
  return { status: 200, body: JSON.stringify(doc), headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' } };
}

async function route(ctx: RequestContext, path: string): Promise<Reply> {
  const segments = path.replace(/^\/+|\/+$/g, '').split('/').filter((s) => s !== '');
  const method = ctx.req.method;
  if (method === 'OPTIONS') {
    return { status: 200, body: null, headers: { Allow: segments[0] === 'rpc' ? 'OPTIONS,GET,HEAD,POST' : 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' } };
  }
  if (segments.length === 0) {
    if (method !== 'GET' && method !== 'HEAD') throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    return openApiRoot(ctx);
  }
  if (segments[0] === 'rpc' && segments.length === 2) return callRpc(ctx, decodeSegment(segments[1]!));
  if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  const table = decodeSegment(segments[0]!);
  switch (method) {
    case 'GET':
    case 'HEAD':
      return readTable(ctx, table);
    case 'POST':
      return insertRows(ctx, table);
    case 'PATCH':
      return updateRows(ctx, table);
    case 'DELETE':
      return deleteRows(ctx, table);
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
}

export function createRestHandler(deps: { db: Db; config: StackConfig; maxRows?: number }): RestHandler {
  const schema = new SchemaCacheHolder(deps.db);
  const handler = async (req: Request, path: string): Promise<Response> => {
    let claims: Claims | null = null;
    try {
      claims = await authenticate(req, deps.config.jwtSecret);
      const profiled = checkProfile(req);
      // a body is JSON or nothing: text, bytes or an unlabelled body are refused before reading it
      const contentType = req.headers.get('content-type');
      if (req.body !== null && !isJsonContentType(contentType)) throw unsupportedContentType(contentType);
      const accept = req.headers.get('accept');
      const isRoot = path.replace(/\/+/g, '') === '';
      const media = isRoot ? { shape: 'array' as const, stripNulls: false } : negotiate(accept);
      const ctx: RequestContext = {
        req,
        url: new URL(req.url),
        claims,
        media,
        prefs: parsePrefer(req.headers.get('prefer')),
        profiled,
        db: deps.db,
        schema,
        maxRows: deps.maxRows ?? deps.config.maxRows,
      };
      return toResponse(await route(ctx, path), req.method === 'HEAD');
    } catch (error) {
      const restError = toRestError(error, roleOf(claims) !== 'anon');
      if (restError.status >= 500) console.error('[rest]', req.method, path, error);
      return errorResponse(restError);
    }
  };
  return Object.assign(handler, {
    async reloadSchema() {
      await schema.reload();
    },
  });
}
