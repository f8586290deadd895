// The writes of spec §7 as local-first commands. Each one, in ONE Dexie transaction, applies the
// change to the mirror (what the screens read) and appends an outbox entry whose id is the
// idempotency key; it resolves when that transaction commits, never waiting for the network.
// The replay (replay.ts) sends the entries later, in order.
//
// Which row an upsert writes: the latest row of the list (highest id, spec §4) is updated in
// place by its id, which makes a replay idempotent; with no row yet, a temporary id (ids.ts)
// marks an insert. Order defaults are insert-only on the server, so each save is a new row.
import type { AdditionalInfo, CustomerId, CustomerRecord, DraftOrder, Language, OrderDefaults, RecordId } from '../../domain/entities';
import { parseDoseMark, type DoseMark } from '../../domain/doses/dose-mark';
import { canMarkDay, compareMarks } from '../../domain/doses/dose-marks';
import { latestById } from '../../domain/latest-by-id';
import { cancelState } from '../../domain/order-cancel';
import type { EPrescriptionSummary } from '../../domain/emediplan/e-prescription-summary';
import { buildWebshopOrderBody, type OrderBodyError } from '../../domain/order-draft';
import { err, ok, type Result } from '../../domain/result';
import type { LocalDb } from '../local/local-db';
import { isLocalOrder } from '../local/mirror-schema';
import { applyEntry, outboxStores } from './apply';
import type { NewId } from './ids';
import { isTempId, TEMP_ID_BASE } from '../local/temp-ids';
import type {
  AddressFields,
  BaseDataFields,
  InsuranceFields,
  OrderDefaultsFields,
  OutboxCommand,
  PrescriptionMailBody,
  QuestionnaireFields,
  SendMethodFields,
  TypedOutboxEntry,
} from './kinds';
import { rowKey, syncedTable, type Row } from '../tables/synced-tables';
import { DOSE_MARK_TABLE, doseMarkRowKey } from '../tables/dose-mark-key';

export interface OutboxContext {
  db: LocalDb;
  /** the entry id: a uuid, sent as the idempotency key */
  newId: NewId;
  now: () => number;
  /** called after the transaction committed (default: starts a replay) */
  appended: () => void;
}

export interface Queued {
  /** the outbox entry id (idempotency key) */
  outboxId: string;
  /** the record written in the mirror (a temporary id until the server answers); absent for the customer row */
  recordId?: RecordId;
}

/** Why an order cannot be cancelled from this device: not one of the patient's (or not in the mirror), started by the pharmacy, or not sent yet. */
export type CancelOrderError = 'order_not_found' | 'order_started' | 'order_not_sent' | 'unchanged';

export type CommandError = 'personal_data_locked' | 'no_send_method' | 'unchanged' | 'already_sent' | DoseMarkRefusal | OrderBodyError | CancelOrderError;
export type CommandResult<E extends CommandError = never> = Result<Queued, E>;

const TEMP_SEQ_KEY = 'outbox.tempSeq';

async function nextTempId(db: LocalDb): Promise<RecordId> {
  const n = Number((await db.meta.get(TEMP_SEQ_KEY))?.value ?? 0) + 1;
  await db.meta.put({ key: TEMP_SEQ_KEY, value: n });
  return TEMP_ID_BASE + n;
}

type Plan<E extends CommandError> = (record: CustomerRecord | undefined, tempId: () => Promise<RecordId>) => Promise<Result<OutboxCommand, E>>;

/**
 * Several entries of one change, in replay order; `main` (its index) is the entry the command
 * answers with — the one whose delivery the screen waits for.
 */
type PlanMany<E extends CommandError> = (
  record: CustomerRecord | undefined,
  tempId: () => Promise<RecordId>,
) => Promise<Result<{ commands: OutboxCommand[]; main: number }, E>>;

/** Reads the mirror, plans the entry, applies it and appends it: one transaction. */
function queue<E extends CommandError>(ctx: OutboxContext, customerId: CustomerId, plan: Plan<E>, extra?: () => Promise<void>): Promise<CommandResult<E>> {
  return queueMany(
    ctx,
    customerId,
    async (record, tempId) => {
      const planned = await plan(record, tempId);
      return planned.ok ? ok({ commands: [planned.value], main: 0 }) : planned;
    },
    extra,
  );
}

/** Reads the mirror, plans the entries, applies and appends them in order: one transaction. */
async function queueMany<E extends CommandError>(ctx: OutboxContext, customerId: CustomerId, plan: PlanMany<E>, extra?: () => Promise<void>): Promise<CommandResult<E>> {
  const { db } = ctx;
  const result = await db.transaction('rw', outboxStores(db), async (): Promise<CommandResult<E>> => {
    const planned = await plan(await db.customers.get(customerId), () => nextTempId(db));
    if (!planned.ok) return planned;
    const entries = planned.value.commands.map(
      (command) =>
        ({
          id: ctx.newId(),
          customer_id: customerId,
          ...command,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: 0,
          createdAt: ctx.now(),
          lastError: null,
        }) as TypedOutboxEntry,
    );
    for (const entry of entries) {
      await db.outbox.add(entry);
      await applyEntry(db, entry);
    }
    await extra?.();
    const main = entries[planned.value.main]!;
    const recordId = main.payload.id;
    return ok({ outboxId: main.id, ...(typeof recordId === 'number' ? { recordId } : {}) });
  });
  if (result.ok) ctx.appended();
  return result;
}

/** The fields given (a key whose value is undefined was not changed: it is left out). */
function given<F extends object>(fields: F): Partial<F> & Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<F> & Record<string, unknown>;
}

/**
 * A write of the latest row of a list with the fields the patient changed (field-level: the rest
 * of the row stays as stored, here and on the server); a list without a row gets a new one.
 * Nothing changed: refused as `unchanged` (nothing to send).
 */
async function listWrite(
  record: CustomerRecord | undefined,
  table: string,
  fields: object,
  tempId: () => Promise<RecordId>,
): Promise<Result<OutboxCommand, 'unchanged'>> {
  // created_at is the server's (issue 37): a record spread into the fields must not carry it
  const { created_at: _server, ...changed } = given(fields);
  const latest = latestById((record?.[table as keyof CustomerRecord] ?? []) as { id: number }[]);
  if (latest && Object.keys(changed).length === 0) return err('unchanged');
  if (!latest) return ok({ kind: 'row.insert', payload: { table, id: await tempId(), fields: changed } });
  return ok({ kind: 'row.update', payload: { table, id: latest.id, fields: changed } });
}

/**
 * A row of a table mirrored apart (the registry's 'rows' tables, written whole by their key): in
 * the mirror at once, on the server by an upsert of its key. The recipe for a new synced table
 * needs no command of its own (src/data/README.md).
 */
export function putRow(ctx: OutboxContext, customerId: CustomerId, table: string, row: Row): Promise<CommandResult> {
  return queue(ctx, customerId, async () => {
    const t = syncedTable(table);
    const fields = t.writesCustomerId ? { ...row, customer_id: customerId } : row;
    return ok({ kind: 'row.upsert', payload: { table, id: rowKey(t, fields), fields } });
  });
}

/** Deletes a row of a table mirrored apart, named by its key columns. */
export function removeRow(ctx: OutboxContext, customerId: CustomerId, table: string, key: Row): Promise<CommandResult> {
  return queue(ctx, customerId, async () => {
    const t = syncedTable(table);
    const fields = t.writesCustomerId ? { ...key, customer_id: customerId } : key;
    return ok({ kind: 'row.delete', payload: { table, id: rowKey(t, fields), fields } });
  });
}

/**
 * Base data (spec §5): only while no first name is stored; afterwards only support changes it
 * (PT403 on the server). `language`: the one the patient uses, written with it (spec §3: the
 * customer row holds the language from its start).
 */
export function saveBaseData(
  ctx: OutboxContext,
  customerId: CustomerId,
  fields: BaseDataFields,
  language?: Language,
): Promise<CommandResult<'personal_data_locked'>> {
  return queue(ctx, customerId, async (record) => {
    if (record?.first_name?.trim()) return err('personal_data_locked');
    const { first_name, last_name, gender, birthday } = fields;
    const written = { first_name, last_name, gender, birthday, ...(language && language !== record?.language ? { language } : {}) };
    return ok({ kind: 'row.upsert', payload: { table: 'webshop_customers', id: customerId, fields: written } });
  });
}

/**
 * The patient's language (spec §1 "Changing the language also updates the user's stored
 * language", §3 webshop_customers.language): the customer row by its id, the language alone —
 * allowed on a locked profile — and created with it when there is no row yet.
 */
export function saveCustomerLanguage(ctx: OutboxContext, customerId: CustomerId, language: Language): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record) => {
    if (record?.language === language) return err('unchanged');
    return ok({ kind: 'row.upsert', payload: { table: 'webshop_customers', id: customerId, fields: { language } } });
  });
}

/** Address and phone (spec §7 upsert webshop_customer_address): the changed fields. */
export function saveAddress(ctx: OutboxContext, customerId: CustomerId, fields: Partial<AddressFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { street, street_nr, address2, zip, city, phone } = fields;
    return listWrite(record, 'webshop_customer_address', { street, street_nr, address2, zip, city, phone }, tempId);
  });
}

/** Insurance in its save form (spec §3, §7): the changed fields. */
export function saveInsurance(ctx: OutboxContext, customerId: CustomerId, fields: Partial<InsuranceFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr } = fields;
    return listWrite(record, 'webshop_customer_insurance', { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr }, tempId);
  });
}

/** The health questionnaire (spec §3, §7): the changed fields; BMI is derived, never written. */
export function saveQuestionnaire(ctx: OutboxContext, customerId: CustomerId, fields: Partial<QuestionnaireFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { bmi: _derived, ...writable } = fields as Partial<QuestionnaireFields> & { bmi?: unknown };
    return listWrite(record, 'webshop_customer_questionnaire', writable, tempId);
  });
}

/**
 * Order defaults are insert-only: every save is a new row, the latest counts (spec §3). The same
 * set as the latest is refused as `unchanged` (nothing to send).
 */
export function saveOrderDefaults(ctx: OutboxContext, customerId: CustomerId, fields: OrderDefaultsFields): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { generic, substitute, probon, get_invoice } = fields;
    const written = { generic, substitute, probon, get_invoice, ...(fields.comment === undefined ? {} : { comment: fields.comment }) };
    const latest = latestById(record?.webshop_customer_order_defaults);
    if (latest && Object.entries(written).every(([key, value]) => (latest as unknown as Record<string, unknown>)[key] === value)) return err('unchanged');
    return ok({ kind: 'row.insert', payload: { table: 'webshop_customer_order_defaults', id: await tempId(), fields: written } });
  });
}

/** Accepting the generic tip (spec §4): new order defaults with generic true, the rest as the latest. */
export function acceptGenerics(ctx: OutboxContext, customerId: CustomerId): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const latest: Partial<OrderDefaults> = latestById(record?.webshop_customer_order_defaults) ?? {};
    const written = {
      generic: true,
      substitute: latest.substitute ?? false,
      probon: latest.probon ?? false,
      get_invoice: latest.get_invoice ?? false,
      ...(latest.comment === undefined ? {} : { comment: latest.comment }),
    };
    return ok({ kind: 'row.insert', payload: { table: 'webshop_customer_order_defaults', id: await tempId(), fields: written } });
  });
}

/** The send method (spec §4/§7 additional-info upsert); a null method is the spec's "sets prescription_send_method to null". */
export function saveSendMethod(ctx: OutboxContext, customerId: CustomerId, fields: Partial<SendMethodFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name } = fields;
    return listWrite(record, 'webshop_customer_additional_info', { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name }, tempId);
  });
}

const latestInfo = (record: CustomerRecord | undefined): AdditionalInfo | null => latestById(record?.webshop_customer_additional_info);

/** The send-asap answer (spec §4): only send_asap of the latest additional info. */
export function setSendAsap(ctx: OutboxContext, customerId: CustomerId, sendAsap: boolean): Promise<CommandResult<'no_send_method'>> {
  return queue(ctx, customerId, async (record) => {
    const info = latestInfo(record);
    if (!info) return err('no_send_method');
    return ok({ kind: 'row.update', payload: { table: 'webshop_customer_additional_info', id: info.id, fields: { send_asap: sendAsap } } });
  });
}

/**
 * Tells the chosen partner (espace) or the pharmacy's desk (post, email) that a prescription
 * comes (spec §7 prescriptionLocationMail), once: through the outbox, so a choice made offline
 * is mailed when the connection is back, and the entry id keeps a replay from mailing twice.
 */
export function announcePrescription(ctx: OutboxContext, customerId: CustomerId, body: PrescriptionMailBody): Promise<CommandResult> {
  return queue(ctx, customerId, async (_record, tempId) => ok({ kind: 'call', payload: { name: 'prescriptionLocationMail', id: await tempId(), body } }));
}

/** A scanned e-prescription, checked and confirmed (src/domain/emediplan/e-prescription-check.ts). */
export interface EPrescriptionFields {
  /** the prescription's Id (or its code's hash): one row per patient */
  rx_id: string;
  /** the scanned text exactly as given: the pharmacy verifies its signature */
  raw: string;
  /** what the patient was shown (EPrescriptionSummary) */
  summary: EPrescriptionSummary;
}

export const EPRESCRIPTION_TABLE = 'webshop_customer_eprescription';

/**
 * Sends an e-prescription (issue 27): in one transaction, when no way is chosen yet the send
 * method 'eprescription', then the prescription (a new row of webshop_customer_eprescription,
 * which the server answers 409 for an Id it holds already), then the desk's mail naming it
 * (prescriptionLocationMail {eprescription_id}). Offline they wait in this order and go once.
 * Refused here when the mirror already holds the prescription (`already_sent`: its row says when).
 * Answers with the prescription's entry.
 */
export function sendEPrescription(ctx: OutboxContext, customerId: CustomerId, rx: EPrescriptionFields): Promise<CommandResult<'already_sent'>> {
  return queueMany(ctx, customerId, async (record, tempId) => {
    const t = syncedTable(EPRESCRIPTION_TABLE);
    const fields = { customer_id: customerId, rx_id: rx.rx_id, raw: rx.raw, summary: rx.summary, sent_at: new Date(ctx.now()).toISOString() };
    const key = rowKey(t, fields);
    if (await ctx.db.rows.get([EPRESCRIPTION_TABLE, key])) return err('already_sent');
    const commands: OutboxCommand[] = [];
    if (!latestInfo(record)?.prescription_send_method) {
      const method = await listWrite(
        record,
        'webshop_customer_additional_info',
        { prescription_send_method: 'eprescription', prescription_location: null, send_all: null, description: null, doc_name: null, cpg_name: null },
        tempId,
      );
      if (method.ok) commands.push(method.value);
    }
    commands.push({ kind: 'row.insert', payload: { table: EPRESCRIPTION_TABLE, id: key, fields } });
    commands.push({ kind: 'call', payload: { name: 'prescriptionLocationMail', id: await tempId(), body: { eprescription_id: rx.rx_id } } });
    return ok({ commands, main: commands.length - 2 });
  });
}

/** Reset of the send method (spec §4): deletes the latest additional-info record by id. */
export function resetSendMethod(ctx: OutboxContext, customerId: CustomerId): Promise<CommandResult<'no_send_method'>> {
  return queue(ctx, customerId, async (record) => {
    const info = latestInfo(record);
    if (!info) return err('no_send_method');
    return ok({ kind: 'row.delete', payload: { table: 'webshop_customer_additional_info', id: info.id } });
  });
}

/**
 * A finished order (spec §2 order flow, §7 webshopOrder): the body from the draft, the latest
 * address and order defaults of the mirror; the order appears in `orders` at once (temporary id,
 * `pending: true`, `outbox_id`) and the draft is reset in the same transaction.
 */
export function placeOrder(ctx: OutboxContext, customerId: CustomerId, draft: DraftOrder): Promise<CommandResult<OrderBodyError>> {
  return queue(
    ctx,
    customerId,
    async (record, tempId) => {
      const body = buildWebshopOrderBody(draft, customerId, latestById(record?.webshop_customer_address), latestById(record?.webshop_customer_order_defaults));
      if (!body.ok) return body;
      return ok({ kind: 'call', payload: { name: 'webshopOrder', id: await tempId(), body: body.value } });
    },
    async () => {
      await ctx.db.drafts.delete(customerId);
    },
  );
}

/**
 * Cancels an order the pharmacy has not started (RPC cancel_order): the order
 * shows as canceled at once (status 99, its partial deliveries too) and the cancel waits in the
 * outbox like any write. Refused here when the mirror's order is not the patient's, was started
 * (not status 0), is canceled already (`unchanged`) or was placed on this device and not sent
 * yet (it has no server id to cancel). The server checks again: the pharmacy may start the order
 * while the cancel waits (then `order_started`, and the orders are reloaded).
 */
export function cancelOrder(ctx: OutboxContext, customerId: CustomerId, orderId: RecordId): Promise<CommandResult<CancelOrderError>> {
  return queue(ctx, customerId, async () => {
    const order = await ctx.db.orders.get(orderId);
    if (!order || order.customer_id !== customerId || (order.parent ?? null) !== null) return err('order_not_found');
    if (isLocalOrder(order) || isTempId(order.id)) return err('order_not_sent');
    const state = cancelState(order);
    if (state === 'started') return err('order_started');
    if (state === 'canceled') return err('unchanged');
    return ok({ kind: 'call', payload: { name: 'cancel_order', id: orderId, body: { p_order_id: orderId } } });
  });
}

/**
 * Why the device refuses a dose mark itself, as the server would (RLS of the dose marks'
 * migration): a day outside today and the 7 days before it (Zurich), or a dose of a prescription
 * the patient does not have (with that product); `invalid`: not a mark at all, or another
 * patient's.
 */
export type DoseMarkRefusal = 'day_not_markable' | 'not_prescribed' | 'invalid';

/**
 * Dose marks (issue 24: check-off, "all taken", late entries, unmark): each mark in the mirror at
 * once and an upsert of its row in the outbox, all in ONE transaction (all or none). Marks come
 * from the domain (newDoseMark, allTakenMarks) with the device's time; the mirror already
 * showing a mark of the dose at that time or later (another device's clock ahead) moves the new
 * one to just after it: the patient marks what they see, so the new mark is the later one.
 */
export async function markDoses(ctx: OutboxContext, customerId: CustomerId, marks: readonly DoseMark[]): Promise<Result<{ outboxIds: string[] }, DoseMarkRefusal>> {
  const { db } = ctx;
  const result = await db.transaction('rw', outboxStores(db), async (): Promise<Result<{ outboxIds: string[] }, DoseMarkRefusal>> => {
    const prescriptions = (await db.customers.get(customerId))?.webshop_customer_medication ?? [];
    const now = new Date(ctx.now());
    const entries: TypedOutboxEntry[] = [];
    for (const given of marks) {
      const parsed = parseDoseMark(given);
      if (!parsed.ok || parsed.value.customer_id !== customerId) return err('invalid');
      let mark = parsed.value;
      if (!canMarkDay(mark.day, now)) return err('day_not_markable');
      if (!prescriptions.some((p) => p.id === mark.prescription_id && Number(p.medication_id) === mark.pharmacode)) return err('not_prescribed');
      const key = doseMarkRowKey(customerId, mark);
      const stored = parseDoseMark((await db.rows.get([DOSE_MARK_TABLE, key]))?.row);
      if (stored.ok && compareMarks(stored.value, mark) >= 0) mark = { ...mark, marked_at: new Date(Date.parse(stored.value.marked_at) + 1).toISOString() };
      entries.push({
        id: ctx.newId(),
        customer_id: customerId,
        kind: 'row.upsert',
        payload: { table: DOSE_MARK_TABLE, id: key, fields: { ...mark } },
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: ctx.now(),
        lastError: null,
      });
    }
    for (const entry of entries) {
      await db.outbox.add(entry);
      await applyEntry(db, entry);
    }
    return ok({ outboxIds: entries.map((e) => e.id) });
  });
  if (result.ok && result.value.outboxIds.length > 0) ctx.appended();
  return result;
}
