// The products whose patient information the mirror keeps (spec §7 compendium, read offline):
// those of the prescribed medications, from the fetched ones and from the mirror's `prdno` index
// (local-db.ts version 4) — the index's keys, so no stored medication is read to learn its product.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerRecord, Medication, Prescription } from '../../domain/entities';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { prescribedPrdnos } from './mirror-writes';

const U = '6d9a4a7e-1111-4c3b-9d7e-0000000000bb';
const medication = (pharmacode: number, prdno: number | null): Medication => ({ pharmacode, prdno, dscrd: `MED ${pharmacode}`, dscrf: null, nincd: null, qty: 30, qtyu: 'Stk', sloplus: null });
const prescription = (id: number, medication_id: number): Prescription => ({ id, customer_id: U, medication_id, dosage: [1, 0, 0, 0], comment: null, expires_at: '2027-06-30', single_use: false, used: false, intake: null });
const customerWith = (...codes: number[]) => ({ id: U, webshop_customer_medication: codes.map((c, i) => prescription(i + 1, c)) }) as unknown as CustomerRecord;

let db: LocalDb;
let n = 0;
let reads = 0;
beforeEach(async () => {
  db = openLocalDb(`prescribed-prdnos-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await claimMirror(db, U);
  reads = 0;
  // Dexie calls its reading hook for every medication object it reads
  db.medications.hook('reading', (m) => {
    reads++;
    return m;
  });
});
afterEach(() => db.delete());

describe('prescribedPrdnos', () => {
  it('the products of the prescribed medications, each once, from the index alone', async () => {
    // 1003 and 1004 are one product in two packs; 1005 is ordered, not prescribed; 1006 has no product
    await db.medications.bulkPut([medication(1001, 501), medication(1002, 502), medication(1003, 503), medication(1004, 503), medication(1005, 505), medication(1006, null)]);
    await db.customers.put(customerWith(1001, 1003, 1004, 1006, 1001));
    reads = 0;
    expect((await prescribedPrdnos(db, U)).sort()).toEqual([501, 503]);
    expect(reads).toBe(0);
  });

  it('a fetched medication not stored yet counts, and a fetched one wins over its stored version', async () => {
    await db.medications.bulkPut([medication(1001, 501), medication(1002, 502)]);
    await db.customers.put(customerWith(1001, 1002, 1007));
    expect((await prescribedPrdnos(db, U, [medication(1007, 507), medication(1002, 602)])).sort()).toEqual([501, 507, 602]);
  });

  it('no customer record or no prescription: none', async () => {
    await db.medications.bulkPut([medication(1001, 501)]);
    expect(await prescribedPrdnos(db, U)).toEqual([]);
    await db.customers.put(customerWith());
    expect(await prescribedPrdnos(db, U, [medication(1001, 501)])).toEqual([]);
  });
});
