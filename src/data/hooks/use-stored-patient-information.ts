import { useLiveQuery } from 'dexie-react-hooks';
import type { PatientInformation } from '../../domain/entities';
import { localDb, type LocalDb } from '../local/local-db';

/**
 * The mirror's copy of a product's patient information (the pull keeps those of the
 * prescriptions, so they read offline): undefined while it is read, null when the mirror has
 * none (or nothing is asked: `prdno` null). Pass it to usePatientInformation as `stored`.
 */
export function useStoredPatientInformation(prdno: number | null | undefined, db: LocalDb = localDb()): PatientInformation | null | undefined {
  const key = typeof prdno === 'number' && prdno > 0 ? prdno : null;
  // a live query keeps its last answer while new arguments are read: an answer for another
  // product counts as "still reading", never as "not in the mirror"
  const answer = useLiveQuery(async () => ({ key, info: key === null ? null : ((await db.patientInformation.get(key)) ?? null) }), [db, key]);
  return answer && answer.key === key ? answer.info : undefined;
}
