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

export type CommandError = 'personal_data_locked' | 'no_send_method' | OrderBodyError;
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

/** The id an upsert of this list writes: the latest row's, else a new temporary one. */
const targetId = async (record: CustomerRecord | undefined, list: CustomerList, tempId: () => Promise<RecordId>) =>
  latestById((record?.[list] ?? []) as { id: number }[])?.id ?? tempId();

/** Base data (spec §5): only while no first name is stored; afterwards only support changes it (PT403 on the server). */
export function saveBaseData(ctx: OutboxContext, customerId: CustomerId, fields: BaseDataFields): Promise<CommandResult<'personal_data_locked'>> {
  return queue(ctx, customerId, async (record) => {
    if (record?.first_name?.trim()) return err('personal_data_locked');
    const { first_name, last_name, gender, birthday } = fields;
    return ok({ kind: 'customer.upsert', payload: { id: customerId, first_name, last_name, gender, birthday } });
  });
}

export function saveAddress(ctx: OutboxContext, customerId: CustomerId, fields: AddressFields): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { street, street_nr, address2, zip, city, phone } = fields;
    const id = await targetId(record, 'webshop_customer_address', tempId);
    return ok({ kind: 'address.upsert', payload: { id, street, street_nr, address2, zip, city, phone } });
  });
}

export function saveInsurance(ctx: OutboxContext, customerId: CustomerId, fields: InsuranceFields): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr } = fields;
    const id = await targetId(record, 'webshop_customer_insurance', tempId);
    return ok({ kind: 'insurance.upsert', payload: { id, insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr } });
  });
}

export function saveQuestionnaire(ctx: OutboxContext, customerId: CustomerId, fields: QuestionnaireFields): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const id = await targetId(record, 'webshop_customer_questionnaire', tempId);
    const { bmi: _derived, ...writable } = fields as QuestionnaireFields & { bmi?: unknown };
    return ok({ kind: 'questionnaire.upsert', payload: { ...writable, id } });
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
export function saveSendMethod(ctx: OutboxContext, customerId: CustomerId, fields: SendMethodFields): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name } = fields;
    const id = await targetId(record, 'webshop_customer_additional_info', tempId);
    return ok({ kind: 'additionalInfo.upsert', payload: { id, prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name } });
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
