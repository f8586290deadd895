// The Orders list of spec §2/§4: Open/Closed toggle, newest first, product count per order.
import type { Order, RecordId } from './entities.ts';
import { isOrderClosed } from './order-status.ts';

export type OrderToggle = 'open' | 'closed';

/** Newest first: by id descending (as the orders are loaded, spec §7). Returns a copy. */
export function sortOrdersNewestFirst<T extends Pick<Order, 'id'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => b.id - a.id);
}

/** Open shows unfinished orders (effective status below 90), Closed the rest (spec §4). */
export function ordersForToggle<T extends Order>(orders: readonly T[], toggle: OrderToggle): T[] {
  const closed = toggle === 'closed';
  return sortOrdersNewestFirst(orders.filter((o) => isOrderClosed(o) === closed));
}

export function splitOrders(orders: readonly Order[]): { open: Order[]; closed: Order[] } {
  return { open: ordersForToggle(orders, 'open'), closed: ordersForToggle(orders, 'closed') };
}

/** Reads the `active` query of /orders: 'false' selects Closed, anything else Open. */
export function orderToggleFromQuery(active: string | null | undefined): OrderToggle {
  return active === 'false' ? 'closed' : 'open';
}

/** The order and all its descendants, the order first. */
export function orderAndChildren(order: Order): Order[] {
  return [order, ...(order.children ?? []).flatMap(orderAndChildren)];
}

/**
 * Product count of an order (spec §3: the sum over the order and its children).
 * Choice: it counts items, i.e. product lines (webshop_order_item rows), not the amounts
 * ordered of each; "3 products" means three different lines. See orderUnitCount for amounts.
 */
export function orderItemCount(order: Order): number {
  return orderAndChildren(order).reduce((n, o) => n + (o.webshop_order_item?.length ?? 0), 0);
}

/** Sum of the ordered amounts over the order and its children (packages, not lines). */
export function orderUnitCount(order: Order): number {
  return orderAndChildren(order).reduce(
    (n, o) => n + (o.webshop_order_item ?? []).reduce((m, item) => m + item.amount, 0),
    0,
  );
}

/** Partial deliveries of an order: its children, newest first. */
export function partialDeliveries(order: Order): Order[] {
  return sortOrdersNewestFirst(order.children ?? []);
}

export function findOrder(orders: readonly Order[], id: RecordId): Order | null {
  return orders.find((o) => o.id === id) ?? null;
}
