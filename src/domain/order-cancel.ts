// Cancelling an order (spec §4 Order status codes: 0 open, 99 canceled). The
// patient may cancel while the pharmacy has not started: the order and every partial delivery
// (child order) still at 0. The server holds the same rule (RPC cancel_order: PT409
// order_started), since the pharmacy may start the order while the cancel waits in the outbox.
import type { Order } from './entities.ts';

export const STATUS_OPEN = 0;
export const STATUS_CANCELED = 99;

type OrderTree = Pick<Order, 'status' | 'children'>;

const statusesOf = (order: OrderTree): number[] => [order.status, ...(order.children ?? []).flatMap(statusesOf)];

/** 'open': may be cancelled; 'canceled': is already (nothing to do); 'started': the pharmacy works on it. */
export type CancelState = 'open' | 'canceled' | 'started';

export function cancelState(order: OrderTree): CancelState {
  const statuses = statusesOf(order);
  if (statuses.every((s) => s === STATUS_OPEN)) return 'open';
  if (statuses.every((s) => s === STATUS_CANCELED)) return 'canceled';
  return 'started';
}

/** The order as a cancel leaves it: status 99, its partial deliveries too. */
export function canceledOrder<T extends OrderTree>(order: T): T {
  return { ...order, status: STATUS_CANCELED, ...(order.children ? { children: order.children.map(canceledOrder) } : {}) };
}
