import { useLiveQuery } from 'dexie-react-hooks';
import type { Medication, Pharmacode } from '../../domain/entities';
import { localDb, type LocalDb } from '../local/local-db';
import { readMedications } from './mirror-queries';

/**
 * The stored details of these pharmacodes, by pharmacode. The pull stores those of the
 * prescriptions, the ordered items and the questionnaire's other medications; others are
 * absent from the map (look them up over the network).
 */
export function useMedications(pharmacodes: readonly Pharmacode[], db: LocalDb = localDb()): ReadonlyMap<Pharmacode, Medication> | undefined {
  // the query depends on the codes, not on the array: a new array with the same codes is the same query
  const key = pharmacodes.join(',');
  return useLiveQuery(() => readMedications(db, pharmacodes), [db, key]);
}
