import { useCallback } from 'react';
import type { DraftOrder } from '../../domain/entities';
import { err, type Result } from '../../domain/result';
import { reopenRefusedOrder } from '../draft/draft-order';
import { refusedOrdersQuery, type RefusedOrder } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';
import type { LocalDb } from '../local/local-db';
import { mirrorDb } from './mirror-db';
import type { SignedOutError } from './use-command';
import { useDataOwner } from './use-session';

/** Orders the server refused, kept on this device for the patient to correct or discard. */
export const useRefusedOrders = (db?: LocalDb): RefusedOrder[] | undefined => useMirrorQuery(refusedOrdersQuery, db);

/** Puts a refused order back into the draft (and out of the outbox) to be corrected in the order flow. */
export function useReopenRefusedOrder(db?: LocalDb): (outboxId: string) => Promise<Result<DraftOrder, 'not_found' | SignedOutError>> {
  const userId = useDataOwner();
  return useCallback(async (outboxId) => (userId ? reopenRefusedOrder(await mirrorDb(db), userId, outboxId) : err<SignedOutError>('signed_out')), [db, userId]);
}

/** Drops a refused change for good (its pending order leaves the mirror). */
export function useDiscardEntry(db?: LocalDb): (outboxId: string) => Promise<void> {
  return useCallback(async (outboxId) => {
    const [{ discardEntry }, mirror] = await Promise.all([import('../outbox/entry-commands'), mirrorDb(db)]);
    await discardEntry(outboxId, mirror);
  }, [db]);
}
