// Request/response helpers shared by the function handlers: CORS (the functions are called
// from the browser app), JSON answers {error, message}, clients as the caller or anonymous
// (the caller is checked by caller.ts).
import type { FunctionEnv } from './env.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-retry-count, x-region, idempotency-key',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-max-age': '3600',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The error shape of every function: a machine code (the client maps it to text) and a human hint. */
export function errorResponse(status: number, error: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json({ error, message, ...extra }, status, headers);
}

/** CORS preflight and method check common to all functions; null when the request may proceed. */
export function preflight(req: Request): Response | null {
  if (req.method === 'OPTIONS') return new Response('ok', { status: 200, headers: CORS_HEADERS });
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.', {});
  return null;
}

/** The JSON body, or an error response for a body that is not a JSON object (or nests deeper than MAX_JSON_DEPTH). */
export async function readJsonObject(req: Request): Promise<Record<string, unknown> | Response> {
  let body: unknown;
  try {
    const text = await req.text();
    if (jsonNestsDeeperThan(text)) return errorResponse(400, 'invalid_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    body = JSON.parse(text);
  } catch {
    return errorResponse(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return errorResponse(400, 'invalid_request', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

const CLIENT_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } } as const;

/**
 * A client acting as the caller: PostgREST sees the caller's JWT, so auth.uid() and RLS apply.
 * It takes what it forwards (a Caller of caller.ts fits), so http.ts stays below caller.ts.
 */
export function callerClient(env: FunctionEnv, caller: { readonly authorization: string }) {
  return env.createClient(env.SUPABASE_URL, env.apiKey, { ...CLIENT_OPTIONS, global: { headers: { Authorization: caller.authorization } } });
}

/** A client with the project's public API key and no user (public catalogue calls, the auth server). */
export function anonClient(env: FunctionEnv) {
  return env.createClient(env.SUPABASE_URL, env.apiKey, CLIENT_OPTIONS);
}
