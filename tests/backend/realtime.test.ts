// Realtime (spec §4 Authentication / Realtime: changes to webshop_cust* reload the customer, to
// webshop_order* the orders; §7 "Realtime subscription to all public table changes"; §6 a customer
// sees only their own data). Inserts and updates reach their owner's subscription and nobody
// else's. Deletes as hosted Supabase sends them: Realtime does not apply RLS to deletes, so every
// subscriber gets each one — as the old row's primary key only (RLS on the table), nothing else of
// the row; the app ignores deletes of rows it does not hold (src/data/realtime/change-router.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { insertOrder, must, patientWithProfile, pharmacodes, sleep, type Patient, type SupabaseClient } from './fixtures.ts';

interface Change {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

const QUIET_MS = 1500; // how long a subscriber that must get nothing is watched
let A: Patient;
let B: Patient;
let anon: SupabaseClient;
let code: number;
const got: Record<'A' | 'B' | 'anon', Change[]> = { A: [], B: [], anon: [] };
/** ids of A's orders, to recognise their items */
const aOrders = new Set<unknown>();

function subscribe(c: SupabaseClient, into: Change[], table?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    c.channel(`rt-${randomUUID()}`)
      .on('postgres_changes' as never, { event: '*', schema: 'public', ...(table ? { table } : {}) }, (p: Change) => into.push(p))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(new Error(`${status} ${err?.message ?? ''}`));
      });
  });
}

/** Does a change concern a row of patient A? */
function isAs(ch: Change): boolean {
  const row = ch.eventType === 'DELETE' ? ch.old : ch.new;
  return row.customer_id === A.userId || row.id === A.userId || aOrders.has(row.order_id) || aOrders.has(row.id);
}

const rowOf = (ch: Change) => (ch.eventType === 'DELETE' ? ch.old : ch.new);
const waitFor = (who: 'A' | 'B', match: (ch: Change) => boolean) =>
  expect.poll(() => got[who].find(match), { timeout: 5000, interval: 50 }).toBeDefined();

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Alma'), patientWithProfile('Bruno')]);
  code = (await pharmacodes(1))[0]!;
  anon = anonClient();
  await Promise.all([subscribe(A.client, got.A), subscribe(B.client, got.B), subscribe(anon, got.anon)]);
});

afterAll(async () => {
  await Promise.all([A?.client.removeAllChannels(), B?.client.removeAllChannels(), anon?.removeAllChannels()]);
});

// spec §4 Realtime, §6 own data only
describe('postgres_changes on schema public', () => {
  it('A\'s own insert of an address reaches A with the new row, not B, not anon', async () => {
    const row = must(await A.client.from('webshop_customer_address').insert({ street: 'Seeweg', street_nr: '4', zip: '6000', city: 'Luzern', phone: '0411234567' }).select().single(), 'address');
    await waitFor('A', (ch) => ch.eventType === 'INSERT' && ch.table === 'webshop_customer_address' && ch.new.id === row.id);
    const ch = got.A.find((c) => c.table === 'webshop_customer_address' && c.new.id === row.id)!;
    expect(ch.new).toMatchObject({ customer_id: A.userId, street: 'Seeweg', city: 'Luzern' });
    await sleep(QUIET_MS);
    expect(got.B.filter(isAs)).toEqual([]);
    expect(got.anon).toEqual([]);
  });

  it('an update of A\'s address reaches A with old and new values, not B', async () => {
    const id = A.profile.address.id;
    expect((await A.client.from('webshop_customer_address').update({ city: 'Zug' }).eq('id', id)).error).toBeNull();
    await waitFor('A', (ch) => ch.eventType === 'UPDATE' && ch.table === 'webshop_customer_address' && ch.new.id === id);
    const ch = got.A.find((c) => c.eventType === 'UPDATE' && c.new.id === id)!;
    expect(ch.new.city).toBe('Zug');
    expect(ch.old.id).toBe(id);
    await sleep(QUIET_MS);
    expect(got.B.filter(isAs)).toEqual([]);
  });

  it('an order and its item inserted for A by the pharmacy (service_role) reach A, not B, not anon', async () => {
    const { order, item } = await insertOrder(A.userId, code);
    aOrders.add(order.id);
    await waitFor('A', (ch) => ch.eventType === 'INSERT' && ch.table === 'webshop_order' && ch.new.id === order.id);
    await waitFor('A', (ch) => ch.eventType === 'INSERT' && ch.table === 'webshop_order_item' && ch.new.id === item.id);
    expect(got.A.find((c) => c.table === 'webshop_order' && c.new.id === order.id)!.new).toMatchObject({ customer_id: A.userId, status: 0 });
    await sleep(QUIET_MS);
    expect(got.B.filter(isAs)).toEqual([]);
    expect(got.anon).toEqual([]);
  });

  it('a status change of A\'s order by the pharmacy reaches A', async () => {
    const [id] = [...aOrders];
    expect((await serviceClient().from('webshop_order').update({ status: 1 }).eq('id', id)).error).toBeNull();
    await waitFor('A', (ch) => ch.eventType === 'UPDATE' && ch.table === 'webshop_order' && ch.new.id === id && ch.new.status === 1);
  });

  // anon may not select the customer tables at all: it gets none of their changes
  it('a DELETE of A\'s rows reaches A with the old row\'s key only; B gets it too, as hosted, with nothing but that key', async () => {
    const infoId = A.profile.additionalInfo.id;
    expect((await A.client.from('webshop_customer_additional_info').delete().eq('id', infoId)).error).toBeNull();
    const [orderId] = [...aOrders];
    expect((await serviceClient().from('webshop_order').delete().eq('id', orderId)).error).toBeNull();
    const isInfo = (ch: Change) => ch.eventType === 'DELETE' && ch.table === 'webshop_customer_additional_info' && ch.old.id === infoId;
    const isOrder = (ch: Change) => ch.eventType === 'DELETE' && ch.table === 'webshop_order' && ch.old.id === orderId;
    await waitFor('A', isInfo);
    await waitFor('A', isOrder);
    await waitFor('B', isInfo);
    await waitFor('B', isOrder);
    for (const who of ['A', 'B'] as const) {
      for (const ch of got[who].filter((c) => isInfo(c) || isOrder(c))) expect(ch.old, `${who} ${ch.table}`).toEqual({ id: ch.old.id });
    }
  });

  it('B\'s own change reaches B and not A (the B subscription works)', async () => {
    const row = must(await B.client.from('webshop_customer_order_defaults').insert({ generic: true }).select().single(), 'defaults');
    await waitFor('B', (ch) => ch.eventType === 'INSERT' && ch.table === 'webshop_customer_order_defaults' && ch.new.id === row.id);
    await sleep(QUIET_MS);
    expect(got.A.filter((ch) => rowOf(ch).customer_id === B.userId || (ch.table === 'webshop_customer_order_defaults' && rowOf(ch).id === row.id))).toEqual([]);
  });

  it('every insert and update B received is B\'s own; every delete carried its key alone; anon got nothing of the customer tables', () => {
    expect(got.B.length).toBeGreaterThan(0);
    for (const ch of got.B) {
      if (ch.eventType === 'DELETE') expect(Object.keys(ch.old), ch.table).toEqual(['id']);
      else expect(rowOf(ch).customer_id ?? rowOf(ch).id, `${ch.eventType} ${ch.table}`).toBe(B.userId);
    }
    expect(got.anon.filter((ch) => /^webshop_/.test(ch.table))).toEqual([]);
  });
});

// spec §4 Realtime: per-table changes
describe('a subscription to one table', () => {
  it('gets A\'s changes of that table only', async () => {
    const only: Change[] = [];
    const c = A.client;
    await subscribe(c, only, 'webshop_customer_questionnaire');
    const q = must(await A.client.from('webshop_customer_questionnaire').insert({ weight: 60, size: 160 }).select().single(), 'questionnaire');
    must(await A.client.from('webshop_customer_order_defaults').insert({ probon: true }).select().single(), 'defaults');
    await expect.poll(() => only.find((ch) => ch.new.id === q.id), { timeout: 5000 }).toBeDefined();
    await sleep(QUIET_MS);
    expect(only.map((ch) => ch.table)).toEqual(['webshop_customer_questionnaire']);
  });
});
