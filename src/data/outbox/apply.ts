// Pending outbox entries on top of the mirror. Part of a command's transaction (applyEntry),
// and after every pull (applyPendingToMirror): the pull writes what the server has, then the
// entries still waiting are applied again, so a pull never hides an unsent change.
import type { LocalDb, MirrorOrder } from '../local/local-db';
import { isTempId } from './ids';
import { isKnownEntry, type TypedOutboxEntry } from './kinds';
import { applyToCustomer, pendingOrder } from './mirror';

/** The stores a command or a replay step writes in one transaction. */
export const outboxStores = (db: LocalDb) => [db.outbox, db.customers, db.orders, db.drafts, db.meta];

/** Applies one entry to the mirror; call inside a transaction over outboxStores(db). */
export async function applyEntry(db: LocalDb, entry: TypedOutboxEntry): Promise<void> {
  if (entry.kind === 'order.create') {
    await db.orders.put(pendingOrder(entry));
    return;
  }
  const record = await db.customers.get(entry.customer_id);
  const next = applyToCustomer(record, entry);
  if (next && next !== record) await db.customers.put(next);
}

/** The customer's entries still to be sent, in replay order. */
export async function pendingEntries(db: LocalDb, customerId: string): Promise<TypedOutboxEntry[]> {
  const entries = await db.outbox.where('customer_id').equals(customerId).sortBy('seq');
  return entries.filter((e): e is TypedOutboxEntry => e.status === 'pending' && isKnownEntry(e));
}

/**
 * Re-applies the customer's pending entries to the mirror (the pull calls it after each write),
 * and drops pending order rows whose entry is gone (sent and replaced, rejected or discarded).
 * Idempotent: applying on an already applied mirror changes nothing.
 */
export async function applyPendingToMirror(db: LocalDb, customerId: string): Promise<void> {
  await db.transaction('rw', outboxStores(db), async () => {
    const entries = await pendingEntries(db, customerId);
    const record = await db.customers.get(customerId);
    let next = record;
    for (const entry of entries) if (entry.kind !== 'order.create') next = applyToCustomer(next, entry);
    if (next && next !== record) await db.customers.put(next);

    const waiting = new Set(entries.filter((e) => e.kind === 'order.create').map((e) => e.payload.id));
    const stale = (await db.orders.where('customer_id').equals(customerId).toArray()).filter((o) => isTempId(o.id) && !waiting.has(o.id));
    await db.orders.bulkDelete(stale.map((o) => o.id));
    for (const entry of entries) if (entry.kind === 'order.create') await db.orders.put(pendingOrder(entry));
  });
}

/** Pending orders in the mirror carry the outbox id: the order placed by a given entry. */
export async function orderOfEntry(db: LocalDb, outboxId: string): Promise<MirrorOrder | undefined> {
  return (await db.orders.toArray()).find((o) => (o as MirrorOrder).outbox_id === outboxId) as MirrorOrder | undefined;
}

