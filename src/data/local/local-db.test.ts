// The mirror's versions (local-db.ts: a change of the stores is a new version, never an edit of
// an old one): a device with the version 1 database keeps its data when the app adds version 2,
// a device with version 2 keeps its unsent and refused changes when version 3 turns them
// into the registry's generic entries, and version 4's index covers what version 3 stored.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import written from './fixtures/outbox-v2.json' with { type: 'json' };
import { applyPendingToMirror } from '../outbox/apply';
import { isKnownEntry } from '../outbox/kinds';
import { openLocalDb } from './local-db';
import { wipeMirror } from './wipe';

describe('local mirror versions', () => {
  it('version 2 adds the patient information store; what version 1 held stays', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ customers: 'id', orders: 'id, customer_id', medications: 'pharmacode', insurers: 'name', drafts: 'customer_id', outbox: '++seq, &id, customer_id, status', meta: 'key' });
    await v1.table('medications').put({ pharmacode: 1000001, prdno: 14001, dscrd: 'LIPORVA' });
    await v1.table('meta').put({ key: 'owner', value: 'u1' });
    v1.close();

    const db = openLocalDb(name);
    expect(await db.medications.get(1000001)).toMatchObject({ dscrd: 'LIPORVA' });
    await db.open();
    expect(db.verno).toBe(4);
    await db.patientInformation.put({ prdno: 14001, content_de: 'Text', content_fr: null });
    expect(await db.patientInformation.get(14001)).toEqual({ prdno: 14001, content_de: 'Text', content_fr: null });

    // the sign-out wipe takes the texts too (they name what the patient takes)
    await wipeMirror(db);
    expect(await db.patientInformation.count()).toBe(0);
    db.close();
  });
});

describe('version 4: the medications indexed by product', () => {
  it('a mirror of version 3 keeps its medications, and the index finds them by prdno', async () => {
    const name = `upgrade-v4-${Math.random()}`;
    const v3 = new Dexie(name);
    v3.version(1).stores({ customers: 'id', orders: 'id, customer_id', medications: 'pharmacode', insurers: 'name', drafts: 'customer_id', outbox: '++seq, &id, customer_id, status', meta: 'key' });
    v3.version(2).stores({ patientInformation: 'prdno' });
    v3.version(3).stores({ rows: '[table+key], [table+customer_id]' });
    await v3.table('medications').bulkPut([
      { pharmacode: 1000001, prdno: 14001, dscrd: 'LIPORVA' },
      { pharmacode: 1000002, prdno: 14001, dscrd: 'LIPORVA 100' },
      { pharmacode: 1000003, prdno: null, dscrd: 'OHNE PRODUKT' },
    ]);
    v3.close();

    const db = openLocalDb(name);
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.medications.count()).toBe(3);
    expect((await db.medications.where('prdno').equals(14001).primaryKeys()).sort()).toEqual([1000001, 1000002]);
    db.close();
    await Dexie.delete(name);
  });
});

describe('version 3: the outbox as generic entries', () => {
  // the database as today's version 2 wrote it (fixtures/outbox-v2.json: made with its own commands)
  async function version2(name: string): Promise<void> {
    const v2 = new Dexie(name);
    v2.version(1).stores({ customers: 'id', orders: 'id, customer_id', medications: 'pharmacode', insurers: 'name', drafts: 'customer_id', outbox: '++seq, &id, customer_id, status', meta: 'key' });
    v2.version(2).stores({ patientInformation: 'prdno' });
    await v2.table('outbox').bulkAdd(written.entries);
    await v2.table('customers').bulkPut(written.customers);
    await v2.table('orders').bulkPut(written.orders);
    v2.close();
  }

  it('converts every pending and refused entry, in its order, keeping ids, status and errors', async () => {
    const name = `upgrade-v3-${Math.random()}`;
    await version2(name);
    const db = openLocalDb(name);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.seq, e.id, e.status, e.lastError?.code ?? null])).toEqual(written.entries.map((e) => [e.seq, e.id, e.status, e.lastError?.code ?? null]));
    expect(entries.every(isKnownEntry)).toBe(true);
    const temp = (i: number) => (written.entries[i]!.payload as { id: number }).id;
    expect(entries.map((e) => [e.kind, e.payload])).toEqual([
      ['row.upsert', { table: 'webshop_customers', id: written.entries[0]!.customer_id, fields: { first_name: 'Anna', last_name: 'Muster', gender: 2, birthday: '1970-05-17' } }],
      ['row.update', { table: 'webshop_customer_address', id: 7, fields: { city: 'Wil' } }],
      ['row.insert', { table: 'webshop_customer_insurance', id: temp(2), fields: { insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '4711', additional_insurance: null, additional_insurance_nr: null } }],
      ['row.insert', { table: 'webshop_customer_questionnaire', id: temp(3), fields: { weight: 64, size: 165 } }],
      ['row.insert', { table: 'webshop_customer_order_defaults', id: temp(4), fields: { generic: false, substitute: true, probon: true, get_invoice: false, comment: 'Bitte klingeln' } }],
      ['row.insert', { table: 'webshop_customer_order_defaults', id: temp(5), fields: { generic: true, substitute: true, probon: true, get_invoice: false, comment: 'Bitte klingeln' } }],
      ['row.update', { table: 'webshop_customer_additional_info', id: 9, fields: { prescription_send_method: 'espace', prescription_location: 'apo-zytglogge', send_all: true } }],
      ['row.update', { table: 'webshop_customer_additional_info', id: 9, fields: { send_asap: true } }],
      ['call', { name: 'prescriptionLocationMail', id: temp(8), body: { prescription_location: 'apo-zytglogge' } }],
      ['call', { name: 'webshopOrder', id: temp(9), body: (written.entries[9]!.payload as { body: unknown }).body }],
      ['row.delete', { table: 'webshop_customer_additional_info', id: 9 }],
    ]);
    // applied again on the mirror, they show as they did before the upgrade
    const before = await db.customers.get(written.entries[0]!.customer_id);
    await applyPendingToMirror(db, written.entries[0]!.customer_id);
    expect(await db.customers.get(written.entries[0]!.customer_id)).toEqual(before);
    db.close();
  });
});

