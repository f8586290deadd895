// What /orders reads of the mirror, as the queries its screen's hooks ask: the route reads them
// ahead at a returning patient's start (src/app/routes.ts), so its first paint shows the orders.
import { areaLoadQuery, codesOf, medicationsQuery, ordersQuery, refusedOrdersQuery, tableQuery, type RefusedOrder } from '../../data/local/mirror-query';
import { caregiverGrantsRead } from '../../data/tables/caregiver-grants';
import type { OrderView } from '../../data/local/mirror-reads';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';
import type { Pharmacode } from '../../domain/entities';
import { orderedPharmacodes } from './order-rows';

/** The products the screen names: the orders' items (children too) and the refused orders'. */
export const ordersScreenCodes = (orders: readonly OrderView[], refused: readonly RefusedOrder[]): Pharmacode[] =>
  codesOf([...orderedPharmacodes(orders), ...refused.flatMap((r) => Object.keys(r.medications).map(Number))]);

export const readOrdersAhead: ReadAhead = async (reads) => {
  const [orders, refused] = await Promise.all([
    readAhead(ordersQuery, reads),
    readAhead(refusedOrdersQuery, reads),
    readAhead(areaLoadQuery('orders'), reads),
    readAhead(tableQuery(caregiverGrantsRead), reads),
  ]);
  await readAhead(medicationsQuery(ordersScreenCodes(orders, refused)), reads);
};
