// The local functions gateway: routing, verify_jwt as the Supabase CLI's edge runtime does it,
// and the Node environment handed to the shared handlers (mail into the stack's mailbox).
// The small HTTP server below stands for PostgREST and the auth server's GET /user only in
// this test; the functions' own check of the caller runs against the real stack in
// tests/backend/deno-functions.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToml } from '../config-toml.ts';
import { configFromEnv, DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, type StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { signJwt } from '../jwt.ts';
import { createMailbox } from '../mailbox.ts';
import { createFunctionsHandler, verifyJwtSettings } from './handler.ts';

const USER = '0000000a-0000-4000-8000-00000000000a';
let server: Server;
let config: StackConfig;
const seen: { path: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/auth/v1/user') res.end(JSON.stringify({ id: USER, aud: 'authenticated', role: 'authenticated' }));
    else if (req.url?.startsWith('/rest/v1/webshop_customers')) res.end(JSON.stringify([{ id: USER, first_name: 'Anna', last_name: 'Muster', birthday: '1950-03-01' }]));
    else if (req.url?.startsWith('/rest/v1/webshop_customer_additional_info')) res.end(JSON.stringify([]));
    else if (req.url?.startsWith('/rest/v1/rpc/setup_missing')) res.end(JSON.stringify([]));
    else if (req.url?.startsWith('/rest/v1/rpc/reserve_function_call')) res.end(JSON.stringify({ status: 'new', id: 1, secret: 'the-reservation-secret' }));
    else if (req.url?.startsWith('/rest/v1/rpc/complete_function_call')) {
      res.statusCode = 204;
      res.end();
    }
    else {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'PGRST205', message: 'not here' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = { ...configFromEnv({}), apiUrl: `http://127.0.0.1:${port}` };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** the gateway's check on, as a project may set it for a function */
const VERIFY_ON = parseToml('[functions.webshopGenericMeds]\nverify_jwt = false\n[functions.webshopOrder]\nverify_jwt = true\n[functions.prescriptionLocationMail]\nverify_jwt = true\n');

const call = (handler: ReturnType<typeof createFunctionsHandler>, name: string, init: RequestInit = {}) =>
  handler(new Request(`http://127.0.0.1/functions/v1/${name}`, { method: 'POST', ...init }), name);

describe('createFunctionsHandler', () => {
  it('reads verify_jwt from config.toml', () => {
    const toml = '[functions.a]\nverify_jwt = false # public\n\n[functions."b"]\nverify_jwt = true\n[other]\nverify_jwt = false\n';
    expect(verifyJwtSettings(parseToml(toml))).toEqual({ a: false, b: true });
  });

  it('answers like the CLI gateway for unknown functions and missing or bad tokens', async () => {
    const handler = createFunctionsHandler({ db: {} as Db, config, mailbox: createMailbox(), configToml: VERIFY_ON });
    const unknown = await call(handler, 'nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Function not found');
    const missing = await call(handler, 'webshopOrder', { body: '{}' });
    expect([missing.status, await missing.json()]).toEqual([401, { msg: 'Error: Missing authorization header' }]);
    const scheme = await call(handler, 'webshopOrder', { headers: { authorization: `Token ${DEFAULT_ANON_KEY}` } });
    expect([scheme.status, await scheme.json()]).toEqual([401, { msg: "Error: Auth header is not 'Bearer {token}'" }]);
    const forged = await signJwt({ sub: USER, role: 'authenticated' }, 'a-different-secret-a-different-secret!!', 3600);
    const invalid = await call(handler, 'prescriptionLocationMail', { headers: { authorization: `Bearer ${forged}` } });
    expect([invalid.status, await invalid.json()]).toEqual([401, { msg: 'Invalid JWT' }]);
    const expired = await signJwt({ sub: USER, role: 'authenticated' }, DEFAULT_JWT_SECRET, -120);
    expect((await call(handler, 'webshopOrder', { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
  });

  it('leaves the check of the caller to the functions, as they are deployed (--no-verify-jwt)', async () => {
    // supabase/config.toml: verify_jwt = false for all three; the function answers, not the gateway
    const handler = createFunctionsHandler({ db: {} as Db, config, mailbox: createMailbox() });
    for (const name of ['webshopOrder', 'prescriptionLocationMail']) {
      const missing = await call(handler, name, { body: '{}' });
      expect([missing.status, await missing.json()]).toMatchObject([401, { error: 'not_authenticated' }]);
      const anon = await call(handler, name, { headers: { authorization: `Bearer ${DEFAULT_ANON_KEY}` }, body: '{}' });
      expect([anon.status, await anon.json()]).toMatchObject([401, { error: 'not_authenticated' }]);
    }
  });

  it('lets preflights and the public function through, and the anon key past the gateway', async () => {
    const handler = createFunctionsHandler({ db: {} as Db, config, mailbox: createMailbox(), configToml: VERIFY_ON });
    const pre = await handler(new Request('http://127.0.0.1/functions/v1/webshopOrder', { method: 'OPTIONS' }), 'webshopOrder');
    expect(pre.status).toBe(200);
    const generic = await call(handler, 'webshopGenericMeds', { body: JSON.stringify({ pharmacode: 'x' }) });
    expect([generic.status, await generic.json()]).toMatchObject([400, { error: 'invalid_pharmacode' }]);
    // a valid JWT that is not a user's passes the gateway; the function itself wants a user
    const anon = await call(handler, 'webshopOrder', { headers: { authorization: `Bearer ${DEFAULT_ANON_KEY}` }, body: '{}' });
    expect([anon.status, await anon.json()]).toMatchObject([401, { error: 'not_authenticated' }]);
  });

  it('runs the shared handlers with the stack’s URL, keys and mailbox', async () => {
    const mailbox = createMailbox();
    const handler = createFunctionsHandler({ db: {} as Db, config, mailbox });
    const token = await signJwt({ sub: USER, role: 'authenticated' }, DEFAULT_JWT_SECRET, 3600);
    const res = await call(handler, 'prescriptionLocationMail', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prescription_location: 'gz-aarepark' }),
    });
    expect([res.status, await res.json()]).toEqual([200, { sent: true }]);
    expect(mailbox.list('partner-gz-aarepark@rezeptpost.ch')).toHaveLength(1);
    expect(seen.every((s) => s.authorization === `Bearer ${token}`)).toBe(true);
  });
});
