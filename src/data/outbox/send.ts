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
// first and taken as the acknowledgement when it holds the same content. The order sends the
// entry id as Idempotency-Key; a replay answers the first order's id.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import type { AppClient } from '../supabase-client';
import { functionCode, restCode, verdictOf, type EntryError, type Verdict } from './classify';
import { isTempId } from './ids';
import type { CustomerList, TypedOutboxEntry } from './kinds';
import { fieldsOf, insertRow, listFields, listRow, updateRow, upsertRow } from './row-writes';

export type SendOutcome = { type: 'ok'; serverId?: number } | { type: Verdict; error: EntryError };

interface RestAnswer {
  error: { code?: string; message?: string } | null;
  status: number;
}

function restOutcome(res: RestAnswer, serverId?: number): SendOutcome {
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

/**
 * The latest row's id when it holds these fields, null when it does not. A read that fails is
 * no answer: inserting then would store an edit a second time when its first attempt did.
 */
async function latestMatching(client: AppClient, table: CustomerList, customerId: string, fields: Record<string, unknown>): Promise<{ id: number | null } | { failed: RestAnswer }> {
  // no retries of postgrest-js here: the outbox has its own backoff
  const { data, error, status } = await client.from(table).select('*').eq('customer_id', customerId).order('id', { ascending: false }).limit(1).retry(false);
  if (error) return { failed: { error, status } };
  const row = data?.[0];
  return { id: row && sameContent(row, fields) ? row.id : null };
}

/** The text of a function's error body ({message} of the handlers, {msg} of the gateway). */
function messageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  if ('message' in body && body.message != null) return String(body.message);
  return 'msg' in body && body.msg != null ? String(body.msg) : '';
}

/** A server function with the entry id as Idempotency-Key (a replay answers as the first call did). */
async function sendToFunction(client: AppClient, name: 'webshopOrder' | 'prescriptionLocationMail', entry: TypedOutboxEntry, body: object): Promise<SendOutcome> {
  const { data, error } = await client.functions.invoke<{ id?: number }>(name, { body, headers: { 'Idempotency-Key': entry.id } });
  if (!error) return { type: 'ok', ...(data?.id === undefined ? {} : { serverId: Number(data.id) }) };
  if (error instanceof FunctionsHttpError) {
    // functions-js puts the Response of a non-2xx answer in context
    const res: Response = error.context;
    const body: unknown = await res.json().catch(() => null);
    return { type: verdictOf(res.status), error: { code: functionCode(res.status, body), message: messageOf(body), status: res.status } };
  }
  const network = error instanceof FunctionsFetchError;
  return { type: 'transient', error: { code: network ? 'network' : 'server', message: error instanceof Error ? error.message : String(error), status: network ? 0 : 502 } };
}

/** `retried`: an earlier attempt of this entry may have reached the server. */
export async function sendEntry(client: AppClient, entry: TypedOutboxEntry, retried: boolean): Promise<SendOutcome> {
  try {
    switch (entry.kind) {
      case 'order.create':
        return await sendToFunction(client, 'webshopOrder', entry, entry.payload.body);
      case 'mail.prescriptionLocation':
        return await sendToFunction(client, 'prescriptionLocationMail', entry, entry.payload.body);
      case 'customer.upsert':
        return restOutcome(await upsertRow(client, { table: 'webshop_customers', row: entry.payload }));
      case 'additionalInfo.delete':
        // a row that only ever existed locally: nothing to delete
        if (isTempId(entry.payload.id)) return { type: 'ok' };
        return restOutcome(await client.from('webshop_customer_additional_info').delete().eq('id', entry.payload.id));
    }
    const { id } = entry.payload;
    // the send method it answers was never stored (rejected or discarded)
    if (entry.kind === 'additionalInfo.sendAsap' && isTempId(id)) return { type: 'rejected', error: { code: 'dependency_rejected', message: '' } };
    if (!isTempId(id)) {
      const res = await updateRow(client, listFields(entry), id);
      if (!res.error && (res.data ?? []).length === 0) return { type: 'rejected', error: { code: 'gone', message: 'the record no longer exists', status: res.status } };
      return restOutcome(res);
    }
    const write = listRow(entry, undefined);
    if (retried) {
      const stored = await latestMatching(client, write.table, entry.customer_id, fieldsOf(entry.payload));
      if ('failed' in stored) return restOutcome(stored.failed);
      if (stored.id !== null) return { type: 'ok', serverId: stored.id };
    }
    const res = await insertRow(client, write);
    return restOutcome(res, res.data ? Number(res.data.id) : undefined);
  } catch (error) {
    return { type: 'transient', error: { code: 'network', message: String(error instanceof Error ? error.message : error), status: 0 } };
  }
}
