// What a realtime change means for the mirror (spec §4 Realtime: the customer's tables reload the
// customer, the order's the orders), as each table's module declares it (its `realtime` routing,
// tables/table-declaration.ts), read against what the mirror holds:
// - a table mirrored apart (the registry's 'rows' tables): the row is put or removed as it came;
// - a DELETE of a row the mirror does not hold is nobody's business here: hosted Realtime sends
//   every subscriber each delete (as its opaque primary key only), other patients' included;
// - a row that names another customer is ignored;
// - an INSERT or UPDATE the mirror already shows (the patient's own write, acknowledged) needs no
//   reload of the whole customer record;
// - anything else reloads its part.
import type { CustomerRecord, Order } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { dexieReads, ordersOfCustomer } from '../local/mirror-reads';
import { sameContent } from '../outbox/send';
import { realtimeRouting, type Row } from '../tables/synced-tables';
import type { Routing } from '../tables/table-declaration';
import type { RowChange } from './realtime-subscription';

export type ChangeAction = { kind: 'ignore' } | { kind: 'reload'; area: 'customer' | 'orders' } | { kind: 'row' };

const IGNORE: ChangeAction = { kind: 'ignore' };

/** False when the row names another customer (in the column its table's routing names: customer_id, or the id of the customer row). */
export function concernsUser(table: string, row: Row, userId: string): boolean {
  const owner = row[realtimeRouting(table)?.owner ?? 'customer_id'];
  return owner === undefined || owner === null || owner === userId;
}

/**
 * Does the stored row hold what names the changed one: its id, or — a DELETE, which carries the
 * primary key alone — every value it has (the customer row's opaque row_id, issue 37)?
 */
function names(stored: Row, row: Row): boolean {
  const key = Object.entries('id' in row ? { id: row.id } : row);
  return key.length > 0 && key.every(([column, value]) => stored[column] === value);
}

/** The row of the customer record this change names, if the mirror holds it. */
function heldInRecord(record: CustomerRecord | undefined, table: string, routing: Routing, row: Row): Row | null {
  if (!record) return null;
  // the customer row itself: its own columns, not the lists nested in the record
  if (routing.heldAs === 'customer') {
    const own = Object.fromEntries(Object.entries(record).filter(([, v]) => !Array.isArray(v)));
    return names(own, row) ? own : null;
  }
  const list = (record[table as keyof CustomerRecord] ?? []) as unknown as Row[];
  return Array.isArray(list) ? (list.find((r) => names(r, row)) ?? null) : null;
}

/** Does the mirror hold the order or order item with this id (orders, their children, their items)? */
function heldInOrders(orders: readonly Order[], routing: Routing, id: unknown): boolean {
  const nodes = orders.flatMap((o) => [o, ...(o.children ?? [])]);
  if (routing.heldAs === 'order') return nodes.some((o) => o.id === id);
  return nodes.some((o) => (o.webshop_order_item ?? []).some((i) => i.id === id));
}

export async function routeChange(db: LocalDb, userId: string, change: RowChange): Promise<ChangeAction> {
  const routing = realtimeRouting(change.table);
  if (routing === null) return IGNORE;
  const { area } = routing;
  if (area === 'row') return { kind: 'row' };
  if (!concernsUser(change.table, change.row, userId)) return IGNORE;
  if (area === 'orders') {
    if (change.type !== 'DELETE') return { kind: 'reload', area };
    const orders = await ordersOfCustomer(dexieReads(db), userId);
    return heldInOrders(orders, routing, change.row.id) ? { kind: 'reload', area } : IGNORE;
  }
  const held = heldInRecord(await db.customers.get(userId), change.table, routing, change.row);
  if (change.type === 'DELETE') return held ? { kind: 'reload', area } : IGNORE;
  // the mirror shows every column it has of this row as the server now has it
  return held && sameContent(change.row, held) ? IGNORE : { kind: 'reload', area };
}
