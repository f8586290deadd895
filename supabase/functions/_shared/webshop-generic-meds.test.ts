import { describe, expect, it } from 'vitest';
import { handleWebshopGenericMeds } from './webshop-generic-meds.ts';
import { post, testEnv } from './test-env.ts';

describe('webshopGenericMeds', () => {
  it('calls generic_alternatives with the anon key and answers the list', async () => {
    const rows = [
      { pharmacode: 111, dscrd: 'Generikum A', dscrf: 'Générique A', price: 9.5, quantity: 30, quantity_unit: 'Stk' },
      { pharmacode: '222', dscrd: 'Generikum B', dscrf: null, price: '12.40', quantity: '30', quantity_unit: 'Stk' },
    ];
    const { env, requests } = testEnv(() => ({ status: 200, body: rows }));
    const res = await handleWebshopGenericMeds(post('webshopGenericMeds', { pharmacode: '1234567' }), env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { pharmacode: 111, price: 9.5, quantity: 30, quantity_unit: 'Stk', dscrd: 'Generikum A', dscrf: 'Générique A' },
      { pharmacode: 222, price: 12.4, quantity: 30, quantity_unit: 'Stk', dscrd: 'Generikum B', dscrf: null },
    ]);
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/generic_alternatives');
    expect(requests[0]?.body).toEqual({ p_pharmacode: 1234567 });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer anon-key');
  });

  it('answers an empty list as such', async () => {
    const { env } = testEnv(() => ({ status: 200, body: [] }));
    const res = await handleWebshopGenericMeds(post('webshopGenericMeds', { pharmacode: 5 }), env);
    expect(await res.json()).toEqual([]);
  });

  // expected outcomes of a look-up are answers (200), not failed requests the browser would log
  it('answers is_generic, sloplus2 and not_found with 200 and the code', async () => {
    for (const [status, message] of [
      [422, 'is_generic'],
      [422, 'sloplus2'],
      [404, 'not_found'],
    ] as const) {
      const { env } = testEnv(() => ({ status, body: { code: `PT${status}`, message, details: 'text', hint: null } }));
      const res = await handleWebshopGenericMeds(post('webshopGenericMeds', { pharmacode: 1 }), env);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ error: message });
    }
  });

  // a 4xx with a code for a missing or non-numeric pharmacode, never a 5xx
  it.each([
    ['no pharmacode', {}, 'pharmacode_missing'],
    ['pharmacode null', { pharmacode: null }, 'pharmacode_missing'],
    ['pharmacode empty', { pharmacode: '  ' }, 'pharmacode_missing'],
    ['negative', { pharmacode: -1 }, 'invalid_pharmacode'],
    ['zero', { pharmacode: 0 }, 'invalid_pharmacode'],
    ['fractional', { pharmacode: 1.5 }, 'invalid_pharmacode'],
    ['letters', { pharmacode: 'abc' }, 'invalid_pharmacode'],
    ['digits and letters', { pharmacode: '123abc' }, 'invalid_pharmacode'],
    ['too many digits', { pharmacode: '1234567890123456' }, 'invalid_pharmacode'],
    ['beyond a bigint', { pharmacode: 1e300 }, 'invalid_pharmacode'],
    ['a boolean', { pharmacode: true }, 'invalid_pharmacode'],
    ['an object', { pharmacode: { n: 1 } }, 'invalid_pharmacode'],
    ['an array', { pharmacode: [1] }, 'invalid_pharmacode'],
    ['a JSON string body', '"x"', 'invalid_request'],
    ['an array body', [1], 'invalid_request'],
  ])('%s: 400 %s without a database call', async (_name, input, code) => {
    const { env, requests } = testEnv();
    const res = await handleWebshopGenericMeds(post('webshopGenericMeds', input), env);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: code });
    expect(requests).toEqual([]);
  });

  it('a body that is not JSON: 400 invalid_json', async () => {
    const { env } = testEnv();
    const req = new Request('http://localhost/functions/v1/webshopGenericMeds', { method: 'POST', body: '{"pharmacode":' });
    const res = await handleWebshopGenericMeds(req, env);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_json' });
  });

  it('a database that cannot be reached: 502 upstream_error, not a worker error', async () => {
    const { env } = testEnv(() => {
      throw new TypeError('fetch failed');
    });
    const res = await handleWebshopGenericMeds(post('webshopGenericMeds', { pharmacode: 1 }), env);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'upstream_error' });
  });
});
