// Test environment for the function handlers. The fetch stub given to supabase-js stands for
// PostgREST only in these unit tests (input validation, CORS, status mapping); the handlers
// against the real local stack are tested with the whole backend.
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
    SUPABASE_ANON_KEY: 'anon-key',
    SUPABASE_SERVICE_ROLE_KEY: 'service-key',
    sendMail: async (mail) => {
      mails.push(mail);
    },
    createClient: ((url: string, key: string, options?: Parameters<typeof createClient>[2]) =>
      // Node 20 has no WebSocket: supabase-js's realtime client needs `ws` (unused here)
      createClient(url, key, { ...options, realtime: { transport: WebSocket as never }, global: { ...options?.global, fetch: fakeFetch } })) as typeof createClient,
  };
  return { env, requests, mails };
}

/** An unsigned token with the given claims: the handlers only read them (the gateway verifies). */
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
