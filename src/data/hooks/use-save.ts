import { useCallback } from 'react';
import type { Result } from '../../domain/result';
import type { LocalDb } from '../local/local-db';
import { mirrorDb } from './mirror-db';
import type { Queued } from '../outbox/commands';
import type { Delivery } from '../outbox/delivery';
import { syncState } from '../sync/sync-state';
import { useCommand, type OutboxCommandFn, type SignedOutError } from './use-command';

/** How long a save waits for the server before it says "saved on this device, waiting". */
export const DELIVERY_WAIT_MS = 1500;

const OFFLINE: Extract<Delivery, { state: 'waiting' }> = { state: 'waiting', code: 'network', nextAttemptAt: null };

/**
 * How far a change stored on this device got: online, the server's answer within `ms` (or what
 * it still waits for); offline, at once: it waits for the connection.
 */
export async function deliveryWithin<D>(load: () => Promise<(db: LocalDb, outboxId: string, ms: number) => Promise<D>>, outboxId: string, ms: number): Promise<D | typeof OFFLINE> {
  const online = syncState.get().online && globalThis.navigator?.onLine !== false;
  if (!online) return OFFLINE;
  // the watch's files load only when there is something to watch; a tab the service worker does
  // not serve may have lost the network meanwhile: then it waits, as offline
  let wait: Awaited<ReturnType<typeof load>>;
  let db: LocalDb;
  try {
    [wait, db] = await Promise.all([load(), mirrorDb()]);
  } catch {
    return OFFLINE;
  }
  return wait(db, outboxId, ms);
}

/** The watch of a saved change, loaded when there is one to watch. */
export const loadWaitForDelivery = async () => (await import('../outbox/delivery')).waitForDelivery;

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
      const delivery: Delivery = await deliveryWithin(loadWaitForDelivery, queued.value.outboxId, DELIVERY_WAIT_MS);
      return { ok: true, value: { ...queued.value, delivery } };
    },
    [run],
  );
}

/** A save's outcome as a form reports it: refused on this device (the command's code), or how far it got. */
export const saveDelivery = <E extends string>(outcome: SaveOutcome<E>): Delivery => (outcome.ok ? outcome.value.delivery : { state: 'refused', code: outcome.error });
