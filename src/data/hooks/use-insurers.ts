import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type LocalDb } from '../local/local-db';
import { readInsurers } from './mirror-queries';

/** The insurer list (pharmindex_insurance descr1), deduplicated and sorted. */
export function useInsurers(db: LocalDb = localDb()): string[] | undefined {
  return useLiveQuery(() => readInsurers(db), [db]);
}
