// INTERIM READ — replaced by the local-first data layer (Dexie mirror, later issue).
//
// What the shell's guards need of a signed-in patient (spec §2 Shell, §4 Profile setup):
// hasProfile, hasSetup and hasPrescriptions (an active prescription: navigation, orders).
// Until the customer is mirrored into IndexedDB, it is read here with the one select of
// spec §7 ("Select webshop_customers by id with the nested related tables, at most one
// row") and summarized with the domain's rules. When the data layer exists, the session
// provider reads these flags from the mirror instead and this file goes.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CustomerRecord } from '../domain/entities';
import { isPrescriptionActive } from '../domain/prescription-state';
import { err, ok, type Result } from '../domain/result';
import { setupFlags } from '../domain/setup-state';
import { supabase } from './supabase-client';

export const CUSTOMER_SELECT =
  '*, webshop_customer_address(*), webshop_customer_insurance(*), webshop_customer_questionnaire(*), webshop_customer_order_defaults(*), webshop_customer_additional_info(*), webshop_customer_medication(*)';

export interface CustomerSummary {
  hasProfile: boolean;
  hasSetup: boolean;
  hasPrescriptions: boolean;
}

export type CustomerSummaryError = 'network' | 'failed';

/** The flags of a loaded customer (none yet: a new account). */
export function summarizeCustomer(customer: CustomerRecord | null, now: Date): CustomerSummary {
  const flags = setupFlags(customer);
  return {
    hasProfile: flags.hasProfile,
    hasSetup: flags.hasSetup,
    hasPrescriptions: (customer?.webshop_customer_medication ?? []).some((p) => isPrescriptionActive(p, now)),
  };
}

export async function loadCustomerSummary(
  userId: string,
  client: SupabaseClient = supabase(),
  now: () => Date = () => new Date(),
): Promise<Result<CustomerSummary, CustomerSummaryError>> {
  try {
    const { data, error, status } = await client.from('webshop_customers').select(CUSTOMER_SELECT).eq('id', userId).maybeSingle();
    // status 0: no answer at all (postgrest-js reports the failed fetch)
    if (error) return err(status === 0 ? 'network' : 'failed');
    return ok(summarizeCustomer(data as CustomerRecord | null, now()));
  } catch {
    return err('network');
  }
}

export interface CustomerSummaryState {
  /** whose summary this is ('' = none) */
  key: string;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  summary: CustomerSummary | null;
  error: CustomerSummaryError | null;
}

const IDLE: CustomerSummaryState = { key: '', status: 'idle', summary: null, error: null };

/** A small store: the summary of one signed-in patient, loaded once per key, reloadable. */
export function createCustomerSummaryStore(load: (userId: string) => Promise<Result<CustomerSummary, CustomerSummaryError>> = (id) => loadCustomerSummary(id)) {
  let state = IDLE;
  let userId = '';
  const listeners = new Set<() => void>();
  const set = (next: CustomerSummaryState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  async function run(key: string): Promise<void> {
    set({ ...state, key, status: 'loading', error: null });
    const result = await load(userId);
    if (state.key !== key) return; // signed out or another user meanwhile
    set(result.ok ? { key, status: 'ready', summary: result.value, error: null } : { key, status: 'failed', summary: null, error: result.error });
  }

  return {
    get: (): CustomerSummaryState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Loads the summary for this user unless it is already loaded (or loading) under the
     * same key; the key also names what changes the answer (the assurance level: RLS hides
     * the rows from an aal1 session of a patient with two-factor).
     */
    ensure(id: string, key = id): void {
      if (state.key === key && state.status !== 'idle') return;
      userId = id;
      void run(key);
    },
    /** Loads again (after a profile save; the data-layer issue replaces this with live queries). */
    refresh(): Promise<void> {
      return state.key ? run(state.key) : Promise.resolve();
    },
    reset(): void {
      userId = '';
      if (state !== IDLE) set(IDLE);
    },
  };
}

export type CustomerSummaryStore = ReturnType<typeof createCustomerSummaryStore>;

export const customerSummaryStore: CustomerSummaryStore = createCustomerSummaryStore();
