// One outbox entry to the server (spec §7 Data service writes, Server functions webshopOrder),
// through the supabase-js client it is given. Never throws: the outcome says what happened.
//
// Idempotency: an upsert by id and a delete by id can be repeated. An insert (temporary id)
// that was attempted before without an answer may already be stored: its latest row is read
// first and taken as the acknowledgement when it holds the same content. The order sends the
// entry id as Idempotency-Key; a replay answers the first order's id.
import { FunctionsFetchError, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { functionCode, restCode, verdictOf, type EntryError, type Verdict } from './classify';
import { isTempId } from './ids';
import { LIST_OF, type TypedOutboxEntry } from './kinds';

export type SendOutcome = { type: 'ok'; serverId?: number } | { type: Verdict; error: EntryError };

/** The table an entry writes: the customer row itself, or its list (kinds.ts LIST_OF). */
const tableOf = (kind: Exclude<TypedOutboxEntry['kind'], 'order.create'>): string =>
  kind === 'customer.upsert' ? 'webshop_customers' : (LIST_OF[kind] as string);

interface RestAnswer {
  data: unknown;
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

async function latestMatching(client: SupabaseClient, table: string, customerId: string, fields: Record<string, unknown>): Promise<number | null> {
  // no retries of postgrest-js here: the outbox has its own backoff
  const { data, error } = await client.from(table).select('*').eq('customer_id', customerId).order('id', { ascending: false }).limit(1).retry(false);
  const row = (data as Record<string, unknown>[] | null)?.[0];
  return !error && row && sameContent(row, fields) ? Number(row.id) : null;
}

async function sendOrder(client: SupabaseClient, entry: TypedOutboxEntry & { kind: 'order.create' }): Promise<SendOutcome> {
  const { data, error } = await client.functions.invoke<{ id: number }>('webshopOrder', {
    body: entry.payload.body,
    headers: { 'Idempotency-Key': entry.id },
  });
  if (!error) return { type: 'ok', serverId: Number(data?.id) };
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response;
    const body: unknown = await res.json().catch(() => null);
    const message = String((body as { message?: unknown; msg?: unknown } | null)?.message ?? (body as { msg?: unknown } | null)?.msg ?? '');
    return { type: verdictOf(res.status), error: { code: functionCode(res.status, body), message, status: res.status } };
  }
  const network = error instanceof FunctionsFetchError;
  return { type: 'transient', error: { code: network ? 'network' : 'server', message: String((error as Error).message ?? ''), status: network ? 0 : 502 } };
}

/** `retried`: an earlier attempt of this entry may have reached the server. */
export async function sendEntry(client: SupabaseClient, entry: TypedOutboxEntry, retried: boolean): Promise<SendOutcome> {
  try {
    if (entry.kind === 'order.create') return await sendOrder(client, entry);
    const table = tableOf(entry.kind);
    const { id, ...fields } = entry.payload as { id: number | string } & Record<string, unknown>;
    if (entry.kind === 'customer.upsert') return restOutcome(await client.from(table).upsert({ id, ...fields }));
    if (entry.kind === 'additionalInfo.delete') {
      // a row that only ever existed locally: nothing to delete
      if (isTempId(Number(id))) return { type: 'ok' };
      return restOutcome(await client.from(table).delete().eq('id', id));
    }
    if (entry.kind === 'additionalInfo.sendAsap' && isTempId(Number(id))) {
      // the send method it answers was never stored (rejected or discarded)
      return { type: 'rejected', error: { code: 'dependency_rejected', message: '' } };
    }
    // additional info is saved by id and fields only (spec §7); customer_id defaults to auth.uid()
    const row = entry.kind.startsWith('additionalInfo.') ? fields : { customer_id: entry.customer_id, ...fields };
    if (!isTempId(Number(id))) return restOutcome(await client.from(table).upsert({ id, ...row }));
    if (retried) {
      const stored = await latestMatching(client, table, entry.customer_id, fields);
      if (stored !== null) return { type: 'ok', serverId: stored };
    }
    const res = await client.from(table).insert(row).select('id').single();
    return restOutcome(res, res.data ? Number((res.data as { id: number }).id) : undefined);
  } catch (error) {
    return { type: 'transient', error: { code: 'network', message: String((error as Error)?.message ?? error), status: 0 } };
  }
}
