import { describe, expect, it, vi } from 'vitest';
import type { CustomerRecord } from '../domain/entities';
import { err, ok } from '../domain/result';
import { createCustomerSummaryStore, CUSTOMER_SELECT, loadCustomerSummary, summarizeCustomer } from './customer-summary';

const NOW = new Date('2026-11-23T09:00:00+01:00');

const complete = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_address: [{ id: 1, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur', phone: '0521234567' }],
  webshop_customer_insurance: [{ id: 1, insurance_name: 'CSS', insurance_nr: '80756000000000000001' }],
  webshop_customer_questionnaire: [{ id: 1, weight: 70, size: 170 }],
  webshop_customer_additional_info: [{ id: 1, prescription_send_method: 'post', handled: true }],
  webshop_customer_medication: [{ id: 1, medication_id: 1, expires_at: '2027-01-01', single_use: false, used: false }],
} as unknown as CustomerRecord;

// spec §4 Profile setup (hasSetup), §2 navigation "with prescriptions", §6 "Orders area appears when the customer has an active prescription"
describe('summarizeCustomer', () => {
  it('a new account (no row): nothing done', () => {
    expect(summarizeCustomer(null, NOW)).toEqual({ hasProfile: false, hasSetup: false, hasPrescriptions: false });
  });

  it('a complete customer with an active prescription', () => {
    expect(summarizeCustomer(complete, NOW)).toEqual({ hasProfile: true, hasSetup: true, hasPrescriptions: true });
  });

  it('only expired prescriptions do not count', () => {
    const expired = { ...complete, webshop_customer_medication: [{ id: 1, medication_id: 1, expires_at: '2026-01-01', single_use: false, used: false }] } as unknown as CustomerRecord;
    expect(summarizeCustomer(expired, NOW).hasPrescriptions).toBe(false);
  });
});

describe('loadCustomerSummary', () => {
  it('selects webshop_customers by id with the nested tables, at most one row', async () => {
    const calls: unknown[] = [];
    const query = {
      select: (cols: string) => (calls.push(['select', cols]), query),
      eq: (col: string, value: string) => (calls.push(['eq', col, value]), query),
      maybeSingle: async () => ({ data: complete, error: null, status: 200 }),
    };
    const client = { from: (table: string) => (calls.push(['from', table]), query) } as never;
    expect(await loadCustomerSummary('u1', client, () => NOW)).toEqual(ok({ hasProfile: true, hasSetup: true, hasPrescriptions: true }));
    expect(calls).toEqual([['from', 'webshop_customers'], ['select', CUSTOMER_SELECT], ['eq', 'id', 'u1']]);
  });

  it('no answer is a network failure', async () => {
    const query = { select: () => query, eq: () => query, maybeSingle: async () => ({ data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 }) };
    expect(await loadCustomerSummary('u1', { from: () => query } as never)).toEqual(err('network'));
  });
});

describe('customer summary store', () => {
  it('loads once per key, reloads on refresh, forgets on reset', async () => {
    const load = vi.fn(async () => ok({ hasProfile: true, hasSetup: false, hasPrescriptions: false }));
    const store = createCustomerSummaryStore(load);
    store.ensure('u1', 'u1:aal1');
    store.ensure('u1', 'u1:aal1');
    await vi.waitFor(() => expect(store.get().status).toBe('ready'));
    expect(load).toHaveBeenCalledOnce();
    expect(store.get()).toMatchObject({ key: 'u1:aal1', summary: { hasProfile: true } });
    await store.refresh();
    expect(load).toHaveBeenCalledTimes(2);
    store.reset();
    expect(store.get().status).toBe('idle');
  });

  it('drops an answer that arrives after a sign-out', async () => {
    let resolve: (v: ReturnType<typeof ok>) => void = () => {};
    const store = createCustomerSummaryStore(() => new Promise((r) => (resolve = r as never)));
    store.ensure('u1');
    store.reset();
    resolve(ok({ hasProfile: true, hasSetup: true, hasPrescriptions: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get().status).toBe('idle');
  });

  it('keeps the failure', async () => {
    const store = createCustomerSummaryStore(async () => err('network'));
    store.ensure('u1');
    await vi.waitFor(() => expect(store.get()).toMatchObject({ status: 'failed', error: 'network' }));
  });
});
