// Tests only: the app's supabase-js client (createAppClient) over a fake network, answering each
// request with `handler` (a status and a JSON body, or a network error) and recording it.
import WebSocket from 'ws';
import { createAppClient } from '../supabase-client';

/** An answer, or 'network-error' for a request that gets none. */
export type Handler = (url: URL, body: unknown) => { status: number; body?: unknown } | 'network-error';

export function fakeClient(handler: Handler) {
  const requests: { url: URL; body: unknown }[] = [];
  const store = new Map<string, string>();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const text = typeof init?.body === 'string' ? init.body : '';
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ url, body });
    const answer = handler(url, body);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const c = createAppClient({
    url: 'http://stack.test',
    anonKey: 'anon',
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    fetch,
    realtimeTransport: WebSocket,
  });
  return { client: c, requests };
}

