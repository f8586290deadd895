// What the server's answer to an entry does to the local mirror (in one Dexie transaction
// with the entry's own removal or marking): an acknowledged entry leaves the outbox, a
// temporary row id becomes the server's (in the mirror and in later entries), a placed order
// takes the server's id; a refused entry stays, marked rejected, and a refused order leaves
// the order list. Bringing the rest of the mirror back to the server's state is a pull, which
// the owner of the session starts when the replay reports the outcome.
import type { LocalDb } from '../local/local-db';
import type { MirrorOrder } from '../local/mirror-schema';
import { syncedTable } from '../tables/synced-tables';
import { applyEntry, outboxStores } from './apply';
import type { EntryError } from './classify';
import { isTempId } from '../local/temp-ids';
import { callOf, covers, isKnownEntry, supersedes, type TypedOutboxEntry } from './kinds';
import { pendingOrder, replaceRowId } from './mirror';

/** The server stored the entry (`serverId`: the id of an inserted row or a placed order). */
export async function acknowledgeInMirror(db: LocalDb, entry: TypedOutboxEntry, serverId: number | undefined): Promise<void> {
  await db.transaction('rw', outboxStores(db), async () => {
    await db.outbox.delete(entry.seq!);
    // before a temporary id is replaced below: the superseded entries name the same row as this one
    if (supersedes(entry)) {
      // through the status index: rejected entries are few, pending ones may be many
      await db.outbox
        .where('status')
        .equals('rejected')
        .filter((e) => e.seq! < entry.seq! && isKnownEntry(e) && covers(entry, e))
        .delete();
    }
    const order = callOf(entry, 'webshopOrder');
    if (order) {
      const temp = (await db.orders.get(order.payload.id)) as MirrorOrder | undefined;
      await db.orders.delete(order.payload.id);
      if (serverId && !(await db.orders.get(serverId))) {
        const { pending: _pending, ...placed } = temp ?? pendingOrder(order);
        await db.orders.put({ ...placed, id: serverId });
      }
      return;
    }
    if (entry.kind !== 'row.insert' || !serverId || typeof entry.payload.id !== 'number' || !isTempId(entry.payload.id)) return;
    const { table, id: tempId } = entry.payload;
    const t = syncedTable(table);
    if (t.mirror === 'list') {
      const record = await db.customers.get(entry.customer_id);
      if (record) await db.customers.put(replaceRowId(record, table, tempId, serverId));
    }
    // later entries that name the temporary row now name the server's
    await db.outbox
      .where('customer_id')
      .equals(entry.customer_id)
      .modify((e) => {
        const p = e.payload as { table?: unknown; id?: unknown };
        if (p?.table === table && p.id === tempId) e.payload = { ...p, id: serverId };
      });
  });
}

/**
 * The server refused the entry for good: it stays (for the patient to correct or discard). A
 * refused order leaves the list, and a refused new row the mirror: the next save of that record
 * is a new row again (it supersedes the refused one), never an update of a row the server never had.
 */
export async function rejectInMirror(db: LocalDb, entry: TypedOutboxEntry, error: EntryError): Promise<void> {
  await db.transaction('rw', outboxStores(db), async () => {
    await db.outbox.update(entry.seq!, { status: 'rejected', lastError: error });
    const order = callOf(entry, 'webshopOrder');
    if (order) await db.orders.delete(order.payload.id);
    if (entry.kind === 'row.insert' && typeof entry.payload.id === 'number' && isTempId(entry.payload.id)) {
      await applyEntry(db, { ...entry, kind: 'row.delete', payload: { table: entry.payload.table, id: entry.payload.id } });
    }
  });
}
