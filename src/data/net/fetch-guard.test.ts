import { describe, expect, it, vi } from 'vitest';
import { guardFetch, StaleTokenError, tokenExpiry } from './fetch-guard';
import { createRetryAfterLog, retryAfterMs } from './retry-after';

const NOW = 1_800_000_000_000;
const jwt = (payload: Record<string, unknown>) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;
const ANON = 'anon-key';
const REST = 'http://127.0.0.1:54321/rest/v1/webshop_customers?select=*';

function setup(stored: string | null = 'stored-token') {
  const base = vi.fn(async () => new Response('[]', { status: 200 }));
  const retryAfter = createRetryAfterLog(() => NOW);
  const guarded = guardFetch(base as unknown as typeof fetch, { anonKey: ANON, storedAccessToken: () => stored, retryAfter, now: () => NOW });
  const call = (token: string, url = REST) => guarded(url, { headers: { Authorization: `Bearer ${token}` } });
  return { base, call, retryAfter, guarded };
}

describe('guardFetch', () => {
  it('sends a valid token', async () => {
    const { base, call } = setup();
    await call(jwt({ exp: NOW / 1000 + 60 }));
    expect(base).toHaveBeenCalledOnce();
  });

  // "never send a token known to be expired"
  it('refuses an expired token like a failed fetch, without a request', async () => {
    const { base, call } = setup();
    await expect(call(jwt({ exp: NOW / 1000 - 1 }))).rejects.toBeInstanceOf(StaleTokenError);
    await expect(call(jwt({ exp: NOW / 1000 - 1 }))).rejects.toBeInstanceOf(TypeError);
    expect(base).not.toHaveBeenCalled();
  });

  // supabase-js' fallback when its refresh failed: RLS would answer "no rows"
  it('refuses the anon key while a patient is signed in; lets it through for visitors', async () => {
    const signedIn = setup('stored');
    await expect(signedIn.call(ANON)).rejects.toBeInstanceOf(StaleTokenError);
    const visitor = setup(null);
    await visitor.call(ANON);
    expect(visitor.base).toHaveBeenCalledOnce();
  });

  it('never stands in the way of auth calls (they refresh the token)', async () => {
    const { base, call } = setup();
    await call(ANON, 'http://127.0.0.1:54321/auth/v1/token?grant_type=refresh_token');
    expect(base).toHaveBeenCalledOnce();
  });

  it('records Retry-After of 429 and 503 answers only', async () => {
    const { retryAfter } = setup(null);
    const answer = (status: number, value: string) => guardFetch(async () => new Response('', { status, headers: { 'Retry-After': value } }), { anonKey: ANON, storedAccessToken: () => null, retryAfter, now: () => NOW })(REST);
    await answer(500, '99');
    expect(retryAfter.until()).toBe(0);
    await answer(429, '30');
    expect(retryAfter.until()).toBe(NOW + 30_000);
    await answer(503, '5');
    expect(retryAfter.until()).toBe(NOW + 30_000);
  });

  // a 429 to a refresh would make supabase-js drop the session of a patient whose token expired
  it('a 429 to a token refresh reaches supabase-js as a retryable 503; other 429s stay', async () => {
    const busy = guardFetch(async () => new Response('{"code":"over_request_rate_limit"}', { status: 429 }), { anonKey: ANON, storedAccessToken: () => null, now: () => NOW });
    expect((await busy('http://127.0.0.1:54321/auth/v1/token?grant_type=refresh_token')).status).toBe(503);
    expect((await busy('http://127.0.0.1:54321/auth/v1/token?grant_type=password')).status).toBe(429);
    expect((await busy(REST)).status).toBe(429);
  });
});

/** A network whose connection went quiet: no answer, ever; only the request's own signal ends it. */
const quietNetwork = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
  });

describe('guardFetch: a request gone quiet', () => {
  const quiet = (timeLimitMs: number) => guardFetch(quietNetwork, { anonKey: ANON, storedAccessToken: () => null, now: () => NOW, timeLimitMs });

  // without a limit a write waits forever, and every write queued behind it
  it('a request to the database or a function fails as a timeout after the limit', async () => {
    const started = Date.now();
    await expect(quiet(50)(REST, { method: 'POST' })).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(quiet(50)('http://127.0.0.1:54321/functions/v1/webshopOrder', { method: 'POST' })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it("the caller's own signal still aborts it before the limit", async () => {
    const own = new AbortController();
    const call = quiet(60_000)(REST, { signal: own.signal });
    own.abort(new DOMException('left', 'AbortError'));
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('auth calls keep their options as given (no limit of ours)', async () => {
    const base = vi.fn(async () => new Response('{}', { status: 200 }));
    const init = { method: 'POST' };
    await guardFetch(base as unknown as typeof fetch, { anonKey: ANON, storedAccessToken: () => null, timeLimitMs: 50 })('http://127.0.0.1:54321/auth/v1/token?grant_type=password', init);
    expect(base).toHaveBeenCalledWith('http://127.0.0.1:54321/auth/v1/token?grant_type=password', init);
  });

  it('an answer within the limit is the answer', async () => {
    const fast = guardFetch(async () => new Response('[1]', { status: 200 }), { anonKey: ANON, storedAccessToken: () => null, timeLimitMs: 1000 });
    expect(await (await fast(REST)).json()).toEqual([1]);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('30', NOW)).toBe(30_000);
    expect(retryAfterMs(new Date(NOW + 120_000).toUTCString(), NOW)).toBe(120_000);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
  });
});

describe('tokenExpiry', () => {
  it('reads exp of a JWT', () => {
    expect(tokenExpiry(jwt({ exp: 10 }))).toBe(10_000);
    expect(tokenExpiry('anon')).toBeNull();
  });
});
