// The mirror kept fresh by realtime (spec §4 Realtime: changes to webshop_cust* reload the
// customer, webshop_order* the orders; §6 own data only): the data session of a patient
// (pull engine + one postgres_changes channel over the ws transport) against the local stack,
// writing into a fake-indexeddb mirror. Server-side changes reach Dexie; another patient's
// changes never cause a pull.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { startPatientRuntime, type PatientRuntime } from '../../src/data/session/patient-runtime';
import { createOutboxViewStore } from '../../src/data/sync/outbox-view';
import { createSyncState } from '../../src/data/sync/sync-state';
import type { PullArea } from '../../src/data/pull/pull';
import { createRealtimeStatus, type RealtimeStatus } from '../../src/data/realtime/realtime-status';
import { serviceClient } from '../setup/clients.ts';
import { insertOrder, must, patientWithProfile, pharmacodes, prescribe, sleep, type Patient } from './fixtures.ts';

const QUIET_MS = 1500;
let A: Patient;
let B: Patient;
let code: number;
let db: LocalDb;
let session: PatientRuntime;
const status = createRealtimeStatus();
const statuses: RealtimeStatus[] = [];

const pulls = () => {
  const s = session.engine.status.get().started;
  return { customer: s.customer, orders: s.orders } as Partial<Record<PullArea, number>>;
};
const poll = <T>(read: () => Promise<T>, timeout = 6000) => expect.poll(read, { timeout, interval: 50 });

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Alma'), patientWithProfile('Bruno')]);
  code = (await pharmacodes(1))[0]!;
  await prescribe(A.userId, code);
  db = openLocalDb(`realtime-${randomUUID()}`);
  status.subscribe(() => statuses.push(status.get()));
  session = startPatientRuntime({
    client: A.client,
    db,
    userId: A.userId,
    debounceMs: 100,
    realtimeStatus: status,
    syncState: createSyncState({ debounceMs: 0 }),
    outboxView: createOutboxViewStore(),
    persist: async () => false,
  });
  expect((await session.pullAll()).ok).toBe(true);
  for (let i = 0; status.get() !== 'connected' && i < 100; i++) await sleep(50);
  await session.engine.idle();
});

afterAll(async () => {
  await session?.stop();
  db?.close();
});

describe('data session with realtime', () => {
  it('the first pull filled the mirror and the channel is joined', async () => {
    expect((await db.customers.get(A.userId))?.first_name).toBe('Alma');
    expect(await db.medications.get(code)).toBeDefined();
    expect(statuses).toEqual(['joining', 'connected']);
  });

  it('a server-side change of the patient\'s address reaches Dexie', async () => {
    const id = A.profile.address.id;
    expect((await serviceClient().from('webshop_customer_address').update({ city: 'Schaffhausen' }).eq('id', id)).error).toBeNull();
    await poll(async () => (await db.customers.get(A.userId))?.webshop_customer_address?.find((a) => a.id === id)?.city).toBe('Schaffhausen');
  });

  it('an order inserted for the patient by the pharmacy appears with its item; a burst of events is not a pull per row', async () => {
    await session.engine.idle();
    const before = pulls().orders!;
    const { order, item } = await insertOrder(A.userId, code, 3);
    await poll(async () => (await db.orders.get(order.id))?.webshop_order_item?.map((i) => i.id)).toEqual([item.id]);
    await session.engine.idle();
    // order and item inserted back to back (two events within the debounce): one or two pulls, never one per row
    expect(pulls().orders! - before).toBeLessThanOrEqual(2);
  });

  it('a new prescription reloads the customer and fetches the missing medication', async () => {
    const [, other] = await pharmacodes(2);
    const p = await prescribe(A.userId, other!);
    await poll(async () => (await db.customers.get(A.userId))?.webshop_customer_medication?.some((m) => m.id === p.id)).toBe(true);
    await poll(async () => (await db.medications.get(other!))?.pharmacode).toBe(other);
  });

  it('after a token refresh (supabase-js hands the new token to the channel) changes still arrive', async () => {
    const { data, error } = await A.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    await sleep(200);
    expect(status.get()).toBe('connected');
    expect((await serviceClient().from('webshop_customer_address').update({ city: 'Sion' }).eq('id', A.profile.address.id)).error).toBeNull();
    await poll(async () => (await db.customers.get(A.userId))?.webshop_customer_address?.find((a) => a.id === A.profile.address.id)?.city).toBe('Sion');
  });

  it('another patient\'s changes never trigger a pull', async () => {
    await session.engine.idle();
    const before = pulls();
    const svc = serviceClient();
    expect((await svc.from('webshop_customer_address').update({ city: 'Basel' }).eq('id', B.profile.address.id)).error).toBeNull();
    must(await B.client.from('webshop_customer_order_defaults').insert({ generic: true }).select().single(), 'B defaults');
    await insertOrder(B.userId, code);
    await sleep(QUIET_MS);
    await session.engine.idle();
    expect(pulls()).toEqual(before);
    expect((await db.orders.toArray()).every((o) => o.customer_id === A.userId)).toBe(true);
  });

  // issue 37 item 5: a DELETE names the row by its opaque key alone; the mirror maps it to its row
  it('a reminder device turned off on another device (or gone at the push service) leaves this mirror; another patient\'s does not touch it', async () => {
    const device = { customer_id: A.userId, endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), device_label: 'tablet' };
    const other = { ...device, customer_id: B.userId, endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}` };
    must(await A.client.from('webshop_customer_push_subscription').insert(device).select('id'), 'device');
    must(await B.client.from('webshop_customer_push_subscription').insert(other).select('id'), 'other device');
    const held = () => db.rows.where('[table+customer_id]').equals(['webshop_customer_push_subscription', A.userId]).toArray();
    await poll(async () => (await held()).map((r) => r.row.endpoint)).toEqual([device.endpoint]);
    expect((await B.client.from('webshop_customer_push_subscription').delete().eq('endpoint', other.endpoint)).error).toBeNull();
    expect((await A.client.from('webshop_customer_push_subscription').delete().eq('endpoint', device.endpoint)).error).toBeNull();
    await poll(async () => (await held()).length).toBe(0);
  });

  it('stop ends the subscription: status off, no more pulls', async () => {
    await session.stop();
    expect(status.get()).toBe('off');
    const before = pulls();
    expect((await serviceClient().from('webshop_customer_address').update({ city: 'Chur' }).eq('id', A.profile.address.id)).error).toBeNull();
    await sleep(QUIET_MS);
    expect(pulls()).toEqual(before);
  });
});
