// The patient's answers to a refused change (shown by the shell with what to correct):
// discard it for good, or send it again. Like the other commands they change the mirror and
// the outbox in one transaction and never wait for the network.
import { localDb, type LocalDb } from '../local/local-db';
import { applyEntry, outboxStores } from './apply';
import { callOf, isKnownEntry, type TypedOutboxEntry } from './kinds';
import { outboxAppended } from './signal';

async function entryById(db: LocalDb, id: string) {
  return db.outbox.where('id').equals(id).first();
}

/** Drops an entry for good; its pending order leaves the mirror. Answers the entry (null: none or unknown). */
export async function discardEntry(id: string, db: LocalDb = localDb()): Promise<TypedOutboxEntry | null> {
  return db.transaction('rw', outboxStores(db), async () => {
    const entry = await entryById(db, id);
    if (!entry) return null;
    await db.outbox.delete(entry.seq!);
    if (!isKnownEntry(entry)) return null;
    const order = callOf(entry, 'webshopOrder');
    if (order) await db.orders.delete(order.payload.id);
    return entry;
  });
}

/**
 * Sends a refused entry again (same id, so an order keeps its idempotency key): it goes to the
 * end of the line as the patient's latest intent, and shows in the mirror again.
 */
export async function retryEntry(id: string, db: LocalDb = localDb()): Promise<boolean> {
  const done = await db.transaction('rw', outboxStores(db), async () => {
    const entry = await entryById(db, id);
    if (!entry || !isKnownEntry(entry)) return false;
    await db.outbox.delete(entry.seq!);
    const { seq: _seq, ...rest } = entry;
    const again = { ...rest, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null } as TypedOutboxEntry;
    await db.outbox.add(again);
    await applyEntry(db, again);
    return true;
  });
  if (done) outboxAppended();
  return done;
}
