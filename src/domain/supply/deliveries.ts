// What the orders brought of a product (spec §3 Order, §4 Order status codes). Every node of
// an order counts on its own: the order and its children (partial deliveries are orders with
// parent = the order), each with its own status, created_at and items.
//
// The delivery date: an order row has no delivery or shipping date, only created_at, so a
// node that reached "finished" or "sent" is taken as delivered on the Zurich date of its
// created_at. The real parcel arrives 2-3 working days later (spec §1); the forecast is that
// much early, on the safe side.
import { TIME_ZONE } from '../constants.ts';
import type { Order, Pharmacode, RecordId } from '../entities.ts';
import { orderAndChildren } from '../order-list.ts';
import { isClosed } from '../order-status.ts';
import { toCalendarDate, type CalendarDate } from '../zoned-time.ts';

/** Spec §4: 99 canceled: the order brought nothing and brings nothing. */
export const STATUS_CANCELED = 99;

export type NodeSupply = 'delivered' | 'on_the_way' | 'canceled';

/** Finished or sent (90 and above, not 99) is delivered; below 90 (open, in progress, nota) on the way. */
export function nodeSupply(status: number): NodeSupply {
  if (status === STATUS_CANCELED) return 'canceled';
  return isClosed(status) ? 'delivered' : 'on_the_way';
}

export interface Delivery {
  orderId: RecordId;
  day: CalendarDate;
  /** Packs (the items' amounts), not units. */
  packs: number;
}

export interface ProductOrders {
  /** Oldest first. */
  delivered: Delivery[];
  /** Packs of nodes not yet finished or sent. */
  packsOnTheWay: number;
  /** Whether any node that is not canceled holds the product. */
  ordered: boolean;
  /** The amount of the latest item of the product in a node that is not canceled, or null. */
  latestAmount: number | null;
}

/** Each node once, even when the list holds children at the top level as well. */
function nodes(orders: readonly Order[]): Order[] {
  const seen = new Map<RecordId, Order>();
  for (const top of orders) for (const node of orderAndChildren(top)) if (!seen.has(node.id)) seen.set(node.id, node);
  return [...seen.values()];
}

const packsOf = (node: Order, pharmacode: Pharmacode): number =>
  (node.webshop_order_item ?? []).filter((i) => i.pharmacode === pharmacode && Number.isFinite(i.amount) && i.amount > 0).reduce((n, i) => n + i.amount, 0);

/** A node whose created_at cannot be read is left out of `delivered` (it has no day). */
export function productOrders(orders: readonly Order[], pharmacode: Pharmacode, timeZone: string = TIME_ZONE): ProductOrders {
  const out: ProductOrders = { delivered: [], packsOnTheWay: 0, ordered: false, latestAmount: null };
  let latest: { ms: number; id: RecordId } | null = null;
  for (const node of nodes(orders)) {
    const packs = packsOf(node, pharmacode);
    const supply = nodeSupply(node.status);
    if (packs === 0 || supply === 'canceled') continue;
    out.ordered = true;
    const ms = Date.parse(node.created_at);
    if (!Number.isNaN(ms) && (latest === null || ms > latest.ms || (ms === latest.ms && node.id > latest.id))) {
      latest = { ms, id: node.id };
      out.latestAmount = packs;
    }
    if (supply === 'on_the_way') out.packsOnTheWay += packs;
    else {
      const day = toCalendarDate(node.created_at, timeZone);
      if (day !== null) out.delivered.push({ orderId: node.id, day, packs });
    }
  }
  out.delivered.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.orderId - b.orderId));
  return out;
}
