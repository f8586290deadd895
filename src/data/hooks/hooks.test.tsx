// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerRecord, Medication, Order } from '../../domain/entities';
import { openLocalDb } from '../local/local-db';
import { META } from '../local/mirror-schema';
import { claimMirror } from '../local/mirror-owner';
import { wipeMirror } from '../local/wipe';
import { useCustomerRecord } from './use-customer-record';
import { useDashboardMirror } from './use-dashboard-mirror';
import { useSyncedAt } from './use-synced-at';
import { useInsurers } from './use-insurers';
import { useMedications } from './use-medications';
import { useOrders } from './use-orders';
import { usePrescriptions } from './use-prescriptions';
import { useSetupFlags } from './use-setup-flags';

const NOW = new Date('2026-11-23T09:00:00+01:00');
const customer = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_address: [{ id: 1, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur', phone: '0521234567' }],
  webshop_customer_medication: [
    { id: 7, medication_id: 22, expires_at: '2026-01-01', single_use: false, used: false },
    { id: 3, medication_id: 11, expires_at: '2027-01-01', single_use: false, used: false },
  ],
} as unknown as CustomerRecord;
const order = (id: number, extra: Partial<Order> & Record<string, unknown> = {}) =>
  ({ id, created_at: '2026-11-01T10:00:00Z', customer_id: 'u1', parent: null, status: 0, delivery_nr: null, delivery_method: null, ...extra }) as Order;

async function mirror() {
  const db = openLocalDb(`hooks-${Math.random()}`);
  await claimMirror(db, 'u1');
  await db.customers.put(customer);
  await db.orders.bulkPut([order(240001), order(240003), order(2 ** 50 + 1, { pending: true, outbox_id: 'k1' }), order(9, { customer_id: 'u2' })]);
  await db.outbox.add({ id: 'k1', customer_id: 'u1', kind: 'call', payload: { name: 'webshopOrder', id: 1, body: {} }, status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: 0 });
  await db.medications.bulkPut([{ pharmacode: 11, dscrd: 'Alpha' }, { pharmacode: 22, dscrd: 'Beta' }] as Medication[]);
  await db.insurers.bulkPut([{ name: 'Sanitas' }, { name: 'CSS' }, { name: 'Assura' }]);
  return db;
}

// docs/architecture.md, 2 Read: screens read only from Dexie, live
describe('mirror hooks', () => {
  it('read the owner\'s data and follow changes', async () => {
    const db = await mirror();
    const record = renderHook(() => useCustomerRecord(db));
    const orders = renderHook(() => useOrders(db));
    const prescriptions = renderHook(() => usePrescriptions(db));
    const meds = renderHook(() => useMedications([11, 33], db));
    const insurers = renderHook(() => useInsurers(db));
    const flags = renderHook(() => useSetupFlags(db, () => NOW));

    await waitFor(() => expect(record.result.current?.first_name).toBe('Sandra'));
    await waitFor(() => expect(orders.result.current?.map((o) => [o.id, o.pending])).toEqual([[2 ** 50 + 1, true], [240003, false], [240001, false]]));
    await waitFor(() => expect(prescriptions.result.current?.map((p) => p.id)).toEqual([3, 7]));
    await waitFor(() => expect([...(meds.result.current?.keys() ?? [])]).toEqual([11]));
    await waitFor(() => expect(insurers.result.current).toEqual(['Assura', 'CSS', 'Sanitas']));
    await waitFor(() => expect(flags.result.current).toMatchObject({ hasProfile: true, hasAddress: true, hasSetup: false, hasPrescriptions: true }));

    await act(() => db.customers.update('u1', { first_name: 'Sandrine' }));
    await waitFor(() => expect(record.result.current?.first_name).toBe('Sandrine'));
    await act(async () => void (await db.outbox.clear()));
    await waitFor(() => expect(orders.result.current?.[0]?.pending).toBe(false));

    await act(() => wipeMirror(db));
    await waitFor(() => expect(record.result.current).toBeNull());
    await waitFor(() => expect(orders.result.current).toEqual([]));
    await waitFor(() => expect(flags.result.current).toMatchObject({ hasProfile: false, hasPrescriptions: false }));
  });
});

// issue 23: a write that leaves a screen's data as it was (a pull writing the same rows) renders
// nothing again; a change renders the new data, with the unchanged rows the very same objects
describe('a live answer that holds the same data', () => {
  it('keeps the answer on screen, and the unchanged rows of a changed one', async () => {
    const db = await mirror();
    let renders = 0;
    const orders = renderHook(() => {
      renders += 1;
      return useOrders(db);
    });
    await waitFor(() => expect(orders.result.current).toHaveLength(3));
    const shown = orders.result.current!;
    const rendersBefore = renders;

    // the same rows written again: Dexie's live query answers anew, with equal rows
    await act(async () => void (await db.orders.bulkPut([order(240001), order(240003)])));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(orders.result.current).toBe(shown);
    expect(renders).toBe(rendersBefore);

    await act(async () => void (await db.orders.put(order(240003, { status: 2 }))));
    await waitFor(() => expect(orders.result.current?.find((o) => o.id === 240003)?.status).toBe(2));
    expect(orders.result.current).not.toBe(shown);
    expect(orders.result.current?.find((o) => o.id === 240001)).toBe(shown.find((o) => o.id === 240001));
  });
});

// the dashboard's one live read, and how fresh the data is beside it
describe('dashboard mirror', () => {
  it('reads record, orders, the prescribed medications; the older of the last customer and orders pulls apart', async () => {
    const db = await mirror();
    const dashboard = renderHook(() => useDashboardMirror('2026-11-25', db));
    const syncedAt = renderHook(() => useSyncedAt(db));
    await waitFor(() => expect(dashboard.result.current?.customer?.first_name).toBe('Sandra'));
    expect(dashboard.result.current?.orders.map((o) => o.id)).toEqual([2 ** 50 + 1, 240003, 240001]);
    expect([...(dashboard.result.current?.medications.keys() ?? [])].sort()).toEqual([11, 22]);
    // never pulled (or only one of the two areas): no "as of"
    await waitFor(() => expect(syncedAt.result.current).toBeNull());
    const shown = dashboard.result.current;
    await act(() => db.meta.put({ key: META.pulledAt('customer'), value: 2000 }));
    await waitFor(() => expect(syncedAt.result.current).toBeNull());
    await act(() => db.meta.put({ key: META.pulledAt('orders'), value: 1000 }));
    await waitFor(() => expect(syncedAt.result.current).toBe(1000));
    await act(() => db.meta.put({ key: META.pulledAt('orders'), value: 3000 }));
    await waitFor(() => expect(syncedAt.result.current).toBe(2000));
    // a pull's stamps are no new answer of the dashboard: nothing on it renders again
    expect(dashboard.result.current).toBe(shown);
  });
});
