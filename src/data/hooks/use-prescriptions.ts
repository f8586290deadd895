import { useLiveQuery } from 'dexie-react-hooks';
import type { Prescription } from '../../domain/entities';
import { localDb, type LocalDb } from '../local/local-db';
import { readPrescriptions } from './mirror-queries';

/** The prescriptions (webshop_customer_medication of the customer record), by id. */
export function usePrescriptions(db: LocalDb = localDb()): Prescription[] | undefined {
  return useLiveQuery(() => readPrescriptions(db), [db]);
}
