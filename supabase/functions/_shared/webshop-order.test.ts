import { describe, expect, it } from 'vitest';
import { handleWebshopOrder } from './webshop-order.ts';
import { post, testEnv, tokenWith, USER_ID, USER_TOKEN } from './test-env.ts';

const body = {
  p_customer_id: USER_ID,
  p_medications: { '1234567': 2 },
  p_street: 'Bahnhofstrasse',
  p_street_nr: '1',
  p_address2: null,
  p_zip: '8001',
  p_city: 'Zürich',
  p_comment: '',
  p_generic: true,
  p_substitute: false,
  p_probon: true,
  p_get_invoice: false,
};
const KEY = '6f1c2a34-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const auth = { authorization: `Bearer ${USER_TOKEN}` };

describe('webshopOrder', () => {
  it('calls the RPC as the caller and answers the order id', async () => {
    const { env, requests } = testEnv(() => ({ status: 200, body: 240001 }));
    const res = await handleWebshopOrder(post('webshopOrder', body, { ...auth, 'Idempotency-Key': KEY }), env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 240001 });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const [call] = requests;
    expect(call?.method).toBe('POST');
    expect(call?.url.pathname).toBe('/rest/v1/rpc/webshop_order');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${USER_TOKEN}`);
    expect(call?.headers.get('apikey')).toBe('anon-key');
    expect(call?.body).toEqual({ ...body, p_idempotency_key: KEY });
  });

  it('takes the idempotency key from the body too, and refuses two different keys', async () => {
    const { env, requests } = testEnv(() => ({ status: 200, body: 240002 }));
    const res = await handleWebshopOrder(post('webshopOrder', { ...body, p_idempotency_key: KEY }, auth), env);
    expect(res.status).toBe(200);
    expect((requests[0]?.body as { p_idempotency_key: string }).p_idempotency_key).toBe(KEY);
    const other = '7f1c2a34-5b6c-4d7e-8f90-a1b2c3d4e5f6';
    const clash = await handleWebshopOrder(post('webshopOrder', { ...body, p_idempotency_key: KEY }, { ...auth, 'Idempotency-Key': other }), env);
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({ error: 'idempotency_key_mismatch' });
    const bad = await handleWebshopOrder(post('webshopOrder', body, { ...auth, 'Idempotency-Key': 'not-a-uuid' }), env);
    expect(bad.status).toBe(400);
  });

  it('without a key sends null (every call orders)', async () => {
    const { env, requests } = testEnv(() => ({ status: 200, body: 240003 }));
    await handleWebshopOrder(post('webshopOrder', body, auth), env);
    expect((requests[0]?.body as { p_idempotency_key: unknown }).p_idempotency_key).toBeNull();
  });

  it('needs a user token', async () => {
    const { env, requests } = testEnv();
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer anon-key' }, { authorization: `Bearer ${tokenWith({ role: 'anon' })}` }, { authorization: 'Basic x' }]) {
      const res = await handleWebshopOrder(post('webshopOrder', body, headers), env);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'not_authenticated' });
    }
    expect(requests).toEqual([]);
  });

  it('rejects malformed bodies before calling the database', async () => {
    const { env, requests } = testEnv();
    const cases: [unknown, string][] = [
      ['{not json', 'invalid_json'],
      [[1, 2], 'invalid_request'],
      [{ ...body, p_customer_id: 'nope' }, 'invalid_request'],
      [{ ...body, p_customer_id: undefined }, 'invalid_request'],
      [{ ...body, p_generic: 'yes' }, 'invalid_request'],
      [{ ...body, p_street: 12 }, 'invalid_request'],
      [{ ...body, p_medications: [1] }, 'invalid_medications'],
      [{ ...body, p_medications: { abc: 1 } }, 'invalid_medications'],
      [{ ...body, p_medications: { '123': 1.5 } }, 'invalid_medications'],
      [{ ...body, p_medications: { '123': '2' } }, 'invalid_medications'],
    ];
    for (const [input, code] of cases) {
      const res = await handleWebshopOrder(post('webshopOrder', input, auth), env);
      expect(res.status, JSON.stringify(input)).toBe(400);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.error, JSON.stringify(input)).toBe(code);
      expect(typeof answer.message).toBe('string');
    }
    expect(requests).toEqual([]);
  });

  // issue: one product, one spelling — 01209458 and 1209458 are one product (spec §5 amounts per product)
  it('refuses one product under two spellings with 422 duplicate_product, and sends pharmacodes without leading zeros', async () => {
    const twice = await handleWebshopOrder(post('webshopOrder', { ...body, p_medications: { '1209458': 1, '01209458': 1 } }, auth), testEnv().env);
    expect(twice.status).toBe(422);
    expect(await twice.json()).toMatchObject({ error: 'duplicate_product', hint: '1209458' });
    const zeros = await handleWebshopOrder(post('webshopOrder', { ...body, p_medications: { '000': 1 } }, auth), testEnv().env);
    expect([zeros.status, ((await zeros.json()) as { error: string }).error]).toEqual([400, 'invalid_medications']);
    const { env, requests } = testEnv(() => ({ status: 200, body: 240777 }));
    await handleWebshopOrder(post('webshopOrder', { ...body, p_medications: { '0001209458': 2 } }, auth), env);
    expect((requests[0]?.body as { p_medications: unknown }).p_medications).toEqual({ '1209458': 2 });
  });

  it('passes the RPC rejections through with their status and code', async () => {
    const cases: [number, string, string | null][] = [
      [422, 'empty_order', null],
      [422, 'address_incomplete', 'street,zip'],
      [409, 'setup_incomplete', 'insurance'],
      [403, 'not_caller', null],
      [401, 'not_authenticated', null],
    ];
    for (const [status, message, hint] of cases) {
      const { env } = testEnv(() => ({ status, body: { code: `PT${status}`, message, details: 'human text', hint } }));
      const res = await handleWebshopOrder(post('webshopOrder', body, auth), env);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: message, message: 'human text', ...(hint ? { hint } : {}) });
    }
  });

  it('maps PostgREST’s own errors', async () => {
    const cases: [number, Record<string, unknown>, number, string][] = [
      [401, { code: 'PGRST301', message: 'JWT expired' }, 401, 'not_authenticated'],
      [403, { code: '42501', message: 'permission denied for function webshop_order' }, 403, 'forbidden'],
      [404, { code: 'PGRST202', message: 'Could not find the function' }, 500, 'server_misconfigured'],
      [500, { code: 'XX000', message: 'boom' }, 502, 'upstream_error'],
    ];
    for (const [status, error, expected, code] of cases) {
      const { env } = testEnv(() => ({ status, body: error }));
      const res = await handleWebshopOrder(post('webshopOrder', body, auth), env);
      expect(res.status).toBe(expected);
      expect(await res.json()).toMatchObject({ error: code });
    }
  });

  it('answers CORS preflights and refuses other methods', async () => {
    const { env } = testEnv();
    const pre = await handleWebshopOrder(new Request('http://f.test/webshopOrder', { method: 'OPTIONS' }), env);
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    const get = await handleWebshopOrder(new Request('http://f.test/webshopOrder'), env);
    expect(get.status).toBe(405);
  });
});
