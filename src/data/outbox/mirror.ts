// How an outbox entry shows in the local mirror before the server has it (pure functions).
// A write merges its fields into the row with its id (or adds the row: the latest record, since
// temporary ids are the highest), as its table declares (../tables/synced-tables.ts: what the
// server derives and resets); a delete removes the row; a new order becomes an order row with the
// temporary id, `pending: true` and the outbox id. Applying an entry twice gives the same mirror,
// so pending entries can be re-applied on top of freshly pulled data.
import type { CustomerRecord, RecordId } from '../../domain/entities';
import type { MirrorOrder } from '../local/mirror-schema';
import { syncedTable, type Row, type SyncedTable } from '../tables/synced-tables';
import type { CallEntry, RowPayload, TypedOutboxEntry } from './kinds';

type IdRow = { id: RecordId } & Row;

export function emptyCustomer(customerId: string): CustomerRecord {
  return { id: customerId, first_name: null, last_name: null, gender: null, birthday: null, language: null };
}

/**
 * The row after a write of `fields`: what the server would store (its merge rule and derived
 * columns). `old` absent: a new row of this customer.
 */
export function mergedRow(t: SyncedTable, old: Row | undefined, fields: Row, customerId: string, key: Row): Row {
  const written = t.merge ? t.merge(old, fields) : fields;
  const row = old ? { ...old, ...written, ...key } : { customer_id: customerId, ...written, ...key };
  return t.derive ? t.derive(row) : row;
}

/** The list with the write applied; an update of a row the list does not hold changes nothing. */
function writeInList(t: SyncedTable, rows: readonly IdRow[], payload: RowPayload, customerId: string, create: boolean): IdRow[] {
  const id = payload.id as RecordId;
  const old = rows.find((r) => r.id === id);
  if (!old && !create) return [...rows];
  const row = mergedRow(t, old, payload.fields, customerId, { id }) as IdRow;
  return old ? rows.map((r) => (r.id === id ? row : r)) : [...rows, row];
}

/** The customer record with the entry applied (calls leave it unchanged; a table mirrored apart, but for its `onInsert`). */
export function applyToCustomer(record: CustomerRecord | undefined, entry: TypedOutboxEntry): CustomerRecord | undefined {
  if (entry.kind === 'call') return record;
  const t = syncedTable(entry.payload.table);
  if (t.mirror === 'rows') return entry.kind === 'row.insert' && t.onInsert ? t.onInsert(record, entry.payload.fields) : record;
  const base = record ?? emptyCustomer(entry.customer_id);
  if (t.mirror === 'customer') return entry.kind === 'row.delete' ? record : { ...base, ...entry.payload.fields };
  const rows = (base[t.name as keyof CustomerRecord] ?? []) as unknown as IdRow[];
  const next =
    entry.kind === 'row.delete' ? rows.filter((r) => r.id !== entry.payload.id) : writeInList(t, rows, entry.payload, entry.customer_id, entry.kind !== 'row.update');
  return { ...base, [t.name]: next };
}

/** The pending order row of an order entry. */
export function pendingOrder(entry: CallEntry & { payload: { name: 'webshopOrder' } }): MirrorOrder {
  const { id, body } = entry.payload;
  return {
    id,
    created_at: new Date(entry.createdAt).toISOString(),
    customer_id: entry.customer_id,
    parent: null,
    status: 0,
    children: [],
    webshop_order_item: Object.entries(body.p_medications).map(([pharmacode, amount], i) => ({ id: i + 1, pharmacode: Number(pharmacode), amount })),
    delivery_nr: null,
    delivery_method: null,
    comment: body.p_comment ?? null,
    pending: true,
    outbox_id: entry.id,
  };
}

/** The customer record with a temporary row id of one of its lists replaced by the server's id. */
export function replaceRowId(record: CustomerRecord, list: string, tempId: RecordId, serverId: RecordId): CustomerRecord {
  const rows = (record[list as keyof CustomerRecord] ?? []) as unknown as IdRow[];
  if (!rows.some((r) => r.id === tempId)) return record;
  return { ...record, [list]: rows.filter((r) => r.id !== serverId).map((r) => (r.id === tempId ? { ...r, id: serverId } : r)) };
}
