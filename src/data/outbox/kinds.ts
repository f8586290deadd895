// What an outbox entry can hold: generic writes of a synced table (../tables/synced-tables.ts)
// and calls of the server (../tables/calls.ts). Payloads are plain JSON (they sit in IndexedDB).
// A row `id` that is a temporary id (ids.ts) names a row the server has not inserted yet: its
// insert is sent as such and, once the server answers, the temporary id is replaced by the
// server's everywhere (mirror and later entries).
import type { Address, Customer, InsuranceSave, OrderDefaults, Questionnaire, AdditionalInfo, RecordId } from '../../domain/entities';
import type { WebshopOrderBody } from '../../domain/order-draft';
import type { OutboxEntry } from '../local/mirror-schema';
import { CALLS, callDef, type CallName } from '../tables/calls';
import { isSyncedTable, syncedTable, syncedTables, type Row } from '../tables/synced-tables';

export type BaseDataFields = Pick<Customer, 'first_name' | 'last_name' | 'gender' | 'birthday'>;
export type AddressFields = Pick<Address, 'street' | 'street_nr' | 'address2' | 'zip' | 'city' | 'phone'>;
export type InsuranceFields = Omit<InsuranceSave, 'id' | 'customer_id'>;
export type QuestionnaireFields = Omit<Questionnaire, 'id' | 'customer_id'>;
export type OrderDefaultsFields = Pick<OrderDefaults, 'generic' | 'substitute' | 'probon' | 'get_invoice'> & { comment?: string | null };
export type SendMethodFields = Pick<
  AdditionalInfo,
  'prescription_send_method' | 'prescription_location' | 'send_all' | 'description' | 'doc_name' | 'cpg_name'
>;

/**
 * The body of prescriptionLocationMail: the chosen location (espace) or the method (post, email);
 * or, alone, the Id of an e-prescription stored before it (tables/eprescriptions.ts).
 */
export type PrescriptionMailBody = (
  | { prescription_location?: string; prescription_send_method?: 'post' | 'email' | 'espace' }
  | { eprescription_id: string }
) & {
  /** whose prescription: the patient, or the person a helper acts for (issue 41; the server checks the right to send) */
  customer_id?: string;
};

/** The body of cancel_order: the server's id of the order. */
export interface CancelOrderBody {
  p_order_id: RecordId;
}

/** What each call of ../tables/calls.ts sends. */
export interface CallBodies {
  webshopOrder: WebshopOrderBody;
  prescriptionLocationMail: PrescriptionMailBody;
  cancel_order: CancelOrderBody;
}

/**
 * A write of one row: the table, the row's key (`id`: the server's id, a temporary id for a new
 * identity row, or the key string of a table keyed otherwise) and the fields written. Edits of a
 * stored record carry only the fields the patient changed: the mirror, the pull's overlay and the
 * replay lay exactly those over the latest state (field-level merge), so edits of other fields —
 * in another tab, on another device — are kept.
 */
export interface RowPayload {
  table: string;
  id: RecordId | string;
  fields: Row;
}

export type CallPayload = { [N in CallName]: { name: N; /** a temporary id: the pending row it shows as (an order) */ id: RecordId; body: CallBodies[N] } }[CallName];

export interface OutboxCommandMap {
  /** a new row (an identity table's: a temporary id until the server answers) */
  'row.insert': RowPayload;
  /** the changed fields of a stored row, by its id (a temporary id: its insert never landed) */
  'row.update': RowPayload;
  /** the whole row by its key */
  'row.upsert': RowPayload;
  /** `fields`: the key columns, for a table keyed by more than one column */
  'row.delete': Omit<RowPayload, 'fields'> & { fields?: Row };
  call: CallPayload;
}

export type OutboxKind = keyof OutboxCommandMap;
export type OutboxCommand = { [K in OutboxKind]: { kind: K; payload: OutboxCommandMap[K] } }[OutboxKind];
export type TypedOutboxEntry = OutboxEntry & OutboxCommand;
export type RowWriteEntry = TypedOutboxEntry & { kind: 'row.insert' | 'row.update' | 'row.upsert' };
export type CallEntry = TypedOutboxEntry & { kind: 'call' };

export const OUTBOX_KINDS: readonly OutboxKind[] = ['row.insert', 'row.update', 'row.upsert', 'row.delete', 'call'];
const ROW_WRITES: ReadonlySet<string> = new Set(['row.insert', 'row.update', 'row.upsert']);

export const isRowWrite = (entry: TypedOutboxEntry): entry is RowWriteEntry => ROW_WRITES.has(entry.kind);

/** An entry this version understands: a known kind, of a registered table or a declared call. */
export function isKnownEntry(entry: OutboxEntry): entry is TypedOutboxEntry {
  if (!(OUTBOX_KINDS as readonly string[]).includes(entry.kind)) return false;
  const payload = entry.payload as { table?: unknown; name?: unknown } | null;
  if (entry.kind === 'call') return typeof payload?.name === 'string' && callDef(payload.name) !== undefined;
  return typeof payload?.table === 'string' && isSyncedTable(payload.table);
}

/** The call an entry makes, if it is one of this name. */
export function callOf<N extends CallName>(entry: TypedOutboxEntry, name: N): (CallEntry & { payload: { name: N; body: CallBodies[N] } }) | null {
  return entry.kind === 'call' && entry.payload.name === name ? (entry as CallEntry & { payload: { name: N; body: CallBodies[N] } }) : null;
}

/** Whether the entry's success makes earlier refused entries it `covers` obsolete. */
export const supersedes = (entry: TypedOutboxEntry): boolean => isRowWrite(entry) && syncedTable(entry.payload.table).supersedes;

/**
 * Does `later` write the same row as `earlier` and every field `earlier` wrote (so it is the
 * correction of a refused `earlier`)? Deletes and calls are never superseded.
 */
export function covers(later: TypedOutboxEntry, earlier: TypedOutboxEntry): boolean {
  if (!isRowWrite(later) || !isRowWrite(earlier)) return false;
  if (later.customer_id !== earlier.customer_id || later.payload.table !== earlier.payload.table) return false;
  // an insert-only table: every save is the whole set and the latest row counts
  if (syncedTable(later.payload.table).write === 'insert') return true;
  // a new record saved again after its insert was refused (that row left the mirror)
  const bothNew = later.kind === 'row.insert' && earlier.kind === 'row.insert';
  if (later.payload.id !== earlier.payload.id && !bothNew) return false;
  return Object.keys(earlier.payload.fields).every((key) => key in later.payload.fields);
}

/** The message id naming what a (refused) entry was. */
export function entryLabel(entry: TypedOutboxEntry): string {
  if (entry.kind === 'call') return callDef(entry.payload.name)?.label ?? 'sync.kind.order';
  const t = syncedTable(entry.payload.table);
  return entry.kind === 'row.delete' ? t.label('delete', []) : t.label('write', Object.keys(entry.payload.fields));
}

/** Every message id an entry's label can be (the catalogue test checks them). */
export function entryLabels(): string[] {
  const ofTables = syncedTables().flatMap((t) => [t.label('write', []), t.label('write', ['send_asap']), t.label('delete', [])]);
  return [...new Set([...ofTables, ...Object.values(CALLS).map((c) => c.label), 'sync.kind.unknown'])];
}
