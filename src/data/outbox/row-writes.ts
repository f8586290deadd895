// The rows the outbox writes, typed by their table: supabase-js checks an insert or upsert
// against the table's Insert type only for a literal table name (its types cannot be generic
// over tables), so each table has its case here, and a row is paired with its table.
import type { TablesInsert } from '../database.types';
import type { AppClient } from '../supabase-client';
import type { CustomerList, TypedOutboxEntry } from './kinds';

export type WrittenTable = 'webshop_customers' | CustomerList;

type WriteTo<Tables extends WrittenTable> = { [T in Tables]: { table: T; row: TablesInsert<T> } }[Tables];
/** A row with the table it goes to. */
export type RowWrite = WriteTo<WrittenTable>;
export type ListWrite = WriteTo<CustomerList>;

type ListEntry = TypedOutboxEntry & { kind: Exclude<TypedOutboxEntry['kind'], 'order.create' | 'customer.upsert' | 'additionalInfo.delete' | 'mail.prescriptionLocation'> };

/**
 * The row of a list entry: the server's id (none for a row the server has not inserted yet),
 * the customer and the payload's fields. Additional info is saved by id and fields only
 * (spec §7); its customer_id defaults to auth.uid().
 */
export function listRow(entry: ListEntry, id: number | undefined): ListWrite {
  const { customer_id } = entry;
  const key = id === undefined ? {} : { id };
  switch (entry.kind) {
    case 'address.upsert':
      return { table: 'webshop_customer_address', row: { ...key, customer_id, ...fieldsOf(entry.payload) } };
    case 'insurance.upsert':
      return { table: 'webshop_customer_insurance', row: { ...key, customer_id, ...fieldsOf(entry.payload) } };
    case 'questionnaire.upsert':
      return { table: 'webshop_customer_questionnaire', row: { ...key, customer_id, ...fieldsOf(entry.payload) } };
    case 'orderDefaults.insert':
      return { table: 'webshop_customer_order_defaults', row: { ...key, customer_id, ...fieldsOf(entry.payload) } };
    case 'additionalInfo.upsert':
    case 'additionalInfo.sendAsap':
      return { table: 'webshop_customer_additional_info', row: { ...key, ...fieldsOf(entry.payload) } };
  }
}

/** A payload without its id (which may be a temporary one). */
export const fieldsOf = <P extends { id: unknown }>({ id: _id, ...fields }: P): Omit<P, 'id'> => fields;

/** Upsert by primary key (the row carries its id). */
export function upsertRow(client: AppClient, w: RowWrite) {
  switch (w.table) {
    case 'webshop_customers':
      return client.from(w.table).upsert(w.row);
    case 'webshop_customer_address':
      return client.from(w.table).upsert(w.row);
    case 'webshop_customer_insurance':
      return client.from(w.table).upsert(w.row);
    case 'webshop_customer_questionnaire':
      return client.from(w.table).upsert(w.row);
    case 'webshop_customer_order_defaults':
      return client.from(w.table).upsert(w.row);
    case 'webshop_customer_additional_info':
      return client.from(w.table).upsert(w.row);
  }
}

/** Insert; the server's id comes back. */
export function insertRow(client: AppClient, w: RowWrite) {
  switch (w.table) {
    case 'webshop_customers':
      return client.from(w.table).insert(w.row).select('id').single();
    case 'webshop_customer_address':
      return client.from(w.table).insert(w.row).select('id').single();
    case 'webshop_customer_insurance':
      return client.from(w.table).insert(w.row).select('id').single();
    case 'webshop_customer_questionnaire':
      return client.from(w.table).insert(w.row).select('id').single();
    case 'webshop_customer_order_defaults':
      return client.from(w.table).insert(w.row).select('id').single();
    case 'webshop_customer_additional_info':
      return client.from(w.table).insert(w.row).select('id').single();
  }
}

/** The fields of a list entry alone (an update names its row by id and leaves every other column as it is). */
export function listFields(entry: ListEntry): ListWrite {
  switch (entry.kind) {
    case 'address.upsert':
      return { table: 'webshop_customer_address', row: fieldsOf(entry.payload) };
    case 'insurance.upsert':
      return { table: 'webshop_customer_insurance', row: fieldsOf(entry.payload) };
    case 'questionnaire.upsert':
      return { table: 'webshop_customer_questionnaire', row: fieldsOf(entry.payload) };
    case 'orderDefaults.insert':
      return { table: 'webshop_customer_order_defaults', row: fieldsOf(entry.payload) };
    case 'additionalInfo.upsert':
    case 'additionalInfo.sendAsap':
      return { table: 'webshop_customer_additional_info', row: fieldsOf(entry.payload) };
  }
}

/** Update of the given columns of one row; the ids of the updated rows come back (none: the row is gone or not the patient's). */
export function updateRow(client: AppClient, w: ListWrite, id: number) {
  switch (w.table) {
    case 'webshop_customer_address':
      return client.from(w.table).update(w.row).eq('id', id).select('id');
    case 'webshop_customer_insurance':
      return client.from(w.table).update(w.row).eq('id', id).select('id');
    case 'webshop_customer_questionnaire':
      return client.from(w.table).update(w.row).eq('id', id).select('id');
    case 'webshop_customer_order_defaults':
      return client.from(w.table).update(w.row).eq('id', id).select('id');
    case 'webshop_customer_additional_info':
      return client.from(w.table).update(w.row).eq('id', id).select('id');
  }
}
