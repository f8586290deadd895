// The mirror read with IndexedDB itself at a returning patient's start (idb-reads.ts): the same
// answers as the Dexie path the screens use, and never in Dexie's way — no database made where
// there was none, no upgrade held up by the reader.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRecord, Medication, Order } from '../../domain/entities';
import { readDashboardMirror } from '../hooks/mirror-queries';
import { openIdbMirror, type IdbMirror } from './idb-reads';
import { openLocalDb, type LocalDb } from './local-db';
import { META } from './mirror-schema';
import { FEW_KEYS, ORDERS_PER_READ, dashboardIn, dexieReads, medicationsIn, ordersOfCustomer, syncedAtIn, tableReadIn, type MirrorReads } from './mirror-reads';
import { DOSE_MARK_TABLE, dayMarkRows, doseMarkRows } from '../tables/dose-marks';

const names: string[] = [];
const opened: Array<{ close: () => void }> = [];

function uniqueName(): string {
  const name = `idb-reads-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

function track<T extends { close: () => void } | null>(handle: T): T {
  if (handle) opened.push(handle);
  return handle;
}

afterEach(async () => {
  for (const handle of opened.splice(0)) handle.close();
  await Promise.all(names.splice(0).map((name) => Dexie.delete(name)));
});

const customer = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_address: [{ id: 1, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur', phone: '0521234567' }],
  webshop_customer_medication: [
    { id: 7, medication_id: 22, expires_at: '2026-01-01', single_use: false, used: false },
    { id: 3, medication_id: 11, expires_at: '2027-01-01', single_use: false, used: false },
    // prescribed, but its details were never mirrored: absent from the map
    { id: 9, medication_id: 44, expires_at: '2027-01-01', single_use: false, used: false },
  ],
} as unknown as CustomerRecord;

const order = (id: number, extra: Partial<Order> & Record<string, unknown> = {}) =>
  ({ id, created_at: '2026-11-01T10:00:00Z', customer_id: 'u1', parent: null, status: 0, delivery_nr: null, delivery_method: null, ...extra }) as Order;

const entry = (id: string, status: 'pending' | 'rejected', customer_id = 'u1') => ({ id, customer_id, kind: 'call', payload: { name: 'webshopOrder', id: 1, body: {} }, status, attempts: 0, nextAttemptAt: 0, createdAt: 0 });

/** The reads, with a count of their reads of keys alone (`keysWhere`). */
function countingKeyReads(reads: MirrorReads): { reads: MirrorReads; keyReads: () => number } {
  let count = 0;
  const keysWhere: MirrorReads['keysWhere'] = (...args) => ((count += 1), reads.keysWhere(...args));
  return { reads: { ...reads, keysWhere }, keyReads: () => count };
}

/** A patient's mirror as the pull and the outbox leave it, written through Dexie. */
async function filledMirror(name: string): Promise<LocalDb> {
  const db = track(openLocalDb(name));
  await db.meta.bulkPut([
    { key: META.owner, value: 'u1' },
    { key: META.pulledAt('customer'), value: 2000 },
    { key: META.pulledAt('orders'), value: 1500 },
  ]);
  await db.customers.bulkPut([customer, { id: 'u2', first_name: 'Other' } as unknown as CustomerRecord]);
  await db.orders.bulkPut([
    order(240001),
    order(240003),
    // a child order: shown inside its parent, never at the top
    order(240002, { parent: 240001 }),
    // placed offline, its entry still waiting: pending
    order(2 ** 50 + 1, { pending: true, outbox_id: 'k1' }),
    // placed offline, its entry refused: no longer pending
    order(2 ** 50 + 2, { pending: true, outbox_id: 'k2' }),
    // another customer's order
    order(9, { customer_id: 'u2' }),
  ]);
  await db.outbox.bulkAdd([entry('k1', 'pending'), entry('k2', 'rejected'), entry('k3', 'pending', 'u2')]);
  await db.medications.bulkPut([{ pharmacode: 11, dscrd: 'Alpha' }, { pharmacode: 22, dscrd: 'Beta' }, { pharmacode: 33, dscrd: 'Not prescribed' }] as Medication[]);
  return db;
}

async function reader(name: string): Promise<IdbMirror> {
  const mirror = track(await openIdbMirror(indexedDB, name));
  if (!mirror) throw new Error(`no mirror under ${name}`);
  return mirror;
}

describe('openIdbMirror', () => {
  it('without a database: null, and no database is left behind for Dexie to trip over', async () => {
    const name = uniqueName();
    expect(await openIdbMirror(indexedDB, name)).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);

    const db = track(openLocalDb(name));
    await db.meta.put({ key: META.owner, value: 'u1' });
    expect(await db.meta.get(META.owner)).toEqual({ key: META.owner, value: 'u1' });
    expect(db.verno).toBe(4);
  });

  it('null for a database of that name without the mirror\'s stores', async () => {
    const name = uniqueName();
    const other = track(new Dexie(name));
    other.version(1).stores({ customers: 'id' });
    await other.open();
    other.close();
    expect(await openIdbMirror(indexedDB, name)).toBeNull();
  });

  it('null without IndexedDB', async () => {
    expect(await openIdbMirror(undefined, uniqueName())).toBeNull();
  });
});

// the dashboard offline first: a returning patient's start reads what the live query would show
describe('the mirror read without Dexie', () => {
  it('gives the dashboard exactly what the Dexie path gives', async () => {
    const name = uniqueName();
    const db = await filledMirror(name);
    const viaDexie = await readDashboardMirror(db);
    const viaIdb = await dashboardIn(await reader(name));

    expect(viaIdb).toEqual(viaDexie);
    // the comparison only means something when the fixture shows every case
    expect(viaIdb.orders.map((o) => [o.id, o.pending])).toEqual([
      [2 ** 50 + 2, false],
      [2 ** 50 + 1, true],
      [240003, false],
      [240001, false],
    ]);
    expect([...viaIdb.medications.keys()].sort()).toEqual([11, 22]);
    expect(viaIdb.customer?.first_name).toBe('Sandra');
    expect(await syncedAtIn(await reader(name))).toBe(1500);
  });

  // a long list's medications (issue 36): more than a few codes are read by the range they span
  it('many pharmacodes: the same medications both ways, by their key range, and only those asked', async () => {
    const name = uniqueName();
    const db = await filledMirror(name);
    await db.medications.bulkPut(Array.from({ length: 60 }, (_, i) => ({ pharmacode: 1000 + i, dscrd: `Med ${i}` }) as Medication));
    // the even codes, one code never stored, and the two of the fixture
    const asked = [...Array.from({ length: 30 }, (_, i) => 1000 + 2 * i), 5000, 11, 22, 11];
    expect(new Set(asked).size).toBeGreaterThan(FEW_KEYS);
    const viaDexie = await medicationsIn(dexieReads(db), asked);
    const viaIdb = await medicationsIn(await reader(name), asked);
    expect(viaIdb).toEqual(viaDexie);
    expect([...viaDexie.keys()].sort((a, b) => a - b)).toEqual([11, 22, ...Array.from({ length: 30 }, (_, i) => 1000 + 2 * i)]);
    expect(viaDexie.get(1002)).toEqual({ pharmacode: 1002, dscrd: 'Med 2' });
    // a few codes: the same answer a get each
    expect([...(await medicationsIn(await reader(name), [1001, 33, 5000])).keys()].sort()).toEqual([1001, 33]);
  });

  // a long order list (issue 36): read in parts of at most ORDERS_PER_READ orders, each a read of its
  // own, and the same orders as one read of the customer's index, both ways
  it('many orders: every order of the customer, none of another, in reads of at most ORDERS_PER_READ', async () => {
    const name = uniqueName();
    const db = await filledMirror(name);
    const many = 2 * ORDERS_PER_READ + 37;
    // another customer's orders between the patient's keys: a range holds both
    await db.orders.bulkPut(Array.from({ length: many }, (_, i) => order(500000 + 2 * i, i % 3 ? {} : { parent: 500000 + 2 * i - 2 })));
    await db.orders.bulkPut(Array.from({ length: 50 }, (_, i) => order(500001 + 4 * i, { customer_id: 'u2' })));
    const whole = await db.orders.where('customer_id').equals('u1').toArray();
    expect(whole.length).toBe(many + 5);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    for (const reads of [dexieReads(db), await reader(name)]) {
      const sizes: number[] = [];
      const keys = countingKeyReads(reads);
      const counted: MirrorReads = {
        ...keys.reads,
        where: async (...args) => {
          const rows = await reads.where(...args);
          sizes.push(rows.length);
          return rows;
        },
        between: async (...args) => {
          const rows = await reads.between(...args);
          sizes.push(rows.length);
          return rows;
        },
      };
      const orders = await ordersOfCustomer(counted, 'u1');
      expect(orders.slice().sort(byId)).toEqual(whole.slice().sort(byId));
      expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      expect(keys.keyReads()).toBe(1);
      // a range may hold the other customer's orders too: at most twice the part's size
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * ORDERS_PER_READ);
      expect(sizes.slice(0, -1).every((n) => n >= ORDERS_PER_READ)).toBe(true);

      // a few orders (most patients): one read of the index, no read of the keys first
      const few: number[] = [];
      const fewKeys = countingKeyReads(reads);
      const where: MirrorReads['where'] = async (...args) => {
        const rows = await reads.where(...args);
        few.push(rows.length);
        return rows;
      };
      const theirs = await ordersOfCustomer({ ...fewKeys.reads, where }, 'u2');
      expect(few).toEqual([51]);
      expect(fewKeys.keyReads()).toBe(0);
      expect(theirs.map((o) => o.id).sort((a, b) => a - b)).toEqual((await db.orders.where('customer_id').equals('u2').primaryKeys()).map(Number).sort((a, b) => a - b));
      expect(await ordersOfCustomer(reads, 'nobody')).toEqual([]);
    }
  });

  // exactly one part's worth, and one more: the read of one order more than a part tells them apart
  it('orders at the edge of a part: ORDERS_PER_READ in one read, one more in two parts', async () => {
    const name = uniqueName();
    const db = track(openLocalDb(name));
    await db.orders.bulkPut(Array.from({ length: ORDERS_PER_READ }, (_, i) => order(700000 + i)));
    for (const reads of [dexieReads(db), await reader(name)]) {
      const counted = countingKeyReads(reads);
      expect(await ordersOfCustomer(counted.reads, 'u1')).toHaveLength(ORDERS_PER_READ);
      expect(counted.keyReads()).toBe(0);
    }
    await db.orders.put(order(700000 + ORDERS_PER_READ));
    for (const reads of [dexieReads(db), await reader(name)]) {
      const counted = countingKeyReads(reads);
      const orders = await ordersOfCustomer(counted.reads, 'u1');
      expect(orders.map((o) => o.id).sort((a, b) => a - b)).toEqual(Array.from({ length: ORDERS_PER_READ + 1 }, (_, i) => 700000 + i));
      expect(counted.keyReads()).toBe(1);
    }
  });

  // issue 24: the plan's check-offs come in the same first read, by the rows store's compound keys
  it('gives the dose marks of the plan\'s day as the Dexie path does; all marks through the compound index', async () => {
    const name = uniqueName();
    const db = await filledMirror(name);
    const mark = (prescription_id: number, pharmacode: number, day: string, period: string, customer_id = 'u1') => ({
      table: DOSE_MARK_TABLE,
      key: [customer_id, prescription_id, day, period].join('|'),
      customer_id,
      row: { customer_id, prescription_id, pharmacode, day, period, status: 'taken', reason: null, marked_at: `${day}T07:00:00.000Z`, device_id: 'phone' },
    });
    await db.rows.bulkPut([mark(3, 11, '2026-11-24', 'morning'), mark(7, 22, '2026-11-24', 'night'), mark(3, 11, '2026-11-23', 'morning'), mark(5, 55, '2026-11-24', 'morning', 'u2')]);
    const viaDexie = await readDashboardMirror(db, ['2026-11-24']);
    const mirror = await reader(name);
    expect(await dashboardIn(mirror, ['2026-11-24'], dayMarkRows)).toEqual(viaDexie);
    expect(viaDexie.markRows.map((m) => [m.prescription_id, m.period]).sort()).toEqual([
      [3, 'morning'],
      [7, 'night'],
    ]);
    expect((await dashboardIn(mirror, ['2026-11-23', '2026-11-24'], dayMarkRows)).markRows).toHaveLength(3);
    // read by a range of keys per prescription: a day between two asked for is not read, nor on either path
    expect((await dashboardIn(mirror, ['2026-11-22', '2026-11-24'], dayMarkRows)).markRows).toHaveLength(2);
    expect((await readDashboardMirror(db, ['2026-11-22', '2026-11-24'])).markRows).toHaveLength(2);
    expect((await tableReadIn(mirror, doseMarkRows)).map((m) => m.day).sort()).toEqual(['2026-11-23', '2026-11-24', '2026-11-24']);
  });

  it('reads a mirror of version 2 (before the rows store) as without marks', async () => {
    const name = uniqueName();
    const v2 = new Dexie(name);
    v2.version(1).stores({ customers: 'id', orders: 'id, customer_id', medications: 'pharmacode', insurers: 'name', drafts: 'customer_id', outbox: '++seq, &id, customer_id, status', meta: 'key' });
    v2.version(2).stores({ patientInformation: 'prdno' });
    await v2.table('meta').put({ key: META.owner, value: 'u1' });
    await v2.table('customers').put(customer);
    v2.close();
    const viaIdb = await dashboardIn(await reader(name), ['2026-11-24'], dayMarkRows);
    expect(viaIdb.customer?.first_name).toBe('Sandra');
    expect(viaIdb.markRows).toEqual([]);
  });

  it('reads on after the shared transaction has committed', async () => {
    const name = uniqueName();
    await filledMirror(name);
    const mirror = await reader(name);
    expect(await mirror.get('meta', META.owner)).toEqual({ key: META.owner, value: 'u1' });
    // the transaction of the first read has nothing left to do and commits meanwhile
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await mirror.get('customers', 'u1'))?.first_name).toBe('Sandra');
    expect((await mirror.where('orders', 'customer_id', 'u2')).map((o) => o.id)).toEqual([9]);
    expect(await mirror.bulkGet('medications', [22, 44])).toEqual([{ pharmacode: 22, dscrd: 'Beta' }, undefined]);
  });

  // fake-indexeddb keeps a transaction active until it finishes; a browser makes it inactive
  // outside its request callbacks, and a read then throws TransactionInactiveError — or, when
  // the transaction has finished and its complete event is still to come (the start awaits the
  // read ahead's chunk between two reads; seen in Chromium on a busy machine), InvalidStateError
  it.each([
    ['inactive', 'TransactionInactiveError', 'The transaction is not active.'],
    ['finished', 'InvalidStateError', "Failed to execute 'objectStore' on 'IDBTransaction': The transaction has finished."],
  ])('reads on when the browser has made the shared transaction %s', async (_state, errorName, message) => {
    const name = uniqueName();
    await filledMirror(name);
    const inactive = new Set<IDBTransaction>();
    const created: IDBTransaction[] = [];
    let refused = 0;
    const transaction = IDBDatabase.prototype.transaction;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = transaction.apply(this, args);
      const objectStore = tx.objectStore.bind(tx);
      tx.objectStore = (store: string) => {
        if (!inactive.has(tx)) return objectStore(store);
        if (errorName === 'InvalidStateError') {
          refused += 1;
          throw new DOMException(message, errorName);
        }
        return {
          get: () => {
            refused += 1;
            throw new DOMException(message, errorName);
          },
        } as unknown as IDBObjectStore;
      };
      created.push(tx);
      return tx;
    });

    const mirror = await reader(name);
    expect(await mirror.get('meta', META.owner)).toEqual({ key: META.owner, value: 'u1' });
    expect(created).toHaveLength(1);
    inactive.add(created[0]!);
    expect((await mirror.get('customers', 'u1'))?.first_name).toBe('Sandra');
    // the read met the inactive transaction and went on in a new one
    expect(refused).toBe(1);
    expect(created).toHaveLength(2);
  });

  it('a mirror of an older version is not read ahead (its stores and entries differ); Dexie then upgrades it', async () => {
    const name = uniqueName();
    // the database as a device with the app's version 1 keeps it (local-db.ts)
    const v1 = new Dexie(name);
    v1.version(1).stores({ customers: 'id', orders: 'id, customer_id', medications: 'pharmacode', insurers: 'name', drafts: 'customer_id', outbox: '++seq, &id, customer_id, status', meta: 'key' });
    await v1.table('meta').put({ key: META.owner, value: 'u1' });
    v1.close();

    expect(await openIdbMirror(indexedDB, name)).toBeNull();
    const db = track(openLocalDb(name));
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.meta.get(META.owner)).toEqual({ key: META.owner, value: 'u1' });
  });

  it(
    'an open reader does not hold up Dexie\'s next upgrade: it closes when asked',
    async () => {
      const name = uniqueName();
      const current = track(openLocalDb(name));
      await current.meta.put({ key: META.owner, value: 'u1' });
      current.close();

      const mirror = await reader(name);
      expect(await mirror.get('meta', META.owner)).toEqual({ key: META.owner, value: 'u1' });

      // the app's next version of the mirror, as a later release will open it
      const next = openLocalDb(name);
      next.version(5).stores({ later: 'id' });
      track(next);
      await next.open();
      expect(next.verno).toBe(5);
      expect(await next.meta.get(META.owner)).toEqual({ key: META.owner, value: 'u1' });
      // the reader's connection is gone: a read through it fails instead of reading a stale version
      await expect(mirror.get('meta', META.owner)).rejects.toThrow();
    },
    5_000,
  );
});
