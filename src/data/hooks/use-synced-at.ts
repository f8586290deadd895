import type { LocalDb } from '../local/local-db';
import { syncedAtQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/** How fresh the patient's data on this device is (mirror-reads.ts syncedAtIn); undefined until the mirror answered. */
export const useSyncedAt = (db?: LocalDb): number | null | undefined => useMirrorQuery(syncedAtQuery, db);
