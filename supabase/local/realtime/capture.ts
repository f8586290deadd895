// Change capture without logical replication (PGlite has none): every table of publication
// supabase_realtime gets an AFTER INSERT/UPDATE/DELETE row trigger that pg_notify's the
// change as JSON. NOTIFY is transactional, so a change reaches us only once committed, and
// in commit order. A payload above pg_notify's 8000-byte limit is parked in
// local_realtime.oversize and only its id is notified; the listener reads and deletes it,
// so even a large DELETE keeps its full old row (needed for the visibility check).
import type { Db } from '../db/db.ts';
import { quoteIdent } from './filter.ts';

export const CHANGES_CHANNEL = 'local_realtime_changes';
const TRIGGER = 'local_realtime_capture';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type Row = Record<string, unknown>;

export interface Change {
  schema: string;
  table: string;
  type: ChangeType;
  /** the new row (INSERT, UPDATE) */
  record: Row | null;
  /** the full old row (UPDATE, DELETE) */
  old_record: Row | null;
  commit_timestamp: string;
}

export interface TableMeta {
  schema: string;
  table: string;
  /** realtime-js converts values by these pg_type names (int4, _text, timestamptz ...) */
  columns: { name: string; type: string }[];
  primaryKey: string[];
  replicaIdentityFull: boolean;
  /** row-level security is on: realtime then sends an UPDATE's or DELETE's old row as its primary key only */
  rlsEnabled: boolean;
  /** columns an INSERT may name (not generated) */
  insertable: string[];
  hasIdentityAlways: boolean;
}

const SETUP_SQL = `
create schema if not exists local_realtime;
create table if not exists local_realtime.oversize (id bigserial primary key, payload jsonb not null);
create or replace function local_realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $fn$
declare
  payload jsonb;
  body text;
  parked bigint;
begin
  payload := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', case when tg_op = 'INSERT' then null else to_jsonb(old) end);
  body := payload::text;
  if octet_length(body) > 7900 then
    insert into local_realtime.oversize (payload) values (payload) returning id into parked;
    body := jsonb_build_object('oversize', parked)::text;
  end if;
  perform pg_notify('${CHANGES_CHANNEL}', body);
  return null;
end
$fn$;
`;

export interface PublishedTable {
  schema: string;
  table: string;
}

export async function publishedTables(db: Db): Promise<PublishedTable[]> {
  const { rows } = await db.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime' order by 1, 2`,
  );
  return rows.map((r) => ({ schema: r.schemaname, table: r.tablename }));
}

/**
 * Installs (idempotently) the capture trigger on every table of publication
 * supabase_realtime and removes it from tables that left the publication.
 */
export async function syncCaptureTriggers(db: Db): Promise<PublishedTable[]> {
  await db.exec(SETUP_SQL);
  const tables = await publishedTables(db);
  const { rows: existing } = await db.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table from pg_trigger t
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where t.tgname = $1 and not t.tgisinternal`,
    [TRIGGER],
  );
  const key = (t: PublishedTable) => `${t.schema}.${t.table}`;
  const published = new Set(tables.map(key));
  const installed = new Set(existing.map(key));
  const statements: string[] = [];
  for (const t of existing) {
    if (!published.has(key(t))) statements.push(`drop trigger if exists ${TRIGGER} on ${quoteIdent(t.schema)}.${quoteIdent(t.table)};`);
  }
  for (const t of tables) {
    if (installed.has(key(t))) continue;
    const name = `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;
    statements.push(
      `drop trigger if exists ${TRIGGER} on ${name};`,
      `create trigger ${TRIGGER} after insert or update or delete on ${name} for each row execute function local_realtime.capture_change();`,
    );
  }
  if (statements.length) await db.exec(statements.join('\n'));
  return tables;
}

export async function loadTableMeta(db: Db, schema: string, table: string): Promise<TableMeta | null> {
  const { rows } = await db.query<{
    name: string;
    type: string;
    generated: boolean;
    identity_always: boolean;
    pk: boolean;
    replident: string;
    rls: boolean;
  }>(
    `select a.attname as name, t.typname as type, a.attgenerated <> '' as generated,
            a.attidentity = 'a' as identity_always,
            coalesce(a.attnum = any(i.indkey::int2[]), false) as pk, c.relreplident::text as replident,
            c.relrowsecurity as rls
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')
      order by a.attnum`,
    [schema, table],
  );
  if (rows.length === 0) return null;
  return {
    schema,
    table,
    columns: rows.map((r) => ({ name: r.name, type: r.type })),
    primaryKey: rows.filter((r) => r.pk).map((r) => r.name),
    replicaIdentityFull: rows[0]?.replident === 'f',
    rlsEnabled: rows[0]?.rls === true,
    insertable: rows.filter((r) => !r.generated).map((r) => r.name),
    hasIdentityAlways: rows.some((r) => r.identity_always),
  };
}

function isRow(value: unknown): value is Row {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Turns one notification into a Change (reading a parked oversize payload); null if malformed. */
export async function decodeNotification(db: Db, payload: string, commitTimestamp: string): Promise<Change | null> {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  if (isRow(data) && typeof data.oversize === 'number') {
    const { rows } = await db.query<{ payload: unknown }>('delete from local_realtime.oversize where id = $1 returning payload', [data.oversize]);
    data = rows[0]?.payload;
  }
  if (!isRow(data)) return null;
  const { schema, table, type, record, old_record } = data;
  if (typeof schema !== 'string' || typeof table !== 'string') return null;
  if (type !== 'INSERT' && type !== 'UPDATE' && type !== 'DELETE') return null;
  return {
    schema,
    table,
    type,
    record: isRow(record) ? record : null,
    old_record: isRow(old_record) ? old_record : null,
    commit_timestamp: commitTimestamp,
  };
}

/** Drops payloads parked while nobody listened (the stack was down). */
export async function clearOversize(db: Db): Promise<void> {
  await db.exec('truncate local_realtime.oversize');
}
