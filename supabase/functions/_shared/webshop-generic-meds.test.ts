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

  it('maps is_generic, sloplus2 and not_found', async () => {
    for (const [status, message] of [
      [422, 'is_generic'],
      [422, 'sloplus2'],
      [404, 'not_found'],
    ] as const) {
      const { env } = testEnv(() => ({ status, body: { code: `PT${status}`, message, details: 'text', hint: null } }));
      const res = await handleWebshopGenericMeds(post('webshopGenericMeds', { pharmacode: 1 }), env);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ error: message });
    }
  });

  it('rejects a missing or malformed pharmacode', async () => {
    const { env, requests } = testEnv();
    for (const input of [{}, { pharmacode: -1 }, { pharmacode: 1.5 }, { pharmacode: 'abc' }, { pharmacode: null }, 'x']) {
      const res = await handleWebshopGenericMeds(post('webshopGenericMeds', input), env);
      expect(res.status).toBe(400);
      expect(['invalid_request', 'invalid_json']).toContain(((await res.json()) as { error: string }).error);
    }
    expect(requests).toEqual([]);
  });
});
