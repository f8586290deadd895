// The reads behind the hooks, as plain async functions over the mirror (usable in
// liveQuery, in tests and outside React). The mirror holds one patient's data: its owner.
import type { CustomerRecord, Medication, Pharmacode, Prescription } from '../../domain/entities';
import { insurerList } from '../../domain/insurance';
import { isLocalOrder, META, type LocalDb, type MirrorOrder } from '../local/local-db';
import { mirrorOwner } from '../local/mirror-owner';

/** An order for the screens: `pending` while it waits in the outbox (placed offline, not confirmed). */
export type OrderView = MirrorOrder & { pending: boolean };


export async function readCustomer(db: LocalDb): Promise<CustomerRecord | null> {
  const owner = await mirrorOwner(db);
  return owner ? ((await db.customers.get(owner)) ?? null) : null;
}

/**
 * Top-level orders, newest first (by id: pending orders have temporary ids above every
 * server id, outbox/ids.ts), `pending` while the outbox still holds their entry.
 */
export async function readOrders(db: LocalDb): Promise<OrderView[]> {
  const owner = await mirrorOwner(db);
  if (!owner) return [];
  const [orders, entries] = await Promise.all([db.orders.where('customer_id').equals(owner).toArray(), db.outbox.where('customer_id').equals(owner).toArray()]);
  const waiting = new Set(entries.filter((e) => e.status === 'pending').map((e) => e.id));
  return orders
    .filter((o) => o.parent === null || o.parent === undefined)
    .sort((a, b) => b.id - a.id)
    .map((o) => ({ ...o, pending: isLocalOrder(o) && (!o.outbox_id || waiting.has(o.outbox_id)) }));
}

export async function readPrescriptions(db: LocalDb): Promise<Prescription[]> {
  const list = (await readCustomer(db))?.webshop_customer_medication ?? [];
  return [...list].sort((a, b) => a.id - b.id);
}

/** The stored medications among these pharmacodes, by pharmacode (missing ones are absent). */
export async function readMedications(db: LocalDb, pharmacodes: readonly Pharmacode[]): Promise<ReadonlyMap<Pharmacode, Medication>> {
  const codes = [...new Set(pharmacodes.map(Number))];
  const rows = await db.medications.bulkGet(codes);
  return new Map(rows.filter((m): m is Medication => !!m).map((m) => [m.pharmacode, m]));
}

/**
 * How fresh the patient's data on this device is: the older of the last writes of the
 * customer record and of the orders from the server (a pull or a realtime reload), epoch ms;
 * null before both were ever pulled.
 */
export async function readSyncedAt(db: LocalDb): Promise<number | null> {
  const rows = await db.meta.bulkGet([META.pulledAt('customer'), META.pulledAt('orders')]);
  const times = rows.map((r) => r?.value);
  return times.every((t): t is number => typeof t === 'number') ? Math.min(...times) : null;
}

/** What the dashboard shows, read in one go (one answer, so nothing on it shows half-read). */
export interface DashboardMirror {
  customer: CustomerRecord | null;
  orders: OrderView[];
  /** details of the prescribed medications, by pharmacode */
  medications: ReadonlyMap<Pharmacode, Medication>;
  syncedAt: number | null;
}

/** In one read-only transaction: one round of IndexedDB requests instead of a transaction per read. */
export function readDashboardMirror(db: LocalDb): Promise<DashboardMirror> {
  return db.transaction('r', [db.customers, db.orders, db.outbox, db.meta, db.medications], async () => {
    const [customer, orders, syncedAt] = await Promise.all([readCustomer(db), readOrders(db), readSyncedAt(db)]);
    const medications = await readMedications(db, (customer?.webshop_customer_medication ?? []).map((p) => p.medication_id));
    return { customer, orders, medications, syncedAt };
  });
}

export async function readInsurers(db: LocalDb): Promise<string[]> {
  return insurerList((await db.insurers.toArray()).map((r) => r.name));
}

