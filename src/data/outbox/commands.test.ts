// The local half of every write (spec §7 Data service, webshopOrder): one transaction puts the
// change into the mirror and appends the outbox entry; nothing waits for the network.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRecord } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';
import { readInsurance } from '../../domain/insurance';
import { setupFlags } from '../../domain/setup-state';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { applyPendingToMirror } from './apply';
import {
  acceptGenerics,
  cancelOrder,
  placeOrder,
  resetSendMethod,
  saveAddress,
  saveBaseData,
  saveCustomerLanguage,
  saveInsurance,
  saveOrderDefaults,
  saveQuestionnaire,
  saveSendMethod,
  setSendAsap,
  type OutboxContext,
} from './commands';
import { isTempId, TEMP_ID_BASE } from '../local/temp-ids';
import type { TypedOutboxEntry } from './kinds';
import { discardEntry, retryEntry } from './entry-commands';

const CID = '6d9a4a7e-1111-4c3b-9d7e-000000000001';
const ADDRESS = { street: 'Bahnhofstrasse', street_nr: '12', address2: null, zip: '8500', city: 'Frauenfeld', phone: '0791234567' };
const SERVER: CustomerRecord = {
  id: CID,
  first_name: 'Anna',
  last_name: 'Muster',
  gender: 2,
  birthday: '1970-05-17',
  language: 'de',
  webshop_customer_address: [{ id: 7, customer_id: CID, ...ADDRESS }],
  webshop_customer_order_defaults: [{ id: 3, customer_id: CID, generic: false, substitute: true, probon: true, get_invoice: false, comment: 'Bitte klingeln' }],
  webshop_customer_additional_info: [
    { id: 9, customer_id: CID, prescription_send_method: 'post', prescription_location: null, send_asap: null, send_all: true, description: null, doc_name: 'Dr. A', cpg_name: 'Praxis', handled: true },
  ],
};

let db: LocalDb;
let ctx: OutboxContext;
let appended: ReturnType<typeof vi.fn<() => void>>;
let n = 0;

beforeEach(() => {
  db = openLocalDb(`commands-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  appended = vi.fn<() => void>();
  ctx = { db, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, now: () => 1_700_000_000_000, appended };
});
afterEach(() => db.delete());

const entries = () => db.outbox.orderBy('seq').toArray() as Promise<TypedOutboxEntry[]>;
const record = async () => (await db.customers.get(CID))!;

describe('upserts of the customer record', () => {
  it('an address edit updates the latest stored row by its id, in the mirror at once', async () => {
    await db.customers.put(SERVER);
    const res = await saveAddress(ctx, CID, { ...ADDRESS, street_nr: '14' });
    expect(res).toEqual({ ok: true, value: { outboxId: expect.any(String), recordId: 7 } });
    expect((await record()).webshop_customer_address).toEqual([{ id: 7, customer_id: CID, ...ADDRESS, street_nr: '14' }]);
    expect(await entries()).toEqual([
      expect.objectContaining({ kind: 'row.update', customer_id: CID, status: 'pending', attempts: 0, nextAttemptAt: 0, payload: { table: 'webshop_customer_address', id: 7, fields: { ...ADDRESS, street_nr: '14' } } }),
    ]);
    expect(appended).toHaveBeenCalledTimes(1);
  });

  it('a stored questionnaire spread into the fields sends no created_at: the server keeps it (issue 37 item 6)', async () => {
    const stored = { id: 5, customer_id: CID, weight: 70, size: 170, created_at: '2026-01-01T00:00:00Z' };
    await db.customers.put({ ...SERVER, webshop_customer_questionnaire: [stored as never] });
    const { id: _id, customer_id: _c, ...fields } = stored;
    await saveQuestionnaire(ctx, CID, { ...fields, weight: 71 } as never);
    const [entry] = await entries();
    expect(entry?.kind === 'call' ? null : entry?.payload.fields).toEqual({ weight: 71, size: 170 });
  });

  it('without a stored row: a temporary id above every server id, so the new row is the latest; a second edit names it again', async () => {
    const first = await saveAddress(ctx, CID, ADDRESS);
    const second = await saveAddress(ctx, CID, { ...ADDRESS, city: 'Wil' });
    const id = first.ok ? first.value.recordId : 0;
    expect(isTempId(id)).toBe(true);
    expect(second.ok && second.value.recordId).toBe(id);
    expect((await record()).webshop_customer_address).toEqual([{ id, customer_id: CID, ...ADDRESS, city: 'Wil' }]);
    expect(setupFlags(await record()).hasAddress).toBe(true);
  });

  it('base data only while no first name is stored (personal data, spec §3)', async () => {
    const fields = { first_name: 'Berta', last_name: 'Beispiel', gender: 2 as const, birthday: '1980-01-01' };
    expect((await saveBaseData(ctx, CID, fields)).ok).toBe(true);
    expect(await record()).toMatchObject(fields);
    expect(await saveBaseData(ctx, CID, { ...fields, first_name: 'Other' })).toEqual({ ok: false, error: 'personal_data_locked' });
    expect(await entries()).toHaveLength(1);
    expect(appended).toHaveBeenCalledTimes(1);
  });

  // spec §3 webshop_customers.language: written from the row's start, and alone afterwards
  it('base data carry the language when the row has another (or none); the language alone is an upsert, also on a locked profile', async () => {
    const fields = { first_name: 'Berta', last_name: 'Beispiel', gender: 2 as const, birthday: '1980-01-01' };
    expect((await saveBaseData(ctx, CID, fields, 'fr')).ok).toBe(true);
    expect(await record()).toMatchObject({ ...fields, language: 'fr' });
    expect(await saveCustomerLanguage(ctx, CID, 'fr')).toEqual({ ok: false, error: 'unchanged' });
    expect((await saveCustomerLanguage(ctx, CID, 'de')).ok).toBe(true);
    expect(await record()).toMatchObject({ ...fields, language: 'de' });
    expect((await entries()).map((e) => [e.kind, e.payload])).toEqual([
      ['row.upsert', { table: 'webshop_customers', id: CID, fields: { ...fields, language: 'fr' } }],
      ['row.upsert', { table: 'webshop_customers', id: CID, fields: { language: 'de' } }],
    ]);
  });

  it('the language of a patient without a customer row yet makes the row (no profile: the onboarding still shows)', async () => {
    expect((await saveCustomerLanguage(ctx, CID, 'fr')).ok).toBe(true);
    expect(await record()).toMatchObject({ id: CID, first_name: null, language: 'fr' });
    expect(setupFlags(await record()).hasProfile).toBe(false);
    const fields = { first_name: 'Berta', last_name: 'Beispiel', gender: 2 as const, birthday: '1980-01-01' };
    expect((await saveBaseData(ctx, CID, fields, 'fr')).ok).toBe(true);
    expect((await entries()).at(-1)?.payload).toEqual({ table: 'webshop_customers', id: CID, fields });
  });

  it('insurance shows in both name forms; the questionnaire gets its BMI', async () => {
    await saveInsurance(ctx, CID, { insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '1', additional_insurance: null, additional_insurance_nr: null });
    expect(readInsurance(latestById((await record()).webshop_customer_insurance)!)).toMatchObject({ insurance_name: 'CSS', insurance_nr: '80756012340012345678' });
    const q = { weight: 70, size: 175, d_diabetes: false, d_high_bp: false, d_liver: false, d_blood_clotting: false, d_kidney: false, d_bronchi: false, d_others: null, a_penicillin: false, a_sulfonamide: false, a_asa: false, a_other: null, external_medications: [] };
    await saveQuestionnaire(ctx, CID, q);
    expect(latestById((await record()).webshop_customer_questionnaire)).toMatchObject({ weight: 70, bmi: 22.9 });
  });

  it('order defaults are a new row each time; accepting generics copies the latest with generic true', async () => {
    await db.customers.put(SERVER);
    await saveOrderDefaults(ctx, CID, { generic: false, substitute: false, probon: true, get_invoice: true });
    await acceptGenerics(ctx, CID);
    const rows = (await record()).webshop_customer_order_defaults!;
    expect(rows).toHaveLength(3);
    expect(latestById(rows)).toMatchObject({ generic: true, substitute: false, probon: true, get_invoice: true });
    expect((await entries()).map((e) => [e.kind, (e.payload as { table: string }).table])).toEqual([
      ['row.insert', 'webshop_customer_order_defaults'],
      ['row.insert', 'webshop_customer_order_defaults'],
    ]);
  });

  it('send method: upsert of the latest info (a new method resets handled), send_asap only, reset deletes it', async () => {
    expect(await setSendAsap(ctx, CID, true)).toEqual({ ok: false, error: 'no_send_method' });
    await db.customers.put(SERVER);
    await saveSendMethod(ctx, CID, { prescription_send_method: 'espace', prescription_location: 'p1', send_all: true, description: null, doc_name: null, cpg_name: null });
    expect(latestById((await record()).webshop_customer_additional_info)).toMatchObject({ id: 9, prescription_send_method: 'espace', handled: false });
    await setSendAsap(ctx, CID, false);
    expect(latestById((await record()).webshop_customer_additional_info)).toMatchObject({ id: 9, send_asap: false });
    await resetSendMethod(ctx, CID);
    expect((await record()).webshop_customer_additional_info).toEqual([]);
    expect((await entries()).map((e) => [e.kind, e.payload])).toEqual([
      ['row.update', { table: 'webshop_customer_additional_info', id: 9, fields: { prescription_send_method: 'espace', prescription_location: 'p1', send_all: true, description: null, doc_name: null, cpg_name: null } }],
      ['row.update', { table: 'webshop_customer_additional_info', id: 9, fields: { send_asap: false } }],
      ['row.delete', { table: 'webshop_customer_additional_info', id: 9 }],
    ]);
  });
});

describe('placeOrder', () => {
  it('builds the webshopOrder body from the mirror, shows a pending order at once and resets the draft', async () => {
    await db.customers.put(SERVER);
    await db.drafts.put({ customer_id: CID, draft: { medications: { '1234567': 2 }, address: null, comment: null } });
    const res = await placeOrder(ctx, CID, { medications: { '1234567': 2 }, address: null, comment: null });
    expect(res.ok).toBe(true);
    const { outboxId, recordId } = res.ok ? res.value : { outboxId: '', recordId: 0 };
    expect(await db.orders.get(recordId!)).toMatchObject({ pending: true, outbox_id: outboxId, status: 0, parent: null, webshop_order_item: [{ pharmacode: 1234567, amount: 2 }] });
    expect(await db.drafts.get(CID)).toBeUndefined();
    const [entry] = await entries();
    expect(entry).toMatchObject({
      id: outboxId,
      kind: 'call',
      payload: { name: 'webshopOrder', id: recordId, body: { p_customer_id: CID, p_medications: { '1234567': 2 }, p_street: 'Bahnhofstrasse', p_zip: '8500', p_comment: 'Bitte klingeln', p_substitute: true, p_probon: true } },
    });
  });

  it('an empty draft or a missing address is refused, nothing stored', async () => {
    expect(await placeOrder(ctx, CID, { medications: {}, address: null, comment: null })).toEqual({ ok: false, error: 'order.emptySelection' });
    expect(await placeOrder(ctx, CID, { medications: { '1': 1 }, address: null, comment: null })).toEqual({ ok: false, error: 'order.addressMissing' });
    expect(await entries()).toEqual([]);
    expect(appended).not.toHaveBeenCalled();
  });
});

describe('applyPendingToMirror (after a pull)', () => {
  it('puts pending edits back on top of the pulled record and drops pending orders whose entry is gone', async () => {
    await db.customers.put(SERVER);
    await saveAddress(ctx, CID, { ...ADDRESS, city: 'Wil' });
    const order = await placeOrder(ctx, CID, { medications: { '5': 1 }, address: null, comment: null });
    await db.orders.put({ id: TEMP_ID_BASE + 999, customer_id: CID, parent: null, status: 0, created_at: '', delivery_nr: null, delivery_method: null, comment: null, pending: true });
    await db.customers.put(SERVER); // the pull wrote the server's record
    await applyPendingToMirror(db, CID);
    expect((await record()).webshop_customer_address).toEqual([{ id: 7, customer_id: CID, ...ADDRESS, city: 'Wil' }]);
    expect((await db.orders.toArray()).map((o) => o.id)).toEqual([order.ok ? order.value.recordId : 0]);
  });
});

describe('an order sent whose answer was lost', () => {
  it('once the server\'s order with its key is in the mirror, the overlay shows it once, not again as waiting', async () => {
    await db.customers.put(SERVER);
    const placed = await placeOrder(ctx, CID, { medications: { '5': 1 }, address: null, comment: null });
    const { outboxId, recordId } = placed.ok ? placed.value : { outboxId: '', recordId: 0 };
    // the pull wrote the server's order (it carries the entry id as its idempotency key) while the entry still waits
    await db.orders.delete(recordId!);
    await db.orders.put({ id: 240100, customer_id: CID, parent: null, status: 0, created_at: '2026-03-01T10:00:00Z', delivery_nr: null, delivery_method: null, comment: null, idempotency_key: outboxId });
    await applyPendingToMirror(db, CID);
    expect((await db.orders.toArray()).map((o) => [o.id, o.pending ?? false])).toEqual([[240100, false]]);
    expect((await entries()).map((e) => e.id)).toEqual([outboxId]);
  });
});

describe('cancelOrder', () => {
  const stored = (id: number, status: number, extra: object = {}) => ({
    id, customer_id: CID, parent: null, status, created_at: '2026-03-01T10:00:00Z', delivery_nr: null, delivery_method: null, comment: null, ...extra,
  });

  it('an open order shows as canceled at once, its partial deliveries too; the entry calls cancel_order with its id', async () => {
    await db.orders.put(stored(240001, 0, { children: [stored(240002, 0, { parent: 240001 })] }));
    const res = await cancelOrder(ctx, CID, 240001);
    expect(res).toEqual({ ok: true, value: { outboxId: expect.any(String), recordId: 240001 } });
    expect(await db.orders.get(240001)).toMatchObject({ status: 99, children: [{ id: 240002, status: 99 }] });
    expect(await entries()).toEqual([expect.objectContaining({ kind: 'call', status: 'pending', payload: { name: 'cancel_order', id: 240001, body: { p_order_id: 240001 } } })]);
    expect(appended).toHaveBeenCalledTimes(1);
    // a pull bringing status 0 again while the cancel waits: the overlay keeps it canceled
    await db.orders.put(stored(240001, 0, { children: [stored(240002, 0, { parent: 240001 })] }));
    await applyPendingToMirror(db, CID);
    expect(await db.orders.get(240001)).toMatchObject({ status: 99, children: [{ status: 99 }] });
  });

  it.each([
    ['started by the pharmacy', stored(240003, 1), 'order_started'],
    ['a partial delivery started', stored(240003, 0, { children: [stored(240004, 2, { parent: 240003 })] }), 'order_started'],
    ['canceled already', stored(240003, 99), 'unchanged'],
    ['another patient\'s', stored(240003, 0, { customer_id: 'someone-else' }), 'order_not_found'],
    ['a partial delivery itself', stored(240003, 0, { parent: 240001 }), 'order_not_found'],
    ['placed on this device, not sent yet', stored(240003, 0, { pending: true }), 'order_not_sent'],
  ])('refused on this device when the order is %s', async (_, order, code) => {
    await db.orders.put(order);
    expect(await cancelOrder(ctx, CID, 240003)).toEqual({ ok: false, error: code });
    expect(await db.orders.get(240003)).toEqual(order);
    expect(await entries()).toEqual([]);
  });

  it('refused for an order the mirror does not hold', async () => {
    expect(await cancelOrder(ctx, CID, 999)).toEqual({ ok: false, error: 'order_not_found' });
    expect(appended).not.toHaveBeenCalled();
  });
});

describe('discard and retry', () => {
  it('retry puts a rejected entry back at the end of the line (same id); discard drops it and its pending order', async () => {
    await db.customers.put(SERVER);
    const order = await placeOrder(ctx, CID, { medications: { '5': 1 }, address: null, comment: null });
    await saveAddress(ctx, CID, ADDRESS);
    const [first] = await entries();
    await db.outbox.update(first!.seq!, { status: 'rejected', attempts: 1, lastError: { code: 'not_prescribed', message: '', status: 422 } });
    await db.orders.clear();

    expect(await retryEntry(first!.id, db)).toBe(true);
    const after = await entries();
    expect(after.map((e) => [e.kind, e.status, e.attempts])).toEqual([
      ['row.update', 'pending', 0],
      ['call', 'pending', 0],
    ]);
    expect(after[1]!.id).toBe(first!.id);
    expect(await db.orders.get(order.ok ? order.value.recordId! : 0)).toBeDefined();

    await discardEntry(first!.id, db);
    expect((await entries()).map((e) => e.kind)).toEqual(['row.update']);
    expect(await db.orders.count()).toBe(0);
  });
});
