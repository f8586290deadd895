import { useCallback } from 'react';
import type { DraftOrder } from '../../domain/entities';
import { emptyDraft } from '../../domain/order-draft';
import { err, ok, type Result } from '../../domain/result';
import { changeDraft, readOwnerDraft } from '../draft/draft-order';
import type { LocalDb } from '../local/local-db';
import { mirrorDb } from './mirror-db';
import type { SignedOutError } from './use-command';
import { useDataOwner } from './use-session';
import { draftQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/**
 * The signed-in patient's draft order (spec §3), live from the mirror: the same in every tab,
 * after a reload and offline. undefined while the first read runs; null: no patient.
 */
export const useDraftOrder = (db?: LocalDb): DraftOrder | null | undefined => useMirrorQuery(draftQuery, db);

/**
 * Reads the draft as stored once every change asked for before has been written (IndexedDB runs
 * a read after the writes begun before it): a "continue" right after a quick "+" sees that "+".
 */
export function useReadDraft(db?: LocalDb): () => Promise<DraftOrder> {
  return useCallback(async () => (await readOwnerDraft(await mirrorDb(db))) ?? emptyDraft(), [db]);
}

/** Changes the signed-in patient's draft (one transaction); resolves with the new draft. */
export function useChangeDraft(db?: LocalDb): (change: (draft: DraftOrder) => DraftOrder) => Promise<Result<DraftOrder, SignedOutError>> {
  const userId = useDataOwner();
  return useCallback(async (change) => (userId ? ok(await changeDraft(await mirrorDb(db), userId, change)) : err<SignedOutError>('signed_out')), [db, userId]);
}
