// What a realtime change means for the mirror (spec §4 Realtime: webshop_cust* reloads the
// customer, webshop_order* the orders), read against what the mirror holds:
// - a table mirrored apart (the registry's 'rows' tables): the row is put or removed as it came;
// - a DELETE of a row the mirror does not hold is nobody's business here: hosted Realtime sends
//   every subscriber each delete (as its opaque primary key only), other patients' included;
// - a row that names another customer is ignored;
// - an INSERT or UPDATE the mirror already shows (the patient's own write, acknowledged) needs no
//   reload of the whole customer record;
// - anything else reloads its part.
import type { CustomerRecord, Order } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { sameContent } from '../outbox/send';
import { isSyncedTable, syncedTable, type Row } from '../tables/synced-tables';
import type { RowChange } from './realtime-subscription';

export type ChangeAction = { kind: 'ignore' } | { kind: 'reload'; area: 'customer' | 'orders' } | { kind: 'row' };

const IGNORE: ChangeAction = { kind: 'ignore' };

function areaOf(table: string): 'customer' | 'orders' | 'row' | null {
  if (isSyncedTable(table)) return syncedTable(table).mirror === 'rows' ? 'row' : 'customer';
  if (table.startsWith('webshop_order')) return 'orders';
  if (table.startsWith('webshop_cust')) return 'customer';
  return null;
}

/** False when the row names another customer (customer_id, or the id of webshop_customers). */
export function concernsUser(table: string, row: Row, userId: string): boolean {
  const owner = table === 'webshop_customers' ? row.id : row.customer_id;
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
function heldInRecord(record: CustomerRecord | undefined, table: string, row: Row): Row | null {
  if (!record) return null;
  // the customer row itself: its own columns, not the lists nested in the record
  if (table === 'webshop_customers') {
    const own = Object.fromEntries(Object.entries(record).filter(([, v]) => !Array.isArray(v)));
    return names(own, row) ? own : null;
  }
  const list = (record[table as keyof CustomerRecord] ?? []) as unknown as Row[];
  return Array.isArray(list) ? (list.find((r) => names(r, row)) ?? null) : null;
}

/** Does the mirror hold the order or order item with this id (orders, their children, their items)? */
function heldInOrders(orders: readonly Order[], table: string, id: unknown): boolean {
  const nodes = orders.flatMap((o) => [o, ...(o.children ?? [])]);
  if (table === 'webshop_order') return nodes.some((o) => o.id === id);
  return nodes.some((o) => (o.webshop_order_item ?? []).some((i) => i.id === id));
}

export async function routeChange(db: LocalDb, userId: string, change: RowChange): Promise<ChangeAction> {
  const area = areaOf(change.table);
  if (area === null) return IGNORE;
  if (area === 'row') return { kind: 'row' };
  if (!concernsUser(change.table, change.row, userId)) return IGNORE;
  if (area === 'orders') {
    if (change.type !== 'DELETE') return { kind: 'reload', area };
    const orders = await db.orders.where('customer_id').equals(userId).toArray();
    return heldInOrders(orders, change.table, change.row.id) ? { kind: 'reload', area } : IGNORE;
  }
  const held = heldInRecord(await db.customers.get(userId), change.table, change.row);
  if (change.type === 'DELETE') return held ? { kind: 'reload', area } : IGNORE;
  // the mirror shows every column it has of this row as the server now has it
  return held && sameContent(change.row, held) ? IGNORE : { kind: 'reload', area };
}
