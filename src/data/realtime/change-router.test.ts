// What a realtime change means for the mirror (spec §4 Realtime), as hosted Realtime sends it: a
// DELETE reaches every subscriber as the old row's key only, so only rows the mirror holds count.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../../domain/entities';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { registerSyncedTable } from '../tables/synced-tables';
import { concernsUser, routeChange } from './change-router';
import type { RowChange } from './realtime-subscription';

const U = 'u1';
const ADDRESS = { id: 7, customer_id: U, street: 'Rosenweg', street_nr: '3', address2: null, zip: '8400', city: 'Winterthur', phone: '0521234567' };
const RECORD = { id: U, row_id: 'a3f0c2de-0000-4000-8000-000000000001', first_name: 'Anna', last_name: 'Muster', gender: 2, birthday: '1956-03-04', language: 'de', webshop_customer_address: [ADDRESS] } as CustomerRecord;
const ORDER = { id: 240001, customer_id: U, parent: null, status: 0, created_at: '2026-11-01T10:00:00Z', delivery_nr: null, delivery_method: null, comment: null, webshop_order_item: [{ id: 11, pharmacode: 1, amount: 1 }], children: [{ id: 240002, customer_id: U, parent: 240001, status: 90, created_at: '', delivery_nr: null, delivery_method: null, comment: null, webshop_order_item: [{ id: 12, pharmacode: 2, amount: 1 }] }] };

let db: LocalDb;
let n = 0;
beforeEach(async () => {
  db = openLocalDb(`route-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.customers.put(RECORD);
  await db.orders.put(ORDER);
});
afterEach(() => db.delete());

const change = (table: string, type: RowChange['type'], row: Record<string, unknown>): RowChange => ({ table, type, row });

describe('routeChange', () => {
  it.each([
    ['another patient\'s address', change('webshop_customer_address', 'INSERT', { id: 99, customer_id: 'u2', street: 'X' }), { kind: 'ignore' }],
    ['a new address of the patient (another device)', change('webshop_customer_address', 'INSERT', { id: 8, customer_id: U, street: 'Seeweg' }), { kind: 'reload', area: 'customer' }],
    ['the patient\'s own acknowledged write, as the mirror shows it', change('webshop_customer_address', 'UPDATE', { ...ADDRESS, created_at: '2026-11-25T10:00:00Z' }), { kind: 'ignore' }],
    ['a change of a held row the mirror does not show yet', change('webshop_customer_address', 'UPDATE', { ...ADDRESS, city: 'Bern' }), { kind: 'reload', area: 'customer' }],
    ['a delete of a held row (its key only)', change('webshop_customer_address', 'DELETE', { id: 7 }), { kind: 'reload', area: 'customer' }],
    ['a delete of a row the mirror does not hold (another patient\'s, as hosted sends it)', change('webshop_customer_address', 'DELETE', { id: 12345 }), { kind: 'ignore' }],
    ['the customer row as the mirror shows it', change('webshop_customers', 'UPDATE', { id: U, row_id: 'a3f0c2de-0000-4000-8000-000000000001', first_name: 'Anna', last_name: 'Muster', gender: 2, birthday: '1956-03-04', language: 'de' }), { kind: 'ignore' }],
    ['the customer row, changed (the language set elsewhere)', change('webshop_customers', 'UPDATE', { id: U, first_name: 'Anna', language: 'fr' }), { kind: 'reload', area: 'customer' }],
    // issue 37: a published table's key says nothing of the patient; the customer row's is its row_id
    ['a delete of the customer row (its opaque row_id only)', change('webshop_customers', 'DELETE', { row_id: 'a3f0c2de-0000-4000-8000-000000000001' }), { kind: 'reload', area: 'customer' }],
    ['a delete of another patient\'s customer row (another row_id)', change('webshop_customers', 'DELETE', { row_id: 'a3f0c2de-0000-4000-8000-000000000002' }), { kind: 'ignore' }],
    ['a prescription entered by the pharmacy', change('webshop_customer_medication', 'INSERT', { id: 5, customer_id: U, medication_id: 1 }), { kind: 'reload', area: 'customer' }],
    ['an order status set by the pharmacy', change('webshop_order', 'UPDATE', { id: 240001, customer_id: U, status: 1 }), { kind: 'reload', area: 'orders' }],
    ['a delete of a held sub-package\'s item', change('webshop_order_item', 'DELETE', { id: 12 }), { kind: 'reload', area: 'orders' }],
    ['a delete of an order the mirror does not hold', change('webshop_order', 'DELETE', { id: 999999 }), { kind: 'ignore' }],
    ['a table the app does not mirror', change('pharmindex', 'UPDATE', { pharmacode: 1 }), { kind: 'ignore' }],
  ] as const)('%s', async (_name, c, action) => {
    expect(await routeChange(db, U, c)).toEqual(action);
  });

  it('a table mirrored apart: its rows are applied as they come', async () => {
    registerSyncedTable({ name: 'test_routed_rows', mirror: 'rows', write: 'upsert', label: () => 'sync.kind.unknown' });
    expect(await routeChange(db, U, change('test_routed_rows', 'DELETE', { id: 1 }))).toEqual({ kind: 'row' });
  });
});

describe('concernsUser', () => {
  it('a row naming another customer does not concern the user; rows without a customer do', () => {
    expect(concernsUser('webshop_customer_address', { customer_id: 'u1' }, 'u1')).toBe(true);
    expect(concernsUser('webshop_customer_address', { customer_id: 'u2' }, 'u1')).toBe(false);
    expect(concernsUser('webshop_customers', { id: 'u2' }, 'u1')).toBe(false);
    expect(concernsUser('webshop_order_item', { order_id: 5 }, 'u1')).toBe(true);
  });
});
