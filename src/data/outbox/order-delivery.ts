// What became of a finished order, for the finish step: the order was stored
// on this device when `placeOrder` resolved; online, the finish step waits a few seconds for
// the server's id (to show /orders?success=1&id={id}); refused, the patient corrects it; still
// waiting (offline, the server failing for now), the order list shows it as waiting.
import type { LocalDb } from '../local/local-db';
import type { MirrorOrder } from '../local/mirror-schema';
import { waitForDelivery, type Delivery } from './delivery';
import { isTempId } from '../local/temp-ids';

export type OrderDelivery = { state: 'sent'; orderId: number } | Exclude<Delivery, { state: 'sent' }>;

/** The order the server created for an outbox entry (acknowledged: its `outbox_id`; pulled: its idempotency key). */
export async function serverOrderOf(db: LocalDb, outboxId: string): Promise<MirrorOrder | undefined> {
  return db.orders.filter((o) => !isTempId(o.id) && (o.outbox_id === outboxId || o.idempotency_key === outboxId)).first();
}

/** Resolves when the server answered the order entry for good, or after `timeoutMs` with what it waits for. */
export async function waitForOrder(db: LocalDb, outboxId: string, timeoutMs: number): Promise<OrderDelivery> {
  const delivery = await waitForDelivery(db, outboxId, timeoutMs);
  if (delivery.state !== 'sent') return delivery;
  const order = await serverOrderOf(db, outboxId);
  // gone without an order (discarded in another tab meanwhile): nothing to show as sent
  return order ? { state: 'sent', orderId: order.id } : { state: 'waiting', code: null, nextAttemptAt: null };
}
