// PostgREST's error bodies {code, message, details, hint} and its SQLSTATE -> HTTP status
// table (mapSQLtoHTTP of https://github.com/PostgREST/postgrest/blob/HEAD/src/library/PostgREST/Error.hs),
// so supabase-js callers see the same `error` objects and statuses as against hosted Supabase.

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** a string, or structured JSON (PGRST201 lists the candidate relationships) */
    readonly details: string | object | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** PGRST100: a query parameter that does not parse. */
export const queryParamError = (message: string, details: string) => new RestError(400, 'PGRST100', message, details);

/** PGRST102: a request body that is not the JSON expected. */
export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message);

/** PGRST204: a payload or columns= key that names no column. */
export const columnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

/** PGRST205: the path names no table or view of the exposed schema. */
export const tableNotFound = (schema: string, table: string) =>
  new RestError(404, 'PGRST205', `Could not find the table '${schema}.${table}' in the schema cache`);

/** 42703 as Postgres words it, raised before running SQL that would fail the same way. */
export const undefinedColumn = (table: string, column: string) => new RestError(400, '42703', `column ${table}.${column} does not exist`);

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** HTTP status for a SQLSTATE, exactly PostgREST's table; `authed` is false for the anon role. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code.startsWith('25')) return 500;
  if (code.startsWith('28')) return 403;
  if (['2D', '38', '39', '3B', '40'].some((p) => code.startsWith(p))) return 500;
  if (code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  if (code.startsWith('54') || code.startsWith('55')) return 500;
  if (code === '57P01') return 503;
  if (code.startsWith('57') || code.startsWith('58') || code.startsWith('F0') || code.startsWith('HV')) return 500;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0') || code.startsWith('XX')) return 500;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  return 400;
}

/** `raise sqlstate 'PGRST' using message = '{"code":..,"message":..}', detail = '{"status":..,"headers":{..}}'`. */
function raisePgrst(message: string, detail: string | null): RestError {
  try {
    const m = JSON.parse(message) as Record<string, unknown>;
    const d = JSON.parse(detail ?? '') as Record<string, unknown>;
    if (typeof m.code !== 'string' || typeof m.message !== 'string' || typeof d.status !== 'number') throw new Error('shape');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((d.headers ?? {}) as Record<string, unknown>)) if (typeof v === 'string') headers[k] = v;
    return new RestError(d.status, m.code, m.message, str(m.details), str(m.hint), headers);
  } catch {
    return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', null, null);
  }
}

/** Any error thrown while serving a request -> the RestError to answer with. */
export function toRestError(error: unknown, authed: boolean): RestError {
  if (error instanceof RestError) return error;
  const e = (error ?? {}) as PgErrorLike;
  const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : null;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (code === 'PGRST') return raisePgrst(message, str(e.detail));
  if (code) {
    const status = statusForSqlState(code, message, authed);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, code, message, str(e.detail), str(e.hint), headers);
  }
  // PGlite validates some parameters in JS before Postgres sees them (booleans, bytea);
  // those are the client's bad values, reported as Postgres would.
  if (/^Invalid input for \w+ type/.test(message)) return new RestError(400, '22P02', message);
  return new RestError(500, 'PGRSTX00', message);
}

export function errorResponse(error: RestError): Response {
  const body = JSON.stringify({ code: error.code, details: error.details, hint: error.hint, message: error.message });
  return new Response(body, {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Proxy-Status': `PostgREST; error=${error.code}`, ...error.headers },
  });
}
