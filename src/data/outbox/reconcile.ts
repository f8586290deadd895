// What the server's answer to an entry does to the local mirror (in one Dexie transaction
// with the entry's own removal or marking): an acknowledged entry leaves the outbox, a
// temporary row id becomes the server's (in the mirror and in later entries), a placed order
// takes the server's id; a refused entry stays, marked rejected, and a refused order leaves
// the order list. Bringing the rest of the mirror back to the server's state is a pull, which
// the owner of the session starts when the replay reports the outcome.
import type { LocalDb, MirrorOrder } from '../local/local-db';
import { outboxStores } from './apply';
import type { EntryError } from './classify';
import { isTempId } from './ids';
import { covers, isKnownEntry, LIST_OF, SUPERSEDING, type TypedOutboxEntry } from './kinds';
import { pendingOrder, replaceRowId } from './mirror';

/** The server stored the entry (`serverId`: the id of an inserted row or a placed order). */
export async function acknowledgeInMirror(db: LocalDb, entry: TypedOutboxEntry, serverId: number | undefined): Promise<void> {
  const tempId = typeof entry.payload.id === 'number' && isTempId(entry.payload.id) ? entry.payload.id : null;
  await db.transaction('rw', outboxStores(db), async () => {
    await db.outbox.delete(entry.seq!);
    // before a temporary id is replaced below: the superseded entries name the same row as this one
    if (SUPERSEDING.has(entry.kind)) {
      // through the status index: rejected entries are few, pending ones may be many
      await db.outbox
        .where('status')
        .equals('rejected')
        .filter((e) => e.seq! < entry.seq! && isKnownEntry(e) && covers(entry, e))
        .delete();
    }
    if (entry.kind === 'order.create') {
      const temp = (await db.orders.get(entry.payload.id)) as MirrorOrder | undefined;
      await db.orders.delete(entry.payload.id);
      if (serverId && !(await db.orders.get(serverId))) {
        const { pending: _pending, ...order } = temp ?? pendingOrder(entry);
        await db.orders.put({ ...order, id: serverId });
      }
    } else if (tempId !== null && serverId) {
      const list = LIST_OF[entry.kind]!;
      const record = await db.customers.get(entry.customer_id);
      if (record) await db.customers.put(replaceRowId(record, list, tempId, serverId));
      // later entries that name the temporary row now name the server's (order defaults are
      // insert-only: nothing names their rows)
      if (entry.kind !== 'orderDefaults.insert') {
        await db.outbox
          .where('customer_id')
          .equals(entry.customer_id)
          .modify((e) => {
            const p = e.payload as { id?: unknown };
            if (p?.id === tempId && LIST_OF[e.kind as TypedOutboxEntry['kind']] === list) e.payload = { ...p, id: serverId };
          });
      }
    }
  });
}

/** The server refused the entry for good: it stays (for the patient to correct or discard); a refused order leaves the list. */
export async function rejectInMirror(db: LocalDb, entry: TypedOutboxEntry, error: EntryError): Promise<void> {
  await db.transaction('rw', outboxStores(db), async () => {
    await db.outbox.update(entry.seq!, { status: 'rejected', lastError: error });
    if (entry.kind === 'order.create') await db.orders.delete(entry.payload.id);
  });
}
