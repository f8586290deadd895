// The writes of spec §7 as local-first commands. Each one, in ONE Dexie transaction, applies the
// change to the mirror (what the screens read) and appends an outbox entry whose id is the
// idempotency key; it resolves when that transaction commits, never waiting for the network.
// The replay (replay.ts) sends the entries later, in order.
//
// Which row an upsert writes: the latest row of the list (highest id, spec §4) is updated in
// place by its id, which makes a replay idempotent; with no row yet, a temporary id (ids.ts)
// marks an insert. Order defaults are insert-only on the server, so each save is a new row.
import type { AdditionalInfo, CustomerId, CustomerRecord, DraftOrder, OrderDefaults, RecordId } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';
import { buildWebshopOrderBody, type OrderBodyError } from '../../domain/order-draft';
import { err, ok, type Result } from '../../domain/result';
import { localDb, type LocalDb } from '../local/local-db';
import { applyEntry, outboxStores } from './apply';
import { newOutboxId, TEMP_ID_BASE, type NewId } from './ids';
import type {
  AddressFields,
  BaseDataFields,
  CustomerList,
  InsuranceFields,
  OrderDefaultsFields,
  OutboxCommand,
  PrescriptionMailBody,
  QuestionnaireFields,
  SendMethodFields,
  TypedOutboxEntry,
} from './kinds';
import { outboxAppended } from './signal';

export interface OutboxContext {
  db: LocalDb;
  /** the entry id: a uuid, sent as the idempotency key */
  newId: NewId;
  now: () => number;
  /** called after the transaction committed (default: starts a replay) */
  appended: () => void;
}

export const appOutboxContext = (): OutboxContext => ({ db: localDb(), newId: newOutboxId, now: Date.now, appended: outboxAppended });

export interface Queued {
  /** the outbox entry id (idempotency key) */
  outboxId: string;
  /** the record written in the mirror (a temporary id until the server answers); absent for the customer row */
  recordId?: RecordId;
}

export type CommandError = 'personal_data_locked' | 'no_send_method' | 'unchanged' | OrderBodyError;
export type CommandResult<E extends CommandError = never> = Result<Queued, E>;

const TEMP_SEQ_KEY = 'outbox.tempSeq';

async function nextTempId(db: LocalDb): Promise<RecordId> {
  const n = Number((await db.meta.get(TEMP_SEQ_KEY))?.value ?? 0) + 1;
  await db.meta.put({ key: TEMP_SEQ_KEY, value: n });
  return TEMP_ID_BASE + n;
}

type Plan<E extends CommandError> = (record: CustomerRecord | undefined, tempId: () => Promise<RecordId>) => Promise<Result<OutboxCommand, E>>;

/** Reads the mirror, plans the entry, applies it and appends it: one transaction. */
async function queue<E extends CommandError>(ctx: OutboxContext, customerId: CustomerId, plan: Plan<E>, extra?: () => Promise<void>): Promise<CommandResult<E>> {
  const { db } = ctx;
  const result = await db.transaction('rw', outboxStores(db), async (): Promise<CommandResult<E>> => {
    const planned = await plan(await db.customers.get(customerId), () => nextTempId(db));
    if (!planned.ok) return planned;
    const entry = {
      id: ctx.newId(),
      customer_id: customerId,
      ...planned.value,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: ctx.now(),
      lastError: null,
    } as TypedOutboxEntry;
    await db.outbox.add(entry);
    await applyEntry(db, entry);
    await extra?.();
    const recordId = planned.value.kind === 'customer.upsert' ? undefined : planned.value.payload.id;
    return ok({ outboxId: entry.id, ...(recordId === undefined ? {} : { recordId }) });
  });
  if (result.ok) ctx.appended();
  return result;
}

/** The fields given (a key whose value is undefined was not changed: it is left out). */
function given<F extends object>(fields: F): Partial<F> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<F>;
}

/**
 * An upsert of the latest row of a list with the fields the patient changed (field-level: the
 * rest of the row stays as stored, here and on the server); a list without a row gets a new
 * one. Nothing changed: refused as `unchanged` (nothing to send).
 */
async function listUpsert<F extends object>(
  record: CustomerRecord | undefined,
  list: CustomerList,
  fields: F,
  tempId: () => Promise<RecordId>,
): Promise<Result<Partial<F> & { id: RecordId }, 'unchanged'>> {
  const changed = given(fields);
  const latest = latestById((record?.[list] ?? []) as { id: number }[]);
  if (latest && Object.keys(changed).length === 0) return err('unchanged');
  return ok({ ...changed, id: latest?.id ?? (await tempId()) });
}

/** Base data (spec §5): only while no first name is stored; afterwards only support changes it (PT403 on the server). */
export function saveBaseData(ctx: OutboxContext, customerId: CustomerId, fields: BaseDataFields): Promise<CommandResult<'personal_data_locked'>> {
  return queue(ctx, customerId, async (record) => {
    if (record?.first_name?.trim()) return err('personal_data_locked');
    const { first_name, last_name, gender, birthday } = fields;
    return ok({ kind: 'customer.upsert', payload: { id: customerId, first_name, last_name, gender, birthday } });
  });
}

/** Address and phone (spec §7 upsert webshop_customer_address): the changed fields. */
export function saveAddress(ctx: OutboxContext, customerId: CustomerId, fields: Partial<AddressFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { street, street_nr, address2, zip, city, phone } = fields;
    const payload = await listUpsert(record, 'webshop_customer_address', { street, street_nr, address2, zip, city, phone }, tempId);
    return payload.ok ? ok({ kind: 'address.upsert', payload: payload.value }) : payload;
  });
}

/** Insurance in its save form (spec §3, §7): the changed fields. */
export function saveInsurance(ctx: OutboxContext, customerId: CustomerId, fields: Partial<InsuranceFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr } = fields;
    const payload = await listUpsert(record, 'webshop_customer_insurance', { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr }, tempId);
    return payload.ok ? ok({ kind: 'insurance.upsert', payload: payload.value }) : payload;
  });
}

/** The health questionnaire (spec §3, §7): the changed fields; BMI is derived, never written. */
export function saveQuestionnaire(ctx: OutboxContext, customerId: CustomerId, fields: Partial<QuestionnaireFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { bmi: _derived, ...writable } = fields as Partial<QuestionnaireFields> & { bmi?: unknown };
    const payload = await listUpsert(record, 'webshop_customer_questionnaire', writable, tempId);
    return payload.ok ? ok({ kind: 'questionnaire.upsert', payload: payload.value }) : payload;
  });
}

/** Order defaults are insert-only: every save is a new row, the latest counts (spec §3). */
export function saveOrderDefaults(ctx: OutboxContext, customerId: CustomerId, fields: OrderDefaultsFields): Promise<CommandResult> {
  return queue(ctx, customerId, async (_record, tempId) => {
    const { generic, substitute, probon, get_invoice } = fields;
    const payload = { id: await tempId(), generic, substitute, probon, get_invoice, ...(fields.comment === undefined ? {} : { comment: fields.comment }) };
    return ok({ kind: 'orderDefaults.insert', payload });
  });
}

/** Accepting the generic tip (spec §4): new order defaults with generic true, the rest as the latest. */
export function acceptGenerics(ctx: OutboxContext, customerId: CustomerId): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const latest: Partial<OrderDefaults> = latestById(record?.webshop_customer_order_defaults) ?? {};
    const payload = {
      id: await tempId(),
      generic: true,
      substitute: latest.substitute ?? false,
      probon: latest.probon ?? false,
      get_invoice: latest.get_invoice ?? false,
      ...(latest.comment === undefined ? {} : { comment: latest.comment }),
    };
    return ok({ kind: 'orderDefaults.insert', payload });
  });
}

/** The send method (spec §4/§7 additional-info upsert); a null method is the spec's "sets prescription_send_method to null". */
export function saveSendMethod(ctx: OutboxContext, customerId: CustomerId, fields: Partial<SendMethodFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name } = fields;
    const payload = await listUpsert(record, 'webshop_customer_additional_info', { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name }, tempId);
    return payload.ok ? ok({ kind: 'additionalInfo.upsert', payload: payload.value }) : payload;
  });
}

const latestInfo = (record: CustomerRecord | undefined): AdditionalInfo | null => latestById(record?.webshop_customer_additional_info);

/** The send-asap answer (spec §4): only send_asap of the latest additional info. */
export function setSendAsap(ctx: OutboxContext, customerId: CustomerId, sendAsap: boolean): Promise<CommandResult<'no_send_method'>> {
  return queue(ctx, customerId, async (record) => {
    const info = latestInfo(record);
    if (!info) return err('no_send_method');
    return ok({ kind: 'additionalInfo.sendAsap', payload: { id: info.id, send_asap: sendAsap } });
  });
}

/**
 * Tells the chosen partner (espace) or the pharmacy's desk (post, email) that a prescription
 * comes (spec §7 prescriptionLocationMail), once: through the outbox, so a choice made offline
 * is mailed when the connection is back, and the entry id keeps a replay from mailing twice.
 */
export function announcePrescription(ctx: OutboxContext, customerId: CustomerId, body: PrescriptionMailBody): Promise<CommandResult> {
  return queue(ctx, customerId, async (_record, tempId) => ok({ kind: 'mail.prescriptionLocation', payload: { id: await tempId(), body } }));
}

/** Reset of the send method (spec §4): deletes the latest additional-info record by id. */
export function resetSendMethod(ctx: OutboxContext, customerId: CustomerId): Promise<CommandResult<'no_send_method'>> {
  return queue(ctx, customerId, async (record) => {
    const info = latestInfo(record);
    if (!info) return err('no_send_method');
    return ok({ kind: 'additionalInfo.delete', payload: { id: info.id } });
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
      return ok({ kind: 'order.create', payload: { id: await tempId(), body: body.value } });
    },
    async () => {
      await ctx.db.drafts.delete(customerId);
    },
  );
}
