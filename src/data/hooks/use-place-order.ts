import { useCallback } from 'react';
import type { DraftOrder } from '../../domain/entities';
import type { OrderBodyError } from '../../domain/order-draft';
import type { Result } from '../../domain/result';
import { reopenRefusedOrder } from '../draft/draft-order';
import { mirrorDb } from './mirror-db';
import { placeOrder, type Queued } from '../outbox/commands';
import type { OrderDelivery } from '../outbox/order-delivery';
import { useCommand, type SignedOutError } from './use-command';
import { deliveryWithin } from './use-save';
import { useDataOwner } from './use-session';

/** How long the finish step waits for the pharmacy's server before it shows the order as waiting. */
export const ORDER_WAIT_MS = 5000;

export type PlaceOutcome = Result<Queued & { delivery: OrderDelivery }, OrderBodyError | SignedOutError>;

/**
 * Finishing an order: `placeOrder` stores it on this device (outbox; the
 * entry id is the idempotency key) and resets the draft; online it then waits up to
 * ORDER_WAIT_MS for the server's answer. Sent: the server's order id. Refused: the order goes
 * back into the draft, to be corrected (nothing of it is on the server). Waiting (offline, the
 * server failing for now, no answer yet): it is sent later, exactly once.
 */
export function usePlaceOrder(): (draft: DraftOrder) => Promise<PlaceOutcome> {
  const run = useCommand(placeOrder);
  const userId = useDataOwner();
  return useCallback(
    async (draft: DraftOrder) => {
      const queued = await run(draft);
      if (!queued.ok) return queued;
      const delivery: OrderDelivery = await deliveryWithin(async () => (await import('../outbox/order-delivery')).waitForOrder, queued.value.outboxId, ORDER_WAIT_MS);
      if (delivery.state === 'refused' && userId) await reopenRefusedOrder(await mirrorDb(), userId, queued.value.outboxId);
      return { ok: true, value: { ...queued.value, delivery } };
    },
    [run, userId],
  );
}
