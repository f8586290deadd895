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
  placeOrder,
  resetSendMethod,
  saveAddress,
  saveBaseData,
  saveInsurance,
  saveOrderDefaults,
  saveQuestionnaire,
  saveSendMethod,
  setSendAsap,
  type OutboxContext,
} from './commands';
import { isTempId, TEMP_ID_BASE } from './ids';
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
      expect.objectContaining({ kind: 'address.upsert', customer_id: CID, status: 'pending', attempts: 0, nextAttemptAt: 0, payload: { id: 7, ...ADDRESS, street_nr: '14' } }),
    ]);
    expect(appended).toHaveBeenCalledTimes(1);
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
    expect((await entries()).map((e) => e.kind)).toEqual(['orderDefaults.insert', 'orderDefaults.insert']);
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
    expect((await entries()).map((e) => [e.kind, e.payload.id])).toEqual([
      ['additionalInfo.upsert', 9],
      ['additionalInfo.sendAsap', 9],
      ['additionalInfo.delete', 9],
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
      kind: 'order.create',
      payload: { id: recordId, body: { p_customer_id: CID, p_medications: { '1234567': 2 }, p_street: 'Bahnhofstrasse', p_zip: '8500', p_comment: 'Bitte klingeln', p_substitute: true, p_probon: true } },
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
      ['address.upsert', 'pending', 0],
      ['order.create', 'pending', 0],
    ]);
    expect(after[1]!.id).toBe(first!.id);
    expect(await db.orders.get(order.ok ? order.value.recordId! : 0)).toBeDefined();

    await discardEntry(first!.id, db);
    expect((await entries()).map((e) => e.kind)).toEqual(['address.upsert']);
    expect(await db.orders.count()).toBe(0);
  });
});
