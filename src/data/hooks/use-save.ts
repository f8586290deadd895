import { useCallback } from 'react';
import type { Result } from '../../domain/result';
import { localDb } from '../local/local-db';
import type { Queued } from '../outbox/commands';
import { waitForDelivery, type Delivery } from '../outbox/delivery';
import { syncState } from '../sync/sync-state';
import { useCommand, type OutboxCommandFn, type SignedOutError } from './use-command';

/** How long a save waits for the server before it says "saved on this device, waiting". */
export const DELIVERY_WAIT_MS = 1500;

/** A save: refused on this device (the command's error code), or stored here and `delivery` says how far it got. */
export type SaveOutcome<E extends string> = Result<Queued & { delivery: Delivery }, E | SignedOutError>;

/**
 * `useCommand` plus honest feedback: once the change is stored on this device, it waits a
 * moment for the pharmacy's server (not while offline) and answers what happened, so the form
 * can say "saved" only when the server has it and "saved on this device, waiting to be sent"
 * (with the reason) otherwise (src/ui/save-feedback.ts).
 */
export function useSave<A extends unknown[], E extends string>(command: OutboxCommandFn<A, E>): (...args: A) => Promise<SaveOutcome<E>> {
  const run = useCommand(command);
  return useCallback(
    async (...args: A) => {
      const queued = await run(...args);
      if (!queued.ok) return queued;
      const online = syncState.get().online && globalThis.navigator?.onLine !== false;
      const delivery: Delivery = online ? await waitForDelivery(localDb(), queued.value.outboxId, DELIVERY_WAIT_MS) : { state: 'waiting', code: 'network', nextAttemptAt: null };
      return { ok: true, value: { ...queued.value, delivery } };
    },
    [run],
  );
}

/** A save's outcome as a form reports it: refused on this device (the command's code), or how far it got. */
export const deliveryOf = <E extends string>(outcome: SaveOutcome<E>): Delivery => (outcome.ok ? outcome.value.delivery : { state: 'refused', code: outcome.error });
