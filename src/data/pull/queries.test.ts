import { describe, expect, it } from 'vitest';
import { err, ok } from '../../domain/result';
import { MEDICATION_SELECT } from '../catalogue/medication-lookup';
import { CUSTOMER_SELECT, fetchCustomer, fetchInsurers, fetchMedications, fetchOrders, MEDICATION_BATCH, ORDER_SELECT } from './queries';
import { customerSelect } from '../tables/synced-tables';

/** A PostgREST stand-in recording the chain of calls and answering `answer`. */
function fakeClient(answer: (calls: unknown[][]) => { data: unknown; error: unknown; status: number }) {
  const calls: unknown[][] = [];
  const query: Record<string, unknown> = {};
  for (const name of ['select', 'eq', 'is', 'order', 'in']) query[name] = (...args: unknown[]) => (calls.push([name, ...args]), query);
  query.maybeSingle = async () => (calls.push(['maybeSingle']), answer(calls));
  query.then = (resolve: (v: unknown) => void) => resolve(answer(calls));
  return { calls, client: { from: (table: string) => (calls.push(['from', table]), query) } as never };
}

// spec §7 Data service: the selects of the pull, exactly
describe('pull queries', () => {
  it('the customer: webshop_customers by id with the nested tables, at most one row', async () => {
    const { calls, client } = fakeClient(() => ({ data: { id: 'u1' }, error: null, status: 200 }));
    expect(await fetchCustomer(client, 'u1')).toEqual(ok({ id: 'u1' }));
    expect(calls).toEqual([['from', 'webshop_customers'], ['select', CUSTOMER_SELECT], ['eq', 'id', 'u1'], ['maybeSingle']]);
  });

  it('the orders: items and children, own, top level, by id descending', async () => {
    const { calls, client } = fakeClient(() => ({ data: [], error: null, status: 200 }));
    expect(await fetchOrders(client, 'u1')).toEqual(ok([]));
    expect(ORDER_SELECT).toBe('*, webshop_order_item(*), children:webshop_order(*, webshop_order_item(*))');
    expect(calls).toEqual([['from', 'webshop_order'], ['select', ORDER_SELECT], ['eq', 'customer_id', 'u1'], ['is', 'parent', null], ['order', 'id', { ascending: false }]]);
  });

  it('the medications by pharmacode, in batches; pharmacodes as numbers', async () => {
    const codes = Array.from({ length: MEDICATION_BATCH + 2 }, (_, i) => 1000 + i);
    const { calls, client } = fakeClient((c) => ({ data: [{ pharmacode: String((c.at(-1) as [string, string, number[]])[2][0]) }], error: null, status: 200 }));
    const answer = await fetchMedications(client, [...codes, 1000]);
    expect(answer).toEqual(ok([{ pharmacode: 1000 }, { pharmacode: 1000 + MEDICATION_BATCH }]));
    expect(calls.filter((c) => c[0] === 'select').every((c) => c[1] === MEDICATION_SELECT)).toBe(true);
    expect(calls.filter((c) => c[0] === 'in').map((c) => (c[2] as number[]).length)).toEqual([MEDICATION_BATCH, 2]);
  });

  it('the insurers: descr1, deduplicated and sorted', async () => {
    const { calls, client } = fakeClient(() => ({ data: [{ descr1: 'Sanitas' }, { descr1: 'CSS' }, { descr1: 'CSS' }, { descr1: null }], error: null, status: 200 }));
    expect(await fetchInsurers(client)).toEqual(ok(['CSS', 'Sanitas']));
    expect(calls).toEqual([['from', 'pharmindex_insurance'], ['select', 'descr1']]);
  });

  it('no answer is a network failure, an error answer a failure, a throw a network failure', async () => {
    expect(await fetchCustomer(fakeClient(() => ({ data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 })).client, 'u1')).toEqual(err('network'));
    expect(await fetchOrders(fakeClient(() => ({ data: null, error: { message: 'permission denied' }, status: 403 })).client, 'u1')).toEqual(err('failed'));
    expect(await fetchInsurers({ from: () => { throw new Error('x'); } } as never)).toEqual(err('network'));
  });
});

describe('CUSTOMER_SELECT', () => {
  // the typed select (a literal, so supabase-js can check it) and the registry's lists agree
  it('is the select the registry of synced tables makes', () => {
    expect(CUSTOMER_SELECT).toBe(customerSelect());
  });
});
