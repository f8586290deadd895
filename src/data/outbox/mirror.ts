// How an outbox entry shows in the local mirror before the server has it (pure functions).
// Upserts merge into the row with the payload's id (or add it: the latest record, since
// temporary ids are the highest); a delete removes the row; a new order becomes an order
// row with the temporary id, `pending: true` and the outbox id. Applying an entry twice gives
// the same mirror, so pending entries can be re-applied on top of freshly pulled data.
import type { CustomerRecord, RecordId } from '../../domain/entities';
import { bmi } from '../../domain/schemas/questionnaire';
import type { MirrorOrder } from '../local/local-db';
import { LIST_OF, type CustomerList, type TypedOutboxEntry } from './kinds';

type Row = { id: RecordId } & Record<string, unknown>;

export function emptyCustomer(customerId: string): CustomerRecord {
  return { id: customerId, first_name: null, last_name: null, gender: null, birthday: null, language: null };
}

function upsertRow(rows: readonly Row[], id: RecordId, fields: Record<string, unknown>, onNew: Record<string, unknown>): Row[] {
  const found = rows.some((r) => r.id === id);
  if (!found) return [...rows, { ...onNew, ...fields, id }];
  return rows.map((r) => (r.id === id ? { ...r, ...fields, id } : r));
}

/** The columns the server derives from others (generated columns), derived again after a local merge. */
function derived(list: CustomerList, row: Row): Row {
  switch (list) {
    case 'webshop_customer_insurance':
      return {
        ...row,
        insurance_name: row.insurance ?? null,
        insurance_nr: row.veka_nr ?? null,
        insurance_police_nr: row.police_nr ?? null,
        voluntary_insurance_name: row.additional_insurance ?? null,
        voluntary_insurance_nr: row.additional_insurance_nr ?? null,
      };
    case 'webshop_customer_questionnaire': {
      const { weight, size } = row;
      return { ...row, bmi: weight != null && size != null ? bmi(Number(weight), Number(size)) : null };
    }
    default:
      return row;
  }
}

/** The fields an entry writes into its row (only those it carries: the rest of the row stays). */
function rowFields(entry: TypedOutboxEntry): Record<string, unknown> {
  const { id: _id, ...fields } = entry.payload as Row;
  return fields;
}

/** The customer record with the entry applied (orders leave it unchanged). */
export function applyToCustomer(record: CustomerRecord | undefined, entry: TypedOutboxEntry): CustomerRecord | undefined {
  // an order shows in the order list; a mail changes nothing the patient sees
  if (entry.kind === 'order.create' || entry.kind === 'mail.prescriptionLocation') return record;
  const base = record ?? emptyCustomer(entry.customer_id);
  if (entry.kind === 'customer.upsert') {
    const { first_name, last_name, gender, birthday } = entry.payload;
    return { ...base, first_name, last_name, gender, birthday };
  }
  const list = LIST_OF[entry.kind] as CustomerList;
  const rows = (base[list] ?? []) as unknown as Row[];
  const id = entry.payload.id;
  let next: Row[];
  if (entry.kind === 'additionalInfo.delete') next = rows.filter((r) => r.id !== id);
  else if (entry.kind === 'additionalInfo.sendAsap') next = rows.map((r) => (r.id === id ? { ...r, send_asap: entry.payload.send_asap } : r));
  else {
    const fields = rowFields(entry);
    const onNew: Record<string, unknown> = { customer_id: entry.customer_id };
    if (entry.kind === 'additionalInfo.upsert') {
      // the server resets `handled` when the send method changes, and a new row starts with it false
      const old = rows.find((r) => r.id === id);
      const methodChanged = 'prescription_send_method' in entry.payload && old?.prescription_send_method !== entry.payload.prescription_send_method;
      if (!old || methodChanged) fields.handled = false;
      Object.assign(onNew, { send_asap: null, handled: false });
    }
    next = upsertRow(rows, id, fields, onNew).map((r) => (r.id === id ? derived(list, r) : r));
  }
  return { ...base, [list]: next };
}

/** The pending order row of an order entry. */
export function pendingOrder(entry: TypedOutboxEntry & { kind: 'order.create' }): MirrorOrder {
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

/** The customer record with a temporary row id replaced by the server's id. */
export function replaceRowId(record: CustomerRecord, list: CustomerList, tempId: RecordId, serverId: RecordId): CustomerRecord {
  const rows = (record[list] ?? []) as unknown as Row[];
  if (!rows.some((r) => r.id === tempId)) return record;
  return { ...record, [list]: rows.filter((r) => r.id !== serverId).map((r) => (r.id === tempId ? { ...r, id: serverId } : r)) };
}
