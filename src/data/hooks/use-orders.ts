import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type LocalDb } from '../local/local-db';
import { readOrders, type OrderView } from './mirror-queries';

export type { OrderView } from './mirror-queries';

/** Top-level orders, newest first; those placed offline on top, `pending` (and `rejected` once refused). */
export function useOrders(db: LocalDb = localDb()): OrderView[] | undefined {
  return useLiveQuery(() => readOrders(db), [db]);
}
