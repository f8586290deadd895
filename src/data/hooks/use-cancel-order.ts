import { useCallback } from 'react';
import type { RecordId } from '../../domain/entities';
import type { Result } from '../../domain/result';
import { cancelOrder, type CancelOrderError } from '../outbox/commands';
import type { Delivery } from '../outbox/delivery';
import { useCommand, type SignedOutError } from './use-command';
import { deliveryWithin, DELIVERY_WAIT_MS, loadWaitForDelivery } from './use-save';

export type CancelQueued = Result<{ outboxId: string; delivery: Promise<Delivery> }, CancelOrderError | SignedOutError>;

/**
 * Cancelling an order: `cancelOrder` shows it canceled at once and queues the
 * cancel; the answer comes as soon as that is stored, so the confirmation closes at once, and
 * `delivery` tells later how far it got — sent (the server has it), refused (the pharmacy
 * started it meanwhile; the orders are reloaded) or waiting (offline, or no answer within
 * DELIVERY_WAIT_MS) — for honest feedback.
 */
export function useCancelOrder(): (orderId: RecordId) => Promise<CancelQueued> {
  const run = useCommand(cancelOrder);
  return useCallback(
    async (orderId: RecordId) => {
      const queued = await run(orderId);
      if (!queued.ok) return queued;
      const delivery: Promise<Delivery> = deliveryWithin(loadWaitForDelivery, queued.value.outboxId, DELIVERY_WAIT_MS);
      return { ok: true, value: { outboxId: queued.value.outboxId, delivery } };
    },
    [run],
  );
}
