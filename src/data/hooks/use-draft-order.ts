import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import type { DraftOrder } from '../../domain/entities';
import { emptyDraft } from '../../domain/order-draft';
import { err, ok, type Result } from '../../domain/result';
import { changeDraft, readOwnerDraft } from '../draft/draft-order';
import { localDb, type LocalDb } from '../local/local-db';
import type { SignedOutError } from './use-command';
import { useSession } from './use-session';

/**
 * The signed-in patient's draft order (spec §3), live from the mirror: the same in every tab,
 * after a reload and offline. undefined while the first read runs; null: no patient.
 */
export function useDraftOrder(db: LocalDb = localDb()): DraftOrder | null | undefined {
  return useLiveQuery(() => readOwnerDraft(db), [db]);
}

/**
 * Reads the draft as stored once every change asked for before has been written (IndexedDB runs
 * a read after the writes begun before it): a "continue" right after a quick "+" sees that "+".
 */
export function useReadDraft(db: LocalDb = localDb()): () => Promise<DraftOrder> {
  return useCallback(async () => (await readOwnerDraft(db)) ?? emptyDraft(), [db]);
}

/** Changes the signed-in patient's draft (one transaction); resolves with the new draft. */
export function useChangeDraft(db: LocalDb = localDb()): (change: (draft: DraftOrder) => DraftOrder) => Promise<Result<DraftOrder, SignedOutError>> {
  const userId = useSession().user?.id ?? null;
  return useCallback(async (change) => (userId ? ok(await changeDraft(db, userId, change)) : err<SignedOutError>('signed_out')), [db, userId]);
}
