// What an outbox entry can hold: one kind per write of spec §7 (Data service, Server functions).
// Payloads are plain JSON (they sit in IndexedDB). A payload `id` that is a temporary id
// (ids.ts) names a row the server has not inserted yet: it is sent as an insert and, once the
// server answers, replaced by the server's id everywhere (mirror and later entries).
import type {
  AdditionalInfo,
  Address,
  Customer,
  CustomerId,
  InsuranceSave,
  OrderDefaults,
  Questionnaire,
  RecordId,
} from '../../domain/entities';
import type { WebshopOrderBody } from '../../domain/order-draft';
import type { OutboxEntry } from '../local/local-db';

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
 * Upserts of a list carry the fields the patient changed (all of them for a new row): the
 * mirror, the pull's overlay and the replay lay exactly those over the latest state, so edits
 * of other fields — in another tab, on another device — are kept (field-level merge).
 */
export interface OutboxCommandMap {
  'customer.upsert': BaseDataFields & { id: CustomerId };
  'address.upsert': Partial<AddressFields> & { id: RecordId };
  'insurance.upsert': Partial<InsuranceFields> & { id: RecordId };
  'questionnaire.upsert': Partial<QuestionnaireFields> & { id: RecordId };
  'orderDefaults.insert': OrderDefaultsFields & { id: RecordId };
  'additionalInfo.upsert': Partial<SendMethodFields> & { id: RecordId };
  'additionalInfo.sendAsap': { id: RecordId; send_asap: boolean };
  'additionalInfo.delete': { id: RecordId };
  'order.create': { id: RecordId; body: WebshopOrderBody };
  /** prescriptionLocationMail (spec §7): tells the partner or the pharmacy's desk; `id` names nothing (a temporary id) */
  'mail.prescriptionLocation': { id: RecordId; body: PrescriptionMailBody };
}

/** The body of prescriptionLocationMail: the chosen location (espace) or the method (post, email). */
export interface PrescriptionMailBody {
  prescription_location?: string;
  prescription_send_method?: 'post' | 'email' | 'espace';
}

export type OutboxKind = keyof OutboxCommandMap;
export type OutboxCommand = { [K in OutboxKind]: { kind: K; payload: OutboxCommandMap[K] } }[OutboxKind];
export type TypedOutboxEntry = OutboxEntry & OutboxCommand;

/** Whether a kind's success supersedes an earlier REJECTED entry of its kind (see SUPERSEDING). */
const SUPERSEDES: Record<OutboxKind, boolean> = {
  'customer.upsert': true,
  'address.upsert': true,
  'insurance.upsert': true,
  'questionnaire.upsert': true,
  'orderDefaults.insert': true,
  'additionalInfo.upsert': true,
  'additionalInfo.sendAsap': true,
  'additionalInfo.delete': false,
  'order.create': false,
  'mail.prescriptionLocation': false,
};

export const OUTBOX_KINDS = Object.keys(SUPERSEDES) as readonly OutboxKind[];

export const isKnownEntry = (entry: OutboxEntry): entry is TypedOutboxEntry => (OUTBOX_KINDS as readonly string[]).includes(entry.kind);

/** The nested list of the customer record (and table) a kind writes; null for the customer row and orders. */
export type CustomerList =
  | 'webshop_customer_address'
  | 'webshop_customer_insurance'
  | 'webshop_customer_questionnaire'
  | 'webshop_customer_order_defaults'
  | 'webshop_customer_additional_info';

export const LIST_OF: Partial<Record<OutboxKind, CustomerList>> = {
  'address.upsert': 'webshop_customer_address',
  'insurance.upsert': 'webshop_customer_insurance',
  'questionnaire.upsert': 'webshop_customer_questionnaire',
  'orderDefaults.insert': 'webshop_customer_order_defaults',
  'additionalInfo.upsert': 'webshop_customer_additional_info',
  'additionalInfo.sendAsap': 'webshop_customer_additional_info',
  'additionalInfo.delete': 'webshop_customer_additional_info',
};

/**
 * Kinds whose success makes an earlier REJECTED entry of the same kind obsolete when it writes
 * the same row and at least the same fields (`covers`): the later one is the correction.
 * Deletes and orders are never superseded.
 */
export const SUPERSEDING: ReadonlySet<OutboxKind> = new Set(OUTBOX_KINDS.filter((kind) => SUPERSEDES[kind]));

/** Does `later` write the same row as `earlier` and every field `earlier` wrote? */
export function covers(later: TypedOutboxEntry, earlier: TypedOutboxEntry): boolean {
  if (later.kind !== earlier.kind || later.customer_id !== earlier.customer_id) return false;
  // order defaults are insert-only: every save is the whole set and the latest row counts
  if (later.kind === 'orderDefaults.insert') return true;
  if (later.payload.id !== earlier.payload.id) return false;
  const written = new Set(Object.keys(later.payload));
  return Object.keys(earlier.payload).every((key) => written.has(key));
}
