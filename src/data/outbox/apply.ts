// Pending outbox entries on top of the mirror. Part of a command's transaction (applyEntry),
// and after every pull (applyPendingToMirror): the pull writes what the server has, then the
// entries still waiting are applied again, so a pull never hides an unsent change.
import { canceledOrder } from '../../domain/order-cancel';
import type { LocalDb } from '../local/local-db';
import type { MirrorOrder, MirrorRow } from '../local/mirror-schema';
import { callDef } from '../tables/calls';
import { keyColumns, syncedTable } from '../tables/synced-tables';
import { isTempId } from '../local/temp-ids';
import { callOf, isKnownEntry, type TypedOutboxEntry } from './kinds';
import { applyToCustomer, mergedRow, pendingOrder } from './mirror';

/** The stores a command or a replay step writes in one transaction. */
export const outboxStores = (db: LocalDb) => [db.outbox, db.customers, db.orders, db.drafts, db.meta, db.rows];

/** A row of a table mirrored apart (the `rows` store), with the entry applied. */
async function applyToRows(db: LocalDb, entry: TypedOutboxEntry & { kind: `row.${string}` }): Promise<void> {
  const { table, id } = entry.payload;
  const key: [string, string] = [table, String(id)];
  if (entry.kind === 'row.delete') {
    await db.rows.delete(key);
    return;
  }
  const stored = await db.rows.get(key);
  if (!stored && entry.kind === 'row.update') return;
  const t = syncedTable(table);
  const merged = mergedRow(t, stored?.row, entry.payload.fields, entry.customer_id, keyColumns(t, id));
  // a table where the newer row wins: a pending write older than what the mirror holds changes nothing
  const row = t.converge && stored ? t.converge(stored.row, merged) : merged;
  if (row === stored?.row) return;
  await db.rows.put({ table, key: String(id), customer_id: entry.customer_id, row } satisfies MirrorRow);
}

/** The server's order placed by an outbox entry, once the mirror holds it (acknowledged or pulled). */
async function placedOrderOf(db: LocalDb, customerId: string, outboxId: string): Promise<MirrorOrder | undefined> {
  return db.orders
    .where('customer_id')
    .equals(customerId)
    .filter((o) => !isTempId(o.id) && (o.outbox_id === outboxId || o.idempotency_key === outboxId))
    .first();
}

/**
 * What a call shows while it waits. An order: its pending row — unless the server's order with
 * this key is in the mirror already (the answer was lost, or a pull came before it): the order
 * is then shown once, as the server has it, not a second time as waiting. A cancel: the order
 * and its partial deliveries as canceled.
 */
async function applyCall(db: LocalDb, entry: TypedOutboxEntry): Promise<void> {
  const order = callOf(entry, 'webshopOrder');
  if (order) {
    if (!(await placedOrderOf(db, entry.customer_id, entry.id))) await db.orders.put(pendingOrder(order));
    else await db.orders.delete(order.payload.id);
  } else if (entry.kind === 'call' && callDef(entry.payload.name)?.mirror === 'cancelOrder') {
    const id = Number((entry.payload.body as { p_order_id?: unknown }).p_order_id);
    const stored = await db.orders.get(id);
    if (stored) await db.orders.put(canceledOrder(stored));
  }
}

/** Applies one entry to the mirror; call inside a transaction over outboxStores(db). */
export async function applyEntry(db: LocalDb, entry: TypedOutboxEntry): Promise<void> {
  if (entry.kind === 'call') return applyCall(db, entry);
  // a row mirrored apart, and what its insert does to the customer record (its table's onInsert)
  if (syncedTable(entry.payload.table).mirror === 'rows') await applyToRows(db, entry);
  const record = await db.customers.get(entry.customer_id);
  const next = applyToCustomer(record, entry);
  if (next && next !== record) await db.customers.put(next);
}

/** The customer's entries still to be sent, in replay order. */
export async function pendingEntries(db: LocalDb, customerId: string): Promise<TypedOutboxEntry[]> {
  const entries = await db.outbox.where('customer_id').equals(customerId).sortBy('seq');
  return entries.filter((e): e is TypedOutboxEntry => e.status === 'pending' && isKnownEntry(e));
}

const isRecordEntry = (entry: TypedOutboxEntry): boolean => entry.kind !== 'call' && syncedTable(entry.payload.table).mirror !== 'rows';

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
    for (const entry of entries) if (isRecordEntry(entry)) next = applyToCustomer(next, entry);
    if (next && next !== record) await db.customers.put(next);

    const waiting = new Set(entries.flatMap((e) => (callOf(e, 'webshopOrder') ? [e.payload.id] : [])));
    // by their keys alone: reading every order of a long list was a long task in every overlay (issue 36)
    const stale = (await db.orders.where('customer_id').equals(customerId).primaryKeys()).filter((id) => isTempId(id) && !waiting.has(id));
    await db.orders.bulkDelete(stale);
    for (const entry of entries) if (!isRecordEntry(entry)) await applyEntry(db, entry);
  });
}

/** Pending orders in the mirror carry the outbox id: the order placed by a given entry. */
export async function orderOfEntry(db: LocalDb, outboxId: string): Promise<MirrorOrder | undefined> {
  return (await db.orders.toArray()).find((o) => (o as MirrorOrder).outbox_id === outboxId) as MirrorOrder | undefined;
}
