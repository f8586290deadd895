// The reads behind the hooks, as plain async functions over the mirror (usable in
// liveQuery, in tests and outside React). The mirror holds one patient's data: its owner.
import type { CustomerRecord, Medication, Pharmacode, Prescription } from '../../domain/entities';
import { insurerList } from '../../domain/insurance';
import { isLocalOrder, type LocalDb, type MirrorOrder } from '../local/local-db';
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

export async function readInsurers(db: LocalDb): Promise<string[]> {
  return insurerList((await db.insurers.toArray()).map((r) => r.name));
}

