import type { LocalDb } from '../local/local-db';
import type { OrderView } from '../local/mirror-reads';
import { ordersQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/** Top-level orders, newest first; those placed offline on top, `pending` while they wait. */
export const useOrders = (db?: LocalDb): OrderView[] | undefined => useMirrorQuery(ordersQuery, db);
