import { useMemo } from 'react';
import type { PatientInformation } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { patientInformationQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/**
 * The mirror's copy of a product's patient information (the pull keeps those of the
 * prescriptions, so they read offline): undefined while it is read, null when the mirror has
 * none (or nothing is asked: `prdno` null). Pass it to usePatientInformation as `stored`.
 */
export function useStoredPatientInformation(prdno: number | null | undefined, db?: LocalDb): PatientInformation | null | undefined {
  const key = typeof prdno === 'number' && prdno > 0 ? prdno : 0;
  // nothing asked: no live query (a list's rows each have one of these for their closed dialog)
  const query = useMemo(() => (key === 0 ? null : patientInformationQuery(key)), [key]);
  const answer = useMirrorQuery(query, db);
  // a new query keeps the last answer while it reads: an answer for another product counts as
  // "still reading", never as "not in the mirror"
  if (key === 0) return null;
  return answer && answer.prdno === key ? answer.info : undefined;
}
