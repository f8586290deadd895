// The one place where the generic sync leaves supabase-js' table typing. supabase-js checks a
// query against the generated types only for a literal table name — its builders are not
// generic over a union of tables — while the outbox and the pull write and read whichever
// registered table an entry names. So they reach the tables through these few functions, over an
// untyped client; what is written is typed where it is built (the commands, with the generated
// `TablesInsert<'…'>` of database.types.ts), and rows read come back as plain records.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AppClient } from '../supabase-client';
import type { Row } from './synced-tables';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped client: see the header
type UntypedClient = SupabaseClient<any, 'public', 'public', any>;

export interface TableError {
  code?: string;
  message?: string;
}

export interface TableAnswer<T> {
  data: T | null;
  error: TableError | null;
  status: number;
}

const untyped = (client: AppClient): UntypedClient => client as unknown as UntypedClient;

/** INSERT of one row; its key columns come back. */
export async function insertRow(client: AppClient, table: string, row: Row, key: readonly string[]): Promise<TableAnswer<Row>> {
  const { data, error, status } = await untyped(client).from(table).insert(row).select(key.join(',')).single();
  return { data: (data as Row | null) ?? null, error, status };
}

/** UPDATE of these columns of the row with this key; the keys of the rows updated come back (none: gone, or not the patient's). */
export async function updateRow(client: AppClient, table: string, match: Row, fields: Row, key: readonly string[]): Promise<TableAnswer<Row[]>> {
  const { data, error, status } = await untyped(client).from(table).update(fields).match(match).select(key.join(','));
  return { data: (data as Row[] | null) ?? null, error, status };
}

/** INSERT … ON CONFLICT (key) DO UPDATE of the whole row. */
export async function upsertRow(client: AppClient, table: string, row: Row, key: readonly string[]): Promise<TableAnswer<null>> {
  const { error, status } = await untyped(client).from(table).upsert(row, { onConflict: key.join(',') });
  return { data: null, error, status };
}

export async function deleteRow(client: AppClient, table: string, match: Row): Promise<TableAnswer<null>> {
  const { error, status } = await untyped(client).from(table).delete().match(match);
  return { data: null, error, status };
}

/** The customer's latest row (highest id), read once: no retries of postgrest-js (the outbox has its own backoff). */
export async function latestRow(client: AppClient, table: string, customerId: string): Promise<TableAnswer<Row | null>> {
  const { data, error, status } = await untyped(client).from(table).select('*').eq('customer_id', customerId).order('id', { ascending: false }).limit(1).retry(false);
  return { data: ((data as Row[] | null) ?? [])[0] ?? null, error, status };
}

/** Rows per request of customerRows: the API's `max_rows` (supabase/config.toml), which cuts longer answers short without saying so. */
export const ROWS_PAGE = 1000;

/**
 * The customer's rows of a table (where one of `owners` names them; the columns `columns`),
 * optionally only those whose `since.column` is on or after `since.from` (an ISO date); in pages ordered by the table's key, so a patient with more rows
 * than one answer holds (90 days of dose marks of many prescriptions) gets all of them.
 */
export async function customerRows(
  client: AppClient,
  table: string,
  customerId: string,
  since?: { column: string; from: string },
  key: readonly string[] = [],
  { columns = '*', owners = ['customer_id'] }: { columns?: string; owners?: readonly string[] } = {},
): Promise<TableAnswer<Row[]>> {
  const rows: Row[] = [];
  for (let from = 0; ; from += ROWS_PAGE) {
    const select = untyped(client).from(table).select(columns);
    let query = owners.length === 1 ? select.eq(owners[0]!, customerId) : select.or(owners.map((column) => `${column}.eq.${customerId}`).join(','));
    if (since) query = query.gte(since.column, since.from);
    for (const column of key) query = query.order(column);
    const { data, error, status } = await query.range(from, from + ROWS_PAGE - 1);
    if (error) return { data: null, error, status };
    // a select list that is no literal types its rows as errors: they are plain records
    const page = (data as unknown as Row[] | null) ?? [];
    rows.push(...page);
    if (page.length < ROWS_PAGE) return { data: rows, error: null, status };
  }
}

/** A database function the outbox calls by the name an entry gives (../tables/calls.ts). */
export async function callRpc(client: AppClient, name: string, args: Row): Promise<TableAnswer<unknown>> {
  const { data, error, status } = await untyped(client).rpc(name, args);
  return { data: data ?? null, error, status };
}
