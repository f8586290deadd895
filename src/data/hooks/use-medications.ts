import { useMemo } from 'react';
import type { Medication, Pharmacode } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { medicationsQuery } from '../local/mirror-query';
import { useMirrorQuery, type MirrorQueryOptions } from './use-mirror-query';

/**
 * The stored details of these pharmacodes, by pharmacode. The pull stores those of the
 * prescriptions, the ordered items and the questionnaire's other medications; others are
 * absent from the map (look them up over the network). Pass the codes as `codesOf` gives them
 * (each once, ascending): a read ahead of the same codes is then found.
 */
export function useMedications(pharmacodes: readonly Pharmacode[], db?: LocalDb, options?: MirrorQueryOptions): ReadonlyMap<Pharmacode, Medication> | undefined {
  // the query depends on the codes, not on the array: a new array with the same codes is the same query
  const key = pharmacodes.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => medicationsQuery(pharmacodes), [key]);
  return useMirrorQuery(query, db, options);
}
