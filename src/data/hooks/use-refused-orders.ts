import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import type { DraftOrder } from '../../domain/entities';
import { err, type Result } from '../../domain/result';
import { readRefusedOrders, reopenRefusedOrder, type RefusedOrder } from '../draft/draft-order';
import { localDb, type LocalDb } from '../local/local-db';
import type { SignedOutError } from './use-command';
import { useSession } from './use-session';

export type { RefusedOrder } from '../draft/draft-order';

/** Orders the server refused, kept on this device for the patient to correct or discard. */
export function useRefusedOrders(db: LocalDb = localDb()): RefusedOrder[] | undefined {
  return useLiveQuery(() => readRefusedOrders(db), [db]);
}

/** Puts a refused order back into the draft (and out of the outbox) to be corrected in the order flow. */
export function useReopenRefusedOrder(db: LocalDb = localDb()): (outboxId: string) => Promise<Result<DraftOrder, 'not_found' | SignedOutError>> {
  const userId = useSession().user?.id ?? null;
  return useCallback(async (outboxId) => (userId ? reopenRefusedOrder(db, userId, outboxId) : err<SignedOutError>('signed_out')), [db, userId]);
}
