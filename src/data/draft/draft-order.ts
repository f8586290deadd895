// The patient's draft order (spec §3 Draft order, §4 Order flow): pharmacode -> amount, the
// delivery address of this order (null: the profile's latest) and a comment (null: the order
// defaults' comment). It lives in the mirror's `drafts` store, one row per patient, so it
// survives a reload, a closed tab and going offline, and goes with the mirror on sign-out
// (local/wipe.ts). Its changes stay on this device: the order is sent by `placeOrder`
// (outbox/commands.ts), which resets the draft in the same transaction.
import type { CustomerId, DraftOrder } from '../../domain/entities';
import { emptyDraft, orderAddressOf } from '../../domain/order-draft';
import { err, ok, type Result } from '../../domain/result';
import type { LocalDb } from '../local/local-db';
import { mirrorOwner } from '../local/mirror-owner';
import { dexieReads } from '../local/mirror-reads';
import { refusedOrdersQuery, type RefusedOrder } from '../local/mirror-query';
import { outboxStores } from '../outbox/apply';
import { callOf, isKnownEntry } from '../outbox/kinds';

/** A stored draft as the domain's shape (a missing or partial row reads as empty parts). */
function asDraft(stored: Partial<DraftOrder> | undefined): DraftOrder {
  const empty = emptyDraft();
  return { medications: stored?.medications ?? empty.medications, address: stored?.address ?? null, comment: stored?.comment ?? null };
}

export async function readDraft(db: LocalDb, customerId: CustomerId): Promise<DraftOrder> {
  return asDraft((await db.drafts.get(customerId))?.draft);
}

/** The draft of the mirror's owner (the signed-in patient); null when the mirror has none. */
export async function readOwnerDraft(db: LocalDb): Promise<DraftOrder | null> {
  const owner = await mirrorOwner(db);
  return owner ? readDraft(db, owner) : null;
}

/** Changes the draft in one transaction (read, change, write: two tabs never lose each other's change). */
export async function changeDraft(db: LocalDb, customerId: CustomerId, change: (draft: DraftOrder) => DraftOrder): Promise<DraftOrder> {
  return db.transaction('rw', db.drafts, async () => {
    const next = change(await readDraft(db, customerId));
    await db.drafts.put({ customer_id: customerId, draft: next });
    return next;
  });
}

/** Empties the draft (the patient starts over). */
export async function resetDraft(db: LocalDb, customerId: CustomerId): Promise<void> {
  await db.drafts.delete(customerId);
}

/** A refused order of the outbox, as the order list shows it. */
/** The owner's orders the server refused (kept in the outbox for the patient), oldest first. */
export const readRefusedOrders = (db: LocalDb): Promise<RefusedOrder[]> => refusedOrdersQuery.read(dexieReads(db));

/**
 * A refused order back into the draft for the patient to correct (the order is kept for
 * editing): its products (over what the draft holds), its address and its comment; the
 * refused entry leaves the outbox in the same transaction (the server has nothing of it, and a
 * new finish sends a new order with a new key).
 */
export async function reopenRefusedOrder(db: LocalDb, customerId: CustomerId, outboxId: string): Promise<Result<DraftOrder, 'not_found'>> {
  return db.transaction('rw', outboxStores(db), async () => {
    const stored = await db.outbox.where('id').equals(outboxId).first();
    const entry = stored && stored.customer_id === customerId && stored.status === 'rejected' && isKnownEntry(stored) ? callOf(stored, 'webshopOrder') : null;
    if (!entry) return err('not_found');
    const body = entry.payload.body;
    const draft = await readDraft(db, customerId);
    const next: DraftOrder = {
      medications: { ...draft.medications, ...(body.p_medications as Record<string, number>) },
      address: orderAddressOf({ street: body.p_street ?? '', street_nr: body.p_street_nr ?? '', address2: body.p_address2 ?? null, zip: body.p_zip ?? '', city: body.p_city ?? '' }),
      comment: body.p_comment ?? '',
    };
    await db.drafts.put({ customer_id: customerId, draft: next });
    await db.outbox.delete(entry.seq!);
    await db.orders.delete(entry.payload.id);
    return ok(next);
  });
}
