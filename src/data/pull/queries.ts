// The reads of spec §7 "Data service" the pull makes, one function each. They take the
// client as a parameter, never throw, and answer a Result with an error code
// (docs/architecture.md, "Conventions").
import type { CustomerId, CustomerRecord, Medication, Order, Pharmacode } from '../../domain/entities';
import { insurerList } from '../../domain/insurance';
import { err, ok, type Result } from '../../domain/result';
import { MEDICATION_SELECT } from '../catalogue/medication-lookup';
import { asEntity } from '../rows';
import type { AppClient } from '../supabase-client';
import { CUSTOMER, CUSTOMER_SELECT } from '../tables/customer-record';
import { ORDER, ORDER_SELECT } from '../tables/orders';

export { CUSTOMER_SELECT, ORDER_SELECT };

/** 'network': no answer (offline, server unreachable); 'failed': the server answered with an error. */
export type PullError = 'network' | 'failed';

/** PostgREST's `in` filter goes into the URL: pharmacodes are asked for in batches of this size. */
export const MEDICATION_BATCH = 150;

type Answer<T> = { data: T | null; error: unknown; status: number };

// postgrest-js reports a failed fetch with status 0 (no answer at all)
const failure = (status: number): PullError => (status === 0 ? 'network' : 'failed');

async function run<T, U>(query: () => PromiseLike<Answer<T>>, map: (data: T | null) => U): Promise<Result<U, PullError>> {
  try {
    const { data, error, status } = await query();
    return error ? err(failure(status)) : ok(map(data));
  } catch {
    return err('network');
  }
}

/** Select the customer row by id with the nested related tables (at most one row; null: no profile yet). */
export function fetchCustomer(client: AppClient, userId: CustomerId): Promise<Result<CustomerRecord | null, PullError>> {
  return run(() => client.from(CUSTOMER).select(CUSTOMER_SELECT).eq('id', userId).maybeSingle(), asEntity<CustomerRecord | null>());
}

/** Select the orders with items and children, customer_id = the user, parent null, by id descending. */
export function fetchOrders(client: AppClient, userId: CustomerId): Promise<Result<Order[], PullError>> {
  return run(
    () => client.from(ORDER).select(ORDER_SELECT).eq('customer_id', userId).is('parent', null).order('id', { ascending: false }),
    (data) => asEntity<Order[]>()(data ?? []),
  );
}

/** The medications of these pharmacodes (pharmindex with images, prices, product). */
export async function fetchMedications(client: AppClient, pharmacodes: readonly Pharmacode[]): Promise<Result<Medication[], PullError>> {
  const codes = [...new Set(pharmacodes)];
  const found: Medication[] = [];
  for (let i = 0; i < codes.length; i += MEDICATION_BATCH) {
    const batch = await run(
      () => client.from('pharmindex').select(MEDICATION_SELECT).in('pharmacode', codes.slice(i, i + MEDICATION_BATCH)),
      (data) => asEntity<Medication[]>()(data ?? []),
    );
    if (!batch.ok) return batch;
    found.push(...batch.value);
  }
  // bigint columns arrive as JSON numbers; a string (a server configured otherwise) would miss the key
  return ok(found.map((m) => ({ ...m, pharmacode: Number(m.pharmacode) })));
}

/** Select pharmindex_insurance descr1; deduplicated and sorted (spec §7). */
export function fetchInsurers(client: AppClient): Promise<Result<string[], PullError>> {
  return run(() => client.from('pharmindex_insurance').select('descr1'), (data) => insurerList((data ?? []).map((r) => r.descr1)));
}
