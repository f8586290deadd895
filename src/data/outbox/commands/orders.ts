// Orders (spec §2 order flow, §7 webshopOrder, the RPC cancel_order): server calls through the outbox.
import { buildWebshopOrderBody, type OrderBodyError } from '../../../domain/order-draft';
import type { CustomerId, DraftOrder, RecordId } from '../../../domain/entities';
import { latestById } from '../../../domain/latest-by-id';
import { cancelState } from '../../../domain/order-cancel';
import { err, ok } from '../../../domain/result';
import { isLocalOrder } from '../../local/mirror-schema';
import { isTempId } from '../../local/temp-ids';
import { queue, type CancelOrderError, type CommandResult, type OutboxContext } from './queue';

/**
 * A finished order (spec §2 order flow, §7 webshopOrder): the body from the draft, the latest
 * address and order defaults of the mirror; the order appears in `orders` at once (temporary id,
 * `pending: true`, `outbox_id`) and the draft is reset in the same transaction.
 */
export function placeOrder(ctx: OutboxContext, customerId: CustomerId, draft: DraftOrder): Promise<CommandResult<OrderBodyError>> {
  return queue(
    ctx,
    customerId,
    async (record, tempId) => {
      const body = buildWebshopOrderBody(draft, customerId, latestById(record?.webshop_customer_address), latestById(record?.webshop_customer_order_defaults));
      if (!body.ok) return body;
      return ok({ kind: 'call', payload: { name: 'webshopOrder', id: await tempId(), body: body.value } });
    },
    async () => {
      await ctx.db.drafts.delete(customerId);
    },
  );
}

/**
 * Cancels an order the pharmacy has not started (RPC cancel_order): the order
 * shows as canceled at once (status 99, its partial deliveries too) and the cancel waits in the
 * outbox like any write. Refused here when the mirror's order is not the patient's, was started
 * (not status 0), is canceled already (`unchanged`) or was placed on this device and not sent
 * yet (it has no server id to cancel). The server checks again: the pharmacy may start the order
 * while the cancel waits (then `order_started`, and the orders are reloaded).
 */
export function cancelOrder(ctx: OutboxContext, customerId: CustomerId, orderId: RecordId): Promise<CommandResult<CancelOrderError>> {
  return queue(ctx, customerId, async () => {
    const order = await ctx.db.orders.get(orderId);
    if (!order || order.customer_id !== customerId || (order.parent ?? null) !== null) return err('order_not_found');
    if (isLocalOrder(order) || isTempId(order.id)) return err('order_not_sent');
    const state = cancelState(order);
    if (state === 'started') return err('order_started');
    if (state === 'canceled') return err('unchanged');
    return ok({ kind: 'call', payload: { name: 'cancel_order', id: orderId, body: { p_order_id: orderId } } });
  });
}
