// Hooks over the mirror (dexie-react-hooks' useLiveQuery) render the same online and
// offline and re-render when a pull or an outbox write changes the data. Each answers
// `undefined` while its first read is under way.
import { useLiveQuery } from 'dexie-react-hooks';
import type { CustomerRecord } from '../../domain/entities';
import { localDb, type LocalDb } from '../local/local-db';
import { readCustomer } from './mirror-queries';

/** The signed-in patient's record with its nested tables; null: none yet (new account) or signed out. */
export function useCustomerRecord(db: LocalDb = localDb()): CustomerRecord | null | undefined {
  return useLiveQuery(() => readCustomer(db), [db]);
}
