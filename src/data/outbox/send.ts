// One outbox entry to the server (spec §7 Data service writes, Server functions webshopOrder),
// through the supabase-js client it is given. Never throws: the outcome says what happened.
//
// Field-level: an edit of a stored row carries only the fields the patient changed and is an
// UPDATE of those columns by id, so two devices editing different fields of one record both
// land (last writer wins per field). A row gone meanwhile (the send method reset elsewhere)
// refuses the edit (`gone`) rather than bringing the row back with half its fields.
//
// Idempotency: an update by id and a delete by id can be repeated. An insert (temporary id)
// that was attempted before without an answer may already be stored: its latest row is read
// first and taken as the acknowledgement when it holds the same content. An insert through a
// function (a table with `insertThrough`: the e-prescriptions) and the order send the entry id
// as Idempotency-Key; a replay answers as the first call did.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import type { AppClient } from '../supabase-client';
import { callDef } from '../tables/calls';
import { keyColumns, keyMatch, syncedTable, type Row, type SyncedTable } from '../tables/synced-tables';
import { callRpc, deleteRow, insertRow, latestRow, updateRow, upsertRow, type TableAnswer } from '../tables/table-client';
import { functionCode, restCode, verdictOf, type EntryError, type Verdict } from './classify';
import { isTempId } from '../local/temp-ids';
import type { CallEntry, RowPayload, TypedOutboxEntry } from './kinds';

export type SendOutcome = { type: 'ok'; serverId?: number } | { type: Verdict; error: EntryError };

function restOutcome(res: Pick<TableAnswer<unknown>, 'error' | 'status'>, serverId?: number): SendOutcome {
  if (!res.error) return { type: 'ok', ...(serverId === undefined ? {} : { serverId }) };
  const message = res.error.message ?? '';
  return { type: verdictOf(res.status), error: { code: restCode(res.status, res.error.code, message), message, status: res.status } };
}

const normal = (v: unknown): unknown =>
  Array.isArray(v) ? JSON.stringify(v.map(normal)) : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : (v ?? null);

/** Does a stored row hold every field of the payload (numbers and numeric text alike)? */
export function sameContent(row: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return Object.entries(fields).every(([k, v]) => normal(row[k]) === normal(v));
}

/** The text of a function's error body ({message} of the handlers, {msg} of the gateway). */
function messageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  if ('message' in body && body.message != null) return String(body.message);
  return 'msg' in body && body.msg != null ? String(body.msg) : '';
}

/** A server call: an edge function with the entry id as Idempotency-Key (a replay answers as the first call did), or an RPC. */
async function sendCall(client: AppClient, entry: CallEntry): Promise<SendOutcome> {
  const { name, body } = entry.payload;
  if (callDef(name)?.via === 'rpc') {
    return restOutcome(await callRpc(client, name, body as Row));
  }
  return invokeFunction(client, name, body as Row, entry.id);
}

/** An edge function with the entry id as Idempotency-Key; its answer as the entry's outcome. */
async function invokeFunction(client: AppClient, name: string, body: Row, entryId: string): Promise<SendOutcome> {
  const { data, error } = await client.functions.invoke<{ id?: number }>(name, { body, headers: { 'Idempotency-Key': entryId } });
  if (!error) return { type: 'ok', ...(data?.id === undefined ? {} : { serverId: Number(data.id) }) };
  if (error instanceof FunctionsHttpError) {
    // functions-js puts the Response of a non-2xx answer in context
    const res: Response = error.context;
    const answer: unknown = await res.json().catch(() => null);
    return { type: verdictOf(res.status), error: { code: functionCode(res.status, answer), message: messageOf(answer), status: res.status } };
  }
  const network = error instanceof FunctionsFetchError;
  return { type: 'transient', error: { code: network ? 'network' : 'server', message: error instanceof Error ? error.message : String(error), status: network ? 0 : 502 } };
}

/** The row as written: its key, the customer (where the table names it) and the fields. */
function rowOf(t: SyncedTable, entry: TypedOutboxEntry, payload: RowPayload, withKey: boolean): Row {
  return {
    ...(withKey ? keyColumns(t, payload.id) : {}),
    ...(t.writesCustomerId ? { customer_id: entry.customer_id } : {}),
    ...payload.fields,
  };
}

/**
 * A new row. An identity table's row (temporary id) is inserted without it and the server's id
 * comes back; retried after an unanswered attempt, the latest row is read first and taken as the
 * acknowledgement when it holds the same content (a read that fails is no answer: inserting then
 * would store the edit a second time).
 */
async function sendInsert(client: AppClient, t: SyncedTable, entry: TypedOutboxEntry, payload: RowPayload, retried: boolean): Promise<SendOutcome> {
  const temporary = typeof payload.id === 'number' && isTempId(payload.id);
  if (temporary && retried) {
    const latest = await latestRow(client, t.name, entry.customer_id);
    if (latest.error) return restOutcome(latest);
    if (latest.data && sameContent(latest.data, payload.fields)) return { type: 'ok', serverId: Number(latest.data.id) };
  }
  const res = await insertRow(client, t.name, rowOf(t, entry, payload, !temporary), t.key);
  return restOutcome(res, temporary && res.data ? Number(res.data.id) : undefined);
}

/** `retried`: an earlier attempt of this entry may have reached the server. */
export async function sendEntry(client: AppClient, entry: TypedOutboxEntry, retried: boolean): Promise<SendOutcome> {
  try {
    if (entry.kind === 'call') return await sendCall(client, entry);
    const t = syncedTable(entry.payload.table);
    const { id } = entry.payload;
    const temporary = typeof id === 'number' && isTempId(id);
    // a row never named in full is never written unfiltered
    const match = keyMatch(t, id, entry.payload.fields);
    if (!match) return { type: 'rejected', error: { code: 'invalid', message: `no key for ${t.name}` } };
    switch (entry.kind) {
      case 'row.delete':
        // a row that only ever existed locally: nothing to delete
        return temporary ? { type: 'ok' } : restOutcome(await deleteRow(client, t.name, match));
      case 'row.insert':
        // a table patients may not write: its function stores the row (and knows a retry by the entry id)
        if (t.insertThrough) return await invokeFunction(client, t.insertThrough.fn, t.insertThrough.body(entry.payload.fields), entry.id);
        return await sendInsert(client, t, entry, entry.payload, retried);
      case 'row.upsert':
        return restOutcome(await upsertRow(client, t.name, rowOf(t, entry, entry.payload, true), t.key));
      case 'row.update': {
        // the row it changes was never stored (its insert refused or discarded)
        if (temporary) return { type: 'rejected', error: { code: 'dependency_rejected', message: '' } };
        const res = await updateRow(client, t.name, match, entry.payload.fields, t.key);
        if (!res.error && (res.data ?? []).length === 0) return { type: 'rejected', error: { code: 'gone', message: 'the record no longer exists', status: res.status } };
        return restOutcome(res);
      }
    }
  } catch (error) {
    return { type: 'transient', error: { code: 'network', message: String(error instanceof Error ? error.message : error), status: 0 } };
  }
}
