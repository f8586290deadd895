// verifyCaller on a project with asymmetric signing keys, as hosted Supabase signs once a
// project has them: the local stack signs with its HS256 secret only (its jwks.json is empty),
// so the small HTTP server below stands for such a project's auth server here — its
// /auth/v1/.well-known/jwks.json and GET /auth/v1/user. The legacy path (HS256, the auth server
// decides) runs against the real stack in tests/backend/deno-functions.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyCaller } from './caller.ts';
import type { FunctionEnv } from './env.ts';

const USER = '0000000b-0000-4000-8000-00000000000b';
const OTHER = '0000000c-0000-4000-8000-00000000000c';

let server: Server;
let baseUrl: string;
const seen: string[] = [];
let published: JWK[] = [];
let jwksStatus = 200;
let userAnswer: { status: number; body: unknown } = { status: 200, body: { id: USER } };

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let projectKey: Key;
let projectJwk: JWK;
let strangerKey: Key;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  projectKey = pair.privateKey;
  projectJwk = { ...(await exportJWK(pair.publicKey)), kid: 'project-key', alg: 'ES256', use: 'sig' };
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  server = createServer((req, res) => {
    // each test's project lives under its own prefix /p<n>
    const path = (req.url ?? '').replace(/^\/p\d+/, '');
    seen.push(path);
    res.setHeader('content-type', 'application/json');
    if (path === '/auth/v1/.well-known/jwks.json') {
      res.statusCode = jwksStatus;
      res.end(JSON.stringify({ keys: published }));
    } else if (path === '/auth/v1/user') {
      res.statusCode = userAnswer.status;
      res.end(JSON.stringify(userAnswer.body));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  seen.length = 0;
  published = [projectJwk];
  jwksStatus = 200;
  userAnswer = { status: 200, body: { id: USER } };
});

/** A fresh project URL per test: jose keeps one fetched key set per URL (as the function does per isolate). */
let project = 0;
function envFor(options: { jwks?: JWK[] | null; url?: string } = {}): FunctionEnv {
  project += 1;
  return {
    SUPABASE_URL: options.url ?? `${baseUrl}/p${project}`,
    apiKey: 'sb_publishable_test',
    secretKey: '',
    jwks: options.jwks ? { keys: options.jwks } : null,
    sendMail: async () => {},
    createClient: ((url: string, key: string, opts?: Parameters<typeof createClient>[2]) =>
      createClient(url, key, { ...opts, realtime: { transport: WebSocket as never } })) as typeof createClient,
  };
}

const USER_CLAIMS = { sub: USER, role: 'authenticated', aud: 'authenticated' };

function sign(claims: JWTPayload, options: { key?: Key; kid?: string; expiresIn?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: options.kid ?? 'project-key' })
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(options.key ?? projectKey);
}

const request = (authorization?: string) =>
  new Request('http://functions.test/functions/v1/webshopOrder', { method: 'POST', headers: authorization ? { authorization } : {} });

async function refusal(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  const answer = res as Response;
  return [answer.status, await answer.json()];
}

describe('verifyCaller with asymmetric signing keys', () => {
  it('verifies with SUPABASE_JWKS as the platform passes it, without a request', async () => {
    const token = await sign(USER_CLAIMS);
    const caller = await verifyCaller(request(`Bearer ${token}`), envFor({ jwks: [projectJwk] }));
    expect(caller).toEqual({ authorization: `Bearer ${token}`, userId: USER });
    expect(seen).toEqual([]);
  });

  it('fetches the published key set when the key is not inline (none given, or rotated since)', async () => {
    const token = await sign(USER_CLAIMS);
    expect(await verifyCaller(request(`Bearer ${token}`), envFor())).toMatchObject({ userId: USER });
    expect(await verifyCaller(request(`Bearer ${token}`), envFor({ jwks: [{ ...projectJwk, kid: 'older-key' }] }))).toMatchObject({ userId: USER });
    expect(seen.filter((url) => url === '/auth/v1/.well-known/jwks.json').length).toBeGreaterThan(0);
    expect(seen).not.toContain('/auth/v1/user');
  });

  it.each([
    ['signed with another key under the project key id', () => sign(USER_CLAIMS, { key: strangerKey })],
    ['signed with a key the project does not publish', () => sign(USER_CLAIMS, { key: strangerKey, kid: 'stranger' })],
    ['expired', () => sign(USER_CLAIMS, { expiresIn: -60 })],
    ['of the anon role', () => sign({ role: 'anon' })],
    ['of the service role', () => sign({ role: 'service_role' })],
    ['of a user role without a subject', () => sign({ role: 'authenticated' })],
  ])('refuses a token %s: 401 not_authenticated, the auth server not asked', async (_, token) => {
    const res = await verifyCaller(request(`Bearer ${await token()}`), envFor());
    expect(await refusal(res)).toEqual([401, { error: 'not_authenticated', message: expect.any(String) }]);
    expect(seen).not.toContain('/auth/v1/user');
  });

  it('asks the auth server when the key set cannot be fetched', async () => {
    jwksStatus = 500;
    const token = await sign(USER_CLAIMS);
    expect(await verifyCaller(request(`Bearer ${token}`), envFor())).toMatchObject({ userId: USER });
    userAnswer = { status: 403, body: { code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' } };
    expect(await refusal(await verifyCaller(request(`Bearer ${token}`), envFor()))).toEqual([401, expect.objectContaining({ error: 'not_authenticated' })]);
    expect(seen).toContain('/auth/v1/user');
  });
});

describe('verifyCaller on the legacy secret: the auth server decides', () => {
  const hs256 = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'legacy' }).setExpirationTime('1h').sign(new TextEncoder().encode('a-secret-the-function-never-sees-0123456789'));

  it('takes the user the auth server answers, only if it is the token’s subject', async () => {
    const token = await hs256(USER_CLAIMS);
    expect(await verifyCaller(request(`Bearer ${token}`), envFor())).toMatchObject({ userId: USER });
    expect(seen).toEqual(['/auth/v1/user']);
    userAnswer = { status: 200, body: { id: OTHER } };
    expect(await refusal(await verifyCaller(request(`Bearer ${token}`), envFor()))).toEqual([401, expect.objectContaining({ error: 'not_authenticated' })]);
  });

  it('answers 502 upstream_error when the auth server fails or cannot be reached (not the caller’s fault)', async () => {
    const token = await hs256(USER_CLAIMS);
    userAnswer = { status: 500, body: { code: 500, msg: 'boom' } };
    expect(await refusal(await verifyCaller(request(`Bearer ${token}`), envFor()))).toEqual([502, expect.objectContaining({ error: 'upstream_error' })]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(await verifyCaller(request(`Bearer ${token}`), envFor({ url })))).toEqual([502, expect.objectContaining({ error: 'upstream_error' })]);
  });

  it.each([
    ['no Authorization header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an API key (not a JWT)', 'Bearer sb_publishable_test'],
    ['a token that is no JWT', 'Bearer a.b.c'],
  ])('refuses %s without asking anyone', async (_, authorization) => {
    expect(await refusal(await verifyCaller(request(authorization), envFor()))).toEqual([401, expect.objectContaining({ error: 'not_authenticated' })]);
    expect(seen).toEqual([]);
  });
});
