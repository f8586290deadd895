// The pull (docs/architecture.md, 1 Pull; spec §7 Data service): the signed-in patient's
// customer record, order tree, the medications of their prescriptions and the insurer list,
// fetched from the local stack as the patient and written into a fresh Dexie mirror
// (fake-indexeddb). A later pull replaces what changed or vanished on the server; the
// sign-out wipe leaves every store empty.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerRecord, Order } from '../../src/domain/entities';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { META } from '../../src/data/local/mirror-schema';
import { claimMirror } from '../../src/data/local/mirror-owner';
import { wipeMirror } from '../../src/data/local/wipe';
import { lastPullAt, pullAll, pullCustomer, pullMedications, pullOrders } from '../../src/data/pull/pull';
import { latestById } from '../../src/domain/latest-by-id';
import { saveAddress } from '../../src/data/outbox/commands';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { insertOrder, must, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';

let A: Patient;
let B: Patient;
let codes: number[];
let db: LocalDb;
let order: { id: number };
let child: { id: number };

const ids = (list: readonly { id: number }[] | null | undefined) => (list ?? []).map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Pia'), patientWithProfile('Bruno')]);
  codes = await pharmacodes(4);
  await prescribe(A.userId, codes[0]!);
  await prescribe(A.userId, codes[1]!, { expiresInDays: -3 });
  await prescribe(B.userId, codes[3]!);
  ({ order } = await insertOrder(A.userId, codes[0]!, 2));
  const svc = serviceClient();
  child = must(await svc.from('webshop_order').insert({ customer_id: A.userId, parent: order.id, status: 98, delivery_nr: '99.00.123456.12345678', delivery_method: 1 }).select().single(), 'child order') as { id: number };
  must(await svc.from('webshop_order_item').insert({ order_id: child.id, pharmacode: codes[2], amount: 1 }).select().single(), 'child item');
  await insertOrder(B.userId, codes[3]!);
  db = openLocalDb(`pull-${randomUUID()}`);
  await claimMirror(db, A.userId);
});

afterAll(() => db?.close());

/** Patient A's client, telling `seen` the address of every request it sends to the stack. */
const recordingClient = (seen: (url: URL) => void) =>
  anonClient({
    global: {
      headers: { Authorization: `Bearer ${A.accessToken}` },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        seen(new URL(input instanceof Request ? input.url : String(input)));
        return fetch(input, init);
      },
    },
  });

describe('pullAll', () => {
  it('writes the customer with its nested tables, the order tree, the medications and the insurers', async () => {
    const report = await pullAll(A.client, db, A.userId);
    expect(report).toMatchObject({ ok: true, errors: {} });

    const customer = (await db.customers.get(A.userId)) as CustomerRecord;
    expect(customer).toMatchObject({ id: A.userId, first_name: 'Pia', last_name: 'Muster' });
    expect(ids(customer.webshop_customer_address)).toEqual([A.profile.address.id]);
    expect(ids(customer.webshop_customer_insurance)).toEqual([A.profile.insurance.id]);
    expect(customer.webshop_customer_insurance?.[0]).toMatchObject({ insurance_name: 'CSS' });
    expect(ids(customer.webshop_customer_questionnaire)).toEqual([A.profile.questionnaire.id]);
    expect(ids(customer.webshop_customer_order_defaults)).toEqual([A.profile.orderDefaults.id]);
    expect(ids(customer.webshop_customer_additional_info)).toEqual([A.profile.additionalInfo.id]);
    expect(customer.webshop_customer_medication?.map((p) => p.medication_id).sort()).toEqual([codes[0], codes[1]].sort());

    // only the top-level order of A (not the child, not B's), with its items and the child with its item
    const orders = (await db.orders.toArray()) as Order[];
    expect(orders.map((o) => o.id)).toEqual([order.id]);
    expect(orders[0]).toMatchObject({ customer_id: A.userId, parent: null, status: 0 });
    expect(orders[0]!.webshop_order_item).toEqual([expect.objectContaining({ pharmacode: codes[0], amount: 2 })]);
    expect(orders[0]!.children).toEqual([
      expect.objectContaining({ id: child.id, parent: order.id, status: 98, delivery_method: 1, webshop_order_item: [expect.objectContaining({ pharmacode: codes[2], amount: 1 })] }),
    ]);

    // prescriptions (active and expired), the ordered items and the questionnaire's other medication
    const meds = await db.medications.toArray();
    const external = (A.profile.questionnaire.external_medications as number[]).filter((c) => meds.some((m) => m.pharmacode === c));
    expect(meds.map((m) => m.pharmacode).sort()).toEqual([codes[0], codes[1], codes[2], ...external].sort());
    const first = meds.find((m) => m.pharmacode === codes[0])!;
    expect(first.dscrd).toEqual(expect.any(String));
    expect(first.pharmindex_prices).toEqual({ price: expect.any(Number) });
    expect(first).toHaveProperty('pharmindex_images');
    expect(first.pharmindex_product).toEqual({ dose: expect.toBeOneOf([expect.any(String), null]), doseu: expect.toBeOneOf([expect.any(String), null]) });

    // spec §7 compendium: the patient information of the prescribed products (originals: a text
    // in both languages), kept so /prescriptions reads it offline; not of the ordered-only item
    const texts = await db.patientInformation.toArray();
    const prescribedPrdnos = meds.filter((m) => m.pharmacode === codes[0] || m.pharmacode === codes[1]).map((m) => m.prdno);
    expect(texts.map((t) => t.prdno).sort()).toEqual([...new Set(prescribedPrdnos)].sort());
    for (const t of texts) expect(t).toEqual({ prdno: expect.any(Number), content_de: expect.stringContaining('Was ist'), content_fr: expect.stringContaining('Qu') });

    // deduplicated and sorted (pharmindex_insurance descr1 repeats)
    const insurers = (await db.insurers.toArray()).map((r) => r.name);
    expect(insurers.length).toBeGreaterThan(3);
    expect(new Set(insurers).size).toBe(insurers.length);

    expect(await lastPullAt(db)).toEqual(expect.any(Number));
    expect(await db.meta.get(META.pulledAt('orders'))).toMatchObject({ value: expect.any(Number) });
  });

  it('a second pull after server-side changes replaces the stored state', async () => {
    const svc = serviceClient();
    expect((await svc.from('webshop_customer_address').update({ city: 'Winterthur' }).eq('id', A.profile.address.id)).error).toBeNull();
    const added = await prescribe(A.userId, codes[3]!);
    expect((await svc.from('webshop_order').update({ status: 90 }).eq('id', child.id)).error).toBeNull();

    expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
    const customer = (await db.customers.get(A.userId))!;
    expect(customer.webshop_customer_address?.[0]?.city).toBe('Winterthur');
    expect(ids(customer.webshop_customer_medication)).toContain(added.id);
    expect((await db.orders.get(order.id))?.children?.[0]?.status).toBe(90);
    expect(await db.medications.get(codes[3]!)).toBeDefined();
    const prdno = (await db.medications.get(codes[3]!))!.prdno!;
    expect(await db.patientInformation.get(prdno)).toMatchObject({ prdno, content_de: expect.any(String) });
  });

  it('a pull that brings what the mirror holds writes nothing; one change on the server writes that row alone', async () => {
    // a returning patient's first pull: every row put, even an equal one, makes each live read of its store read again
    const svc = serviceClient();
    expect((await svc.from('patient_plan_settings').upsert({ customer_id: A.userId, morning_time: '07:30' }, { onConflict: 'customer_id' })).error).toBeNull();
    expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
    expect((await db.rows.where('[table+customer_id]').equals(['patient_plan_settings', A.userId]).toArray()).map((r) => r.row)).toMatchObject([{ morning_time: '07:30' }]);

    const writes: string[] = [];
    const watched = [db.customers, db.orders, db.medications, db.patientInformation, db.insurers, db.rows] as const;
    const kinds = ['creating', 'updating', 'deleting'] as const;
    const listeners = watched.flatMap((table) => kinds.map((kind) => ({ table, kind, listener: () => void writes.push(`${table.name} ${kind}`) })));
    for (const { table, kind, listener } of listeners) table.hook(kind).subscribe(listener);
    try {
      expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
      expect(writes).toEqual([]);

      expect((await svc.from('webshop_order').update({ status: 100 }).eq('id', child.id)).error).toBeNull();
      expect((await svc.from('patient_plan_settings').update({ morning_time: '07:45' }).eq('customer_id', A.userId)).error).toBeNull();
      expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
      expect(writes.sort()).toEqual(['orders updating', 'rows updating']);
      expect((await db.orders.get(order.id))?.children?.[0]?.status).toBe(100);

      // a row gone on the server goes from the mirror, and nothing else is touched
      writes.length = 0;
      expect((await svc.from('patient_plan_settings').delete().eq('customer_id', A.userId)).error).toBeNull();
      expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
      expect(writes).toEqual(['rows deleting']);
      expect(await db.rows.where('[table+customer_id]').equals(['patient_plan_settings', A.userId]).count()).toBe(0);
    } finally {
      for (const { table, kind, listener } of listeners) table.hook(kind).unsubscribe(listener);
    }
  });

  it('a prescribed product without patient information is kept as such (the dialog says so offline), and a product no longer prescribed loses its text', async () => {
    const svc = serviceClient();
    const sandoz = must(await svc.from('pharmindex').select('pharmacode, prdno').like('dscrd', '% Sandoz %').eq('nincd', 10).order('pharmacode').limit(1).single(), 'a Sandoz generic') as { pharmacode: number; prdno: number };
    const rx = await prescribe(A.userId, Number(sandoz.pharmacode));
    expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
    expect(await db.patientInformation.get(Number(sandoz.prdno))).toEqual({ prdno: Number(sandoz.prdno), content_de: null, content_fr: null });

    expect((await svc.from('webshop_customer_medication').delete().eq('id', rx.id)).error).toBeNull();
    expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
    expect(await db.patientInformation.get(Number(sandoz.prdno))).toBeUndefined();
  });

  it('an order deleted on the server vanishes locally; a new one appears, newest first in the set', async () => {
    const { order: newer } = await insertOrder(A.userId, codes[0]!, 1);
    expect((await pullOrders(A.client, db, A.userId)).ok).toBe(true);
    expect((await db.orders.toArray()).map((o) => o.id).sort()).toEqual([order.id, newer.id].sort());

    expect((await serviceClient().from('webshop_order').delete().eq('id', order.id)).error).toBeNull();
    expect((await pullOrders(A.client, db, A.userId)).ok).toBe(true);
    expect((await db.orders.toArray()).map((o) => o.id)).toEqual([newer.id]);
  });

  it('an order placed through the outbox stays while its entry waits, and goes once the server has it', async () => {
    const key = randomUUID();
    const pending = { id: 2 ** 50 + 1, created_at: new Date().toISOString(), customer_id: A.userId, parent: null, status: 0, children: [], webshop_order_item: [], delivery_nr: null, delivery_method: null, comment: null, pending: true, outbox_id: key };
    await db.orders.put(pending);
    await db.outbox.add({ id: key, customer_id: A.userId, kind: 'test.pending', payload: {}, status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: Date.now() });
    await pullOrders(A.client, db, A.userId, { overlay: null });
    expect(await db.orders.get(pending.id)).toMatchObject({ pending: true, outbox_id: key });

    // the server got it (same idempotency key): the local copy goes
    must(await serviceClient().from('webshop_order').insert({ customer_id: A.userId, status: 0, idempotency_key: key }).select().single(), 'replayed order');
    await pullOrders(A.client, db, A.userId, { overlay: null });
    expect(await db.orders.get(pending.id)).toBeUndefined();
    expect((await db.orders.toArray()).some((o) => o.idempotency_key === key)).toBe(true);
    await db.outbox.clear();
  });

  it('pending outbox edits go on top: the overlay runs inside the write, after the server rows', async () => {
    const overlay = vi.fn(async (d: LocalDb, customerId: string, area: string) => {
      if (area === 'customer') await d.customers.update(customerId, { first_name: 'Pending' });
    });
    expect((await pullCustomer(A.client, db, A.userId, { overlay })).ok).toBe(true);
    expect(overlay).toHaveBeenCalledWith(db, A.userId, 'customer');
    expect((await db.customers.get(A.userId))?.first_name).toBe('Pending');
    // the outbox's own overlay (the default) with nothing pending leaves the server's state
    await pullCustomer(A.client, db, A.userId);
    expect((await db.customers.get(A.userId))?.first_name).toBe('Pia');
  });

  it('an address edit waiting in the outbox stays on top of every pull until it is sent', async () => {
    const ctx = { db, newId: () => randomUUID(), now: Date.now, appended: () => {} };
    const queued = await saveAddress(ctx, A.userId, { street: 'Seeweg', street_nr: '4', address2: null, zip: '6000', city: 'Luzern', phone: '0411234567' });
    expect(queued.ok).toBe(true);
    const city = async () => latestById((await db.customers.get(A.userId))?.webshop_customer_address)?.city;
    expect(await city()).toBe('Luzern');
    expect((await pullAll(A.client, db, A.userId)).ok).toBe(true);
    expect(await city()).toBe('Luzern');
    // sent (here: dropped): the next pull shows the server's state again
    await db.outbox.clear();
    await pullCustomer(A.client, db, A.userId);
    expect(await city()).toBe('Winterthur');
  });

  it('a patient without a profile: no customer row, no orders; a pull failure leaves the mirror as it was', async () => {
    const fresh = await patientWithProfile('Tmp');
    const other = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(other, fresh.userId);
    expect((await serviceClient().from('webshop_customers').delete().eq('id', fresh.userId)).error).toBeNull();
    expect((await pullAll(fresh.client, other, fresh.userId)).ok).toBe(true);
    expect(await other.customers.count()).toBe(0);
    expect(await other.orders.count()).toBe(0);
    expect(await other.meta.get(META.pulledAt('customer'))).toBeDefined();

    await fresh.client.auth.signOut();
    const before = await db.customers.get(A.userId);
    const report = await pullAll(fresh.client, db, A.userId); // anon: customer and orders refused
    expect(report.errors).toMatchObject({ customer: 'failed', orders: 'failed' });
    expect(await db.customers.get(A.userId)).toEqual(before);
    other.close();
  });
});

// issue 36: on a new device the plan's rows were named by a placeholder, then grew when the
// names came with the medications' pull a moment later (a layout shift of the first dashboard)
describe("the customer's pull brings the names of what the record prescribes", () => {
  it('a fresh mirror holds the prescribed medications the moment it holds the record', async () => {
    const fresh = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(fresh, A.userId);
    expect(await pullCustomer(A.client, fresh, A.userId)).toEqual({ ok: true, value: 'written' });
    const record = (await fresh.customers.get(A.userId)) as CustomerRecord;
    const prescribed = (record.webshop_customer_medication ?? []).map((p) => Number(p.medication_id)).sort();
    expect(prescribed).toEqual(expect.arrayContaining([codes[0], codes[1]]));
    expect((await fresh.medications.bulkGet(prescribed)).map((m) => m?.pharmacode)).toEqual(prescribed);
    // an order's product is not the record's: it comes with the orders' and medications' pulls
    expect(await fresh.medications.get(codes[2]!)).toBeUndefined();
    fresh.close();
  });

  it('asks only for what the mirror lacks: once the details are there, the record comes alone', async () => {
    const asked: string[] = [];
    const recording = recordingClient((url) => asked.push(url.pathname));
    const fresh = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(fresh, A.userId);
    await pullCustomer(recording as never, fresh, A.userId);
    expect(asked).toEqual(['/rest/v1/webshop_customers', '/rest/v1/pharmindex']);
    asked.length = 0;
    await pullCustomer(recording as never, fresh, A.userId);
    expect(asked).toEqual(['/rest/v1/webshop_customers']);
    fresh.close();
  });
});

// the reload after a realtime event (pull-engine.ts): the mirror's keys tell what is missing
describe("the medications' reload asks only for what the mirror lacks", () => {
  it('nothing when it holds every detail and text; a dropped medication alone, a dropped text alone', async () => {
    const asked: string[] = [];
    const recording = recordingClient((url) => asked.push(`${url.pathname}?${decodeURIComponent(url.search)}`)) as never;
    const fresh = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(fresh, A.userId);
    expect((await pullAll(A.client, fresh, A.userId)).ok).toBe(true);
    const [held, texts] = await Promise.all([fresh.medications.toCollection().primaryKeys(), fresh.patientInformation.toCollection().primaryKeys()]);
    expect([held.length > 1, texts.length > 0]).toEqual([true, true]);
    const dropped = Number(held[0]);

    expect(await pullMedications(recording, fresh, A.userId, { onlyMissing: true })).toEqual({ ok: true, value: 'written' });
    expect(asked).toEqual([]);

    // one medication the mirror needs and the text of a prescribed product
    await fresh.medications.delete(dropped);
    await fresh.patientInformation.delete(Number(texts[0]));
    expect(await pullMedications(recording, fresh, A.userId, { onlyMissing: true })).toEqual({ ok: true, value: 'written' });
    expect(asked.map((a) => a.split('?')[0])).toEqual(['/rest/v1/pharmindex', '/rest/v1/pharmindex_compendium_product']);
    expect(asked[0]).toContain(`pharmacode=in.(${dropped})`);
    expect(asked[1]).toContain(`.(${Number(texts[0])})`);
    expect(await fresh.medications.get(dropped)).toMatchObject({ pharmacode: dropped });
    expect(await fresh.patientInformation.get(Number(texts[0]))).toMatchObject({ prdno: Number(texts[0]) });
    fresh.close();
  });
});

// docs/performance.md: a pull read the customer's stored orders three times (to compare them, and
// twice for the pharmacodes they hold); the write of the orders now notes those pharmacodes
describe("the medications' pull follows the orders' note of their pharmacodes", () => {
  beforeAll(async () => {
    // an order whose part holds a product nothing else names (the tests above deleted the first one)
    const { order: parent } = await insertOrder(A.userId, codes[0]!, 1);
    const svc = serviceClient();
    const part = must(await svc.from('webshop_order').insert({ customer_id: A.userId, parent: parent.id, status: 98, delivery_nr: '99.00.123456.12345679', delivery_method: 1 }).select().single(), 'part') as { id: number };
    must(await svc.from('webshop_order_item').insert({ order_id: part.id, pharmacode: codes[2], amount: 1 }).select().single(), 'part item');
  });

  it('a returning pull reads the stored orders once, to compare them; the medications ask for what the note names', async () => {
    const fresh = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(fresh, A.userId);
    expect((await pullAll(A.client, fresh, A.userId)).ok).toBe(true);
    const stored = await fresh.orders.count();
    expect(stored).toBeGreaterThan(0);
    // every ordered item's pharmacode, the parts' too (the child order's item: codes[2])
    const noted = (await fresh.meta.get(META.orderPharmacodes))?.value as number[];
    expect(noted).toContain(codes[2]);
    expect(noted).toEqual([...noted].sort((a, b) => a - b));

    let read = 0;
    const reading = (order: unknown) => {
      read += 1;
      return order;
    };
    fresh.orders.hook('reading').subscribe(reading);
    try {
      expect((await pullAll(A.client, fresh, A.userId)).ok).toBe(true);
      expect(read).toBe(stored);
    } finally {
      fresh.orders.hook('reading').unsubscribe(reading);
    }
    // the details of every ordered product are still there
    expect(await fresh.medications.get(codes[2]!)).toMatchObject({ pharmacode: codes[2] });
    fresh.close();
  });

  it("a medication only an order of the outbox names is kept though the note lacks it, and goes with that order", async () => {
    const fresh = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(fresh, A.userId);
    expect((await pullAll(A.client, fresh, A.userId)).ok).toBe(true);
    const [extra] = (await pharmacodes(12)).filter((c) => !codes.includes(c));
    const known = (await fresh.medications.get(codes[0]!))!;
    // placed offline (outbox/apply.ts puts such an order), for a product no prescription names
    const placed = { id: 2 ** 50 + 7, created_at: new Date().toISOString(), customer_id: A.userId, parent: null, status: 0, children: [], webshop_order_item: [{ id: 2 ** 50 + 8, order_id: 2 ** 50 + 7, pharmacode: extra!, amount: 1 }], delivery_nr: null, delivery_method: null, comment: null, pending: true, outbox_id: randomUUID() };
    await fresh.orders.put(placed as never);
    await fresh.medications.put({ ...known, pharmacode: extra! });
    expect((await fresh.meta.get(META.orderPharmacodes))?.value).not.toContain(extra);

    expect((await pullMedications(A.client, fresh, A.userId)).ok).toBe(true);
    expect(await fresh.medications.get(extra!)).toMatchObject({ pharmacode: extra });

    await fresh.orders.delete(placed.id);
    expect((await pullMedications(A.client, fresh, A.userId)).ok).toBe(true);
    expect(await fresh.medications.get(extra!)).toBeUndefined();
    fresh.close();
  });

  it('a mirror without the note (written before it existed) reads the orders for their pharmacodes', async () => {
    const fresh = openLocalDb(`pull-${randomUUID()}`);
    await claimMirror(fresh, A.userId);
    expect((await pullAll(A.client, fresh, A.userId)).ok).toBe(true);
    await fresh.meta.delete(META.orderPharmacodes);
    await fresh.medications.delete(codes[2]!);
    expect((await pullMedications(A.client, fresh, A.userId, { onlyMissing: true })).ok).toBe(true);
    expect(await fresh.medications.get(codes[2]!)).toMatchObject({ pharmacode: codes[2] });
    fresh.close();
  });
});

describe('sign-out wipe', () => {
  it('empties every store; a pull answering afterwards writes nothing (the mirror has no owner)', async () => {
    await db.drafts.put({ customer_id: A.userId, draft: { medications: {}, address: null, comment: null } });
    await db.outbox.add({ id: randomUUID(), customer_id: A.userId, kind: 'test.pending', payload: {}, status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: Date.now() });
    // a row of a synced table mirrored apart (the pull of this patient brings none)
    await db.rows.put({ table: 'test_rows', key: '1', customer_id: A.userId, row: { id: 1 } });
    for (const table of db.tables.filter((t) => !['outbox', 'drafts', 'rows'].includes(t.name))) expect(await table.count(), table.name).toBeGreaterThan(0);

    const late = pullAll(A.client, db, A.userId);
    await wipeMirror(db);
    await late;
    for (const table of db.tables) expect(await table.count(), table.name).toBe(0);
  });

  it('another user claiming the mirror wipes the previous user\'s data first', async () => {
    await claimMirror(db, A.userId);
    await pullAll(A.client, db, A.userId);
    expect(await db.customers.count()).toBe(1);
    expect(await claimMirror(db, B.userId)).toBe(true);
    expect(await db.customers.count()).toBe(0);
    expect(await db.orders.count()).toBe(0);
    await pullAll(B.client, db, B.userId);
    expect((await db.customers.toArray()).map((c) => c.id)).toEqual([B.userId]);
    expect((await db.orders.toArray()).every((o) => o.customer_id === B.userId)).toBe(true);
  });
});
