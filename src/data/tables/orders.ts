// The order tree (spec §3 webshop_order with its items and partial deliveries): the pharmacy
// writes it, the app places and cancels orders through server calls (calls.ts) and pulls the tree
// by its own select (pull/queries.ts). Realtime follows both tables: a change reloads the orders.
import type { FollowedTable } from './table-declaration';

export const ORDER = 'webshop_order';

/** The order tree: items and the sub-packages (children) with their items (supabase/README.md). */
export const ORDER_SELECT = '*, webshop_order_item(*), children:webshop_order(*, webshop_order_item(*))';

export const ORDER_TABLES: readonly FollowedTable[] = [
  { name: ORDER, realtime: { area: 'orders', owner: 'customer_id', heldAs: 'order' } },
  { name: 'webshop_order_item', realtime: { area: 'orders', owner: 'customer_id', heldAs: 'item' } },
];
