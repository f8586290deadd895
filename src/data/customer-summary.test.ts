// liveQuery needs a global indexedDB (Dexie.dependencies), so the fake one is installed globally
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerRecord } from '../domain/entities';
import { createCustomerSummaryStore, summarizeCustomer, type PullFailure } from './customer-summary';
import { openLocalDb, type LocalDb } from './local/local-db';
import { claimMirror } from './local/mirror-owner';
import type { DataSession } from './pull/data-session';
import { writeCustomer } from './pull/mirror-writes';
import { reportOf, type PullArea, type PullReport, type PullResult } from './pull/pull';

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

const ok: PullResult = { ok: true, value: 'written' };
const allOk = (): Record<PullArea, PullResult> => ({ customer: ok, orders: ok, medications: ok, insurers: ok });

/** A store over a fake-indexeddb mirror; the data session is a stand-in whose pull the test plays. */
function harness() {
  const db = openLocalDb(`summary-${Math.random()}`);
  let finish: (r: PullReport) => void = () => {};
  let onResult: (area: PullArea, result: PullResult) => void = () => {};
  const sessions: (DataSession & { stop: ReturnType<typeof vi.fn>; engine: { pull: ReturnType<typeof vi.fn> } })[] = [];
  const start = vi.fn((userId: string, report: typeof onResult) => {
    onResult = report;
    const session = {
      userId,
      ready: new Promise<PullReport>((r) => (finish = r)),
      engine: { pull: vi.fn(async () => reportOf(allOk())) },
      stop: vi.fn(async () => {}),
    };
    sessions.push(session as never);
    return session as unknown as DataSession;
  });
  const wipe = vi.fn(async () => {});
  const store = createCustomerSummaryStore({ db: () => db, start, wipe, now: () => NOW });
  /** What a successful pull of the customer does to the mirror. */
  const pulled = async (userId: string, record: CustomerRecord | null, into: LocalDb = db) => {
    await claimMirror(into, userId);
    await writeCustomer(into, userId, record, { overlay: null });
  };
  return { db, store, start, wipe, sessions, pulled, finish: (r: PullReport) => finish(r), result: (a: PullArea, r: PullResult) => onResult(a, r) };
}

describe('customer summary store (from the mirror)', () => {
  it('loading until the pull wrote the customer, then its flags; they follow the mirror', async () => {
    const h = harness();
    h.store.ensure('u1', 'u1:aal1');
    h.store.ensure('u1', 'u1:aal1');
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledOnce());
    expect(h.store.get()).toMatchObject({ key: 'u1:aal1', status: 'loading' });
    await h.pulled('u1', { ...complete, id: 'u1' });
    await vi.waitFor(() => expect(h.store.get()).toMatchObject({ key: 'u1:aal1', status: 'ready', summary: { hasProfile: true, hasSetup: true, hasPrescriptions: true } }));
    await h.db.customers.update('u1', { webshop_customer_medication: [] });
    await vi.waitFor(() => expect(h.store.get().summary?.hasPrescriptions).toBe(false));
  });

  it('a new account: ready with every flag false once the pull found no row', async () => {
    const h = harness();
    h.store.ensure('u1');
    await h.pulled('u1', null);
    await vi.waitFor(() => expect(h.store.get()).toMatchObject({ status: 'ready', summary: { hasProfile: false, hasSetup: false } }));
  });

  it('offline with an earlier pull in the mirror: ready from it although the pull fails', async () => {
    const h = harness();
    await h.pulled('u1', { ...complete, id: 'u1' });
    h.store.ensure('u1');
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledOnce());
    h.finish(reportOf({ ...allOk(), customer: { ok: false, error: 'network' } }));
    await vi.waitFor(() => expect(h.store.get()).toMatchObject({ status: 'ready', summary: { hasSetup: true } }));
  });

  it('the first pull fails and the mirror has nothing: failed with the error', async () => {
    const h = harness();
    h.store.ensure('u1');
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledOnce());
    h.finish(reportOf({ ...allOk(), customer: { ok: false, error: 'network' } }));
    await vi.waitFor(() => expect(h.store.get()).toMatchObject({ status: 'failed', error: 'network' }));
  });

  it('another assurance level of the same user pulls again without restarting', async () => {
    const h = harness();
    h.store.ensure('u1', 'u1:aal1');
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledOnce());
    h.store.ensure('u1', 'u1:aal2');
    expect(h.start).toHaveBeenCalledOnce();
    expect(h.sessions[0]!.engine.pull).toHaveBeenCalledOnce();
    expect(h.store.get().key).toBe('u1:aal2');
  });

  it('reports failed pulls of an area while its session runs', async () => {
    const h = harness();
    const failures: PullFailure[] = [];
    h.store.onPullFailure((f) => failures.push(f));
    h.store.ensure('u1');
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledOnce());
    h.result('orders', { ok: false, error: 'failed' });
    h.result('customer', ok);
    expect(failures).toEqual([{ area: 'orders', error: 'failed' }]);
  });

  it('reset (signed out) stops the session, wipes the mirror and ignores late answers', async () => {
    const h = harness();
    h.store.ensure('u1');
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledOnce());
    h.store.reset();
    expect(h.store.get().status).toBe('idle');
    await vi.waitFor(() => expect(h.wipe).toHaveBeenCalledOnce());
    expect(h.sessions[0]!.stop).toHaveBeenCalled();
    h.finish(reportOf({ ...allOk(), customer: { ok: false, error: 'network' } }));
    await h.pulled('u1', complete);
    await new Promise((r) => setTimeout(r, 20));
    expect(h.store.get().status).toBe('idle');
  });

  it('a sign-in right after a sign-out starts its session only once the wipe is done', async () => {
    const h = harness();
    let wiped: () => void = () => {};
    h.wipe.mockImplementationOnce(() => new Promise<void>((r) => (wiped = r)));
    h.store.reset();
    h.store.ensure('u2');
    await new Promise((r) => setTimeout(r, 10));
    expect(h.start).not.toHaveBeenCalled();
    wiped();
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledWith('u2', expect.any(Function)));
  });
});
