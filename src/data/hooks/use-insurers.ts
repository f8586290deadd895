import type { LocalDb } from '../local/local-db';
import { insurersQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/** The insurer list (pharmindex_insurance descr1), deduplicated and sorted. */
export const useInsurers = (db?: LocalDb): string[] | undefined => useMirrorQuery(insurersQuery, db);
