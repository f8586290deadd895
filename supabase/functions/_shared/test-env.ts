// Test environment for the function handlers. The fetch stub given to supabase-js stands for
// PostgREST and the auth server's GET /user only in these unit tests (input validation, CORS,
// status mapping); the handlers against the real local stack, and the check of the caller's
// token, are tested with the whole backend (tests/backend/deno-functions.test.ts).
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { FunctionEnv, OutgoingMail } from './env.ts';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type PostgrestStub = (req: RecordedRequest) => { status: number; body?: unknown; headers?: Record<string, string> };

export const URL_BASE = 'http://postgrest.test';

export function testEnv(stub: PostgrestStub = () => ({ status: 500, body: { message: 'no stub' } })) {
  const requests: RecordedRequest[] = [];
  const mails: OutgoingMail[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/auth/v1/user') return authUser(request);
    const text = await request.text();
    const recorded: RecordedRequest = { method: request.method, url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined };
    requests.push(recorded);
    const answer = stub(recorded);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const env: FunctionEnv = {
    SUPABASE_URL: URL_BASE,
    apiKey: 'anon-key',
    secretKey: 'service-key',
    jwks: null,
    sendMail: async (mail) => {
      mails.push(mail);
    },
    createClient: ((url: string, key: string, options?: Parameters<typeof createClient>[2]) =>
      // Node 20 has no WebSocket: supabase-js's realtime client needs `ws` (unused here)
      createClient(url, key, { ...options, realtime: { transport: WebSocket as never }, global: { ...options?.global, fetch: fakeFetch } })) as typeof createClient,
  };
  return { env, requests, mails };
}

/** The auth server's answer to GET /user for the unsigned tokens below: their claims are taken as they are. */
function authUser(request: Request): Response {
  const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    // not a token: refused below
  }
  const ok = claims.role === 'authenticated' && typeof claims.sub === 'string' && typeof claims.exp === 'number' && claims.exp > Date.now() / 1000;
  const body = ok ? { id: claims.sub, aud: 'authenticated', role: 'authenticated' } : { code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' };
  return new Response(JSON.stringify(body), { status: ok ? 200 : 403, headers: { 'content-type': 'application/json' } });
}

/** An unsigned token with the given claims: the auth server stand-in above takes them as they are. */
export function tokenWith(claims: Record<string, unknown>): string {
  const part = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

export const USER_ID = '0000000a-0000-4000-8000-00000000000a';
export const USER_TOKEN = tokenWith({ sub: USER_ID, role: 'authenticated', exp: 4102444800 });

export function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://functions.test/functions/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
