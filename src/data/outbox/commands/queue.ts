// How every command of spec §7 is made (src/data/outbox/commands.ts lists them by area): in ONE
// Dexie transaction it applies the change to the mirror (what the screens read) and appends an
// outbox entry whose id is the idempotency key; it resolves when that transaction commits, never
// waiting for the network. The replay (../replay.ts) sends the entries later, in order.
//
// Which row a list's write names: the latest row of the list (highest id, spec §4) is updated in
// place by its id, which makes a replay idempotent; with no row yet, a temporary id (../../local/temp-ids.ts)
// marks an insert.
import type { CustomerId, CustomerRecord, RecordId } from '../../../domain/entities';
import { latestById } from '../../../domain/latest-by-id';
import type { OrderBodyError } from '../../../domain/order-draft';
import { err, ok, type Result } from '../../../domain/result';
import type { LocalDb } from '../../local/local-db';
import { TEMP_ID_BASE } from '../../local/temp-ids';
import { applyEntry, outboxStores } from '../apply';
import type { NewId } from '../ids';
import type { OutboxCommand, TypedOutboxEntry } from '../kinds';

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

/**
 * Why the device refuses a dose mark itself, as the server would (RLS of the dose marks'
 * migration): a day outside today and the 7 days before it (Zurich), or a dose of a prescription
 * the patient does not have (with that product); `invalid`: not a mark at all, or another
 * patient's.
 */
export type DoseMarkRefusal = 'day_not_markable' | 'not_prescribed' | 'invalid';

export type CommandError = 'personal_data_locked' | 'no_send_method' | 'unchanged' | 'already_sent' | DoseMarkRefusal | OrderBodyError | CancelOrderError;
export type CommandResult<E extends CommandError = never> = Result<Queued, E>;

const TEMP_SEQ_KEY = 'outbox.tempSeq';

async function nextTempId(db: LocalDb): Promise<RecordId> {
  const n = Number((await db.meta.get(TEMP_SEQ_KEY))?.value ?? 0) + 1;
  await db.meta.put({ key: TEMP_SEQ_KEY, value: n });
  return TEMP_ID_BASE + n;
}

export type Plan<E extends CommandError> = (record: CustomerRecord | undefined, tempId: () => Promise<RecordId>) => Promise<Result<OutboxCommand, E>>;

/**
 * Several entries of one change, in replay order; `main` (its index) is the entry the command
 * answers with — the one whose delivery the screen waits for.
 */
export type PlanMany<E extends CommandError> = (
  record: CustomerRecord | undefined,
  tempId: () => Promise<RecordId>,
) => Promise<Result<{ commands: OutboxCommand[]; main: number }, E>>;

/** Reads the mirror, plans the entry, applies it and appends it: one transaction. */
export function queue<E extends CommandError>(ctx: OutboxContext, customerId: CustomerId, plan: Plan<E>, extra?: () => Promise<void>): Promise<CommandResult<E>> {
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
export async function queueMany<E extends CommandError>(ctx: OutboxContext, customerId: CustomerId, plan: PlanMany<E>, extra?: () => Promise<void>): Promise<CommandResult<E>> {
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
export function given<F extends object>(fields: F): Partial<F> & Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<F> & Record<string, unknown>;
}

/**
 * A write of the latest row of a list with the fields the patient changed (field-level: the rest
 * of the row stays as stored, here and on the server); a list without a row gets a new one.
 * Nothing changed: refused as `unchanged` (nothing to send).
 */
export async function listWrite(
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
