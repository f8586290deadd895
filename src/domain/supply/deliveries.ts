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

/** The packs of each product in a node (items of a non-positive or unreadable amount count none). */
function packsByProduct(node: Order): Map<Pharmacode, number> {
  const packs = new Map<Pharmacode, number>();
  for (const i of node.webshop_order_item ?? []) {
    if (!Number.isFinite(i.amount) || i.amount <= 0) continue;
    packs.set(i.pharmacode, (packs.get(i.pharmacode) ?? 0) + i.amount);
  }
  return packs;
}

const noOrders = (): ProductOrders => ({ delivered: [], packsOnTheWay: 0, ordered: false, latestAmount: null });

/** Every product's orders in one pass over the nodes. */
function indexProductOrders(orders: readonly Order[], timeZone: string): Map<Pharmacode, ProductOrders> {
  const index = new Map<Pharmacode, ProductOrders>();
  const latest = new Map<Pharmacode, { ms: number; id: RecordId }>();
  for (const node of nodes(orders)) {
    const supply = nodeSupply(node.status);
    if (supply === 'canceled') continue;
    const ms = Date.parse(node.created_at);
    let day: CalendarDate | null | undefined;
    for (const [pharmacode, packs] of packsByProduct(node)) {
      let out = index.get(pharmacode);
      if (!out) index.set(pharmacode, (out = noOrders()));
      out.ordered = true;
      const held = latest.get(pharmacode);
      if (!Number.isNaN(ms) && (held === undefined || ms > held.ms || (ms === held.ms && node.id > held.id))) {
        latest.set(pharmacode, { ms, id: node.id });
        out.latestAmount = packs;
      }
      if (supply === 'on_the_way') out.packsOnTheWay += packs;
      else {
        if (day === undefined) day = toCalendarDate(node.created_at, timeZone);
        if (day !== null) out.delivered.push({ orderId: node.id, day, packs });
      }
    }
  }
  for (const out of index.values()) out.delivered.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.orderId - b.orderId));
  return index;
}

// The rules ask about one list of orders product after product (each prescription's course,
// each forecast): scanning every order for each was 200–300 ms of a long list's render at 4×
// CPU (issue 36). The index is built once per list and time zone; a list of orders is a value
// here (the mirror's reads and the screens' props are never changed in place).
const indexes = new WeakMap<readonly Order[], Map<string, Map<Pharmacode, ProductOrders>>>();

function productOrdersIndex(orders: readonly Order[], timeZone: string): Map<Pharmacode, ProductOrders> {
  let byZone = indexes.get(orders);
  if (!byZone) indexes.set(orders, (byZone = new Map()));
  let index = byZone.get(timeZone);
  if (!index) byZone.set(timeZone, (index = indexProductOrders(orders, timeZone)));
  return index;
}

/**
 * A node whose created_at cannot be read is left out of `delivered` (it has no day). The answer
 * is shared by every caller asking about the same list: each gets a copy of the object and of
 * its `delivered` list, whose entries are shared and only read (intake course, forecast).
 */
export function productOrders(orders: readonly Order[], pharmacode: Pharmacode, timeZone: string = TIME_ZONE): ProductOrders {
  const found = productOrdersIndex(orders, timeZone).get(pharmacode);
  return found ? { ...found, delivered: [...found.delivered] } : noOrders();
}
