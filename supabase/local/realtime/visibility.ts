// Who may see an INSERT or UPDATE: RLS decides, evaluated with each subscriber's role and JWT
// claims exactly as PostgREST sets them (role, request.jwt.claims). A DELETE is not checked at
// all (delivery.ts), as hosted Realtime does not apply RLS to deletes.
// - As Supabase does, each subscriber runs `select 1 from tbl where <pk> = <record's pk>`
//   under its own role and claims.
// - The check sees the row version of the change itself. In one transaction, as the superuser
//   with session_replication_role = replica (no trigger or foreign-key action fires), the current
//   row with that key is removed and the version of the change is inserted; the subscribers look
//   for it; then the transaction is rolled back. So an INSERT or UPDATE followed at once by a
//   DELETE is still delivered to its owner.
// All subscribers of one change are checked in one transaction, each inside a savepoint so
// a failing policy (or an unknown role) only hides the change from that subscriber.
import type { Db, DbSession } from '../db/db.ts';
import type { Change, Row, TableMeta } from './capture.ts';
import { filterSql, quoteIdent, type FilterCondition } from './filter.ts';

export type Claims = Record<string, unknown>;

const tableName = (meta: TableMeta) => `${quoteIdent(meta.schema)}.${quoteIdent(meta.table)}`;

const roleOf = (claims: Claims) => (typeof claims.role === 'string' ? claims.role : 'anon');

/** A record value as a text parameter Postgres can cast to the column type. */
function param(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

class Rollback extends Error {}

async function setClaims(tx: DbSession, claims: Claims) {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true)`,
    [roleOf(claims), JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  );
}

/** For each claims set (by index), whether its holder may see the changed row. */
export async function visibleTo(db: Db, meta: TableMeta, change: Change, claimsList: Claims[]): Promise<boolean[]> {
  const result = claimsList.map(() => false);
  if (claimsList.length === 0) return result;
  const row = change.type === 'DELETE' ? change.old_record : change.record;
  if (!row) return result;
  const table = tableName(meta);
  const byKey = meta.primaryKey.length
    ? {
        where: meta.primaryKey.map((c, i) => `${quoteIdent(c)} = $${i + 1}`).join(' and '),
        params: meta.primaryKey.map((c) => param(row[c])),
      }
    : null;
  try {
    await db.transaction(async (tx) => {
      const ctid = byKey || change.type === 'DELETE' ? await placeRowVersion(tx, meta, row, byKey) : null;
      // A deleted row that cannot be put back is kept from everyone rather than guessed at.
      if (change.type === 'DELETE' && ctid === null) throw new Rollback();
      const lookup = byKey
        ? { sql: `select 1 from ${table} where ${byKey.where}`, params: byKey.params }
        : ctid !== null
          ? { sql: `select 1 from ${table} where ctid = $1::tid`, params: [ctid] }
          : { sql: `select 1 from ${table} t where to_jsonb(t.*) = $1::jsonb`, params: [JSON.stringify(row)] };
      for (let i = 0; i < claimsList.length; i++) {
        await tx.query('savepoint local_realtime_check');
        try {
          await setClaims(tx, claimsList[i] as Claims);
          const { rows } = await tx.query(lookup.sql, lookup.params);
          result[i] = rows.length > 0;
          await tx.query('release savepoint local_realtime_check');
        } catch {
          await tx.query('rollback to savepoint local_realtime_check');
        }
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result;
}

/**
 * Makes the table hold exactly the row version of the change (the transaction is rolled back
 * afterwards): removes the current row with that key, if any, and inserts the version. So the
 * check sees the row as it was at the change even when later changes are already committed.
 * Returns the ctid of the placed row, or null when it does not fit (the check then falls back
 * to the row as it is now).
 */
async function placeRowVersion(tx: DbSession, meta: TableMeta, row: Row, byKey: { where: string; params: unknown[] } | null): Promise<string | null> {
  await tx.query('savepoint local_realtime_replica');
  try {
    await tx.query('set local session_replication_role = replica');
    await tx.query('release savepoint local_realtime_replica');
  } catch {
    await tx.query('rollback to savepoint local_realtime_replica'); // not a superuser: triggers fire (and roll back)
  }
  await tx.query('savepoint local_realtime_place');
  try {
    if (byKey) await tx.query(`delete from ${tableName(meta)} where ${byKey.where}`, byKey.params);
    const cols = meta.insertable.map(quoteIdent).join(', ');
    const { rows } = await tx.query<{ ctid: string }>(
      `insert into ${tableName(meta)} (${cols}) ${meta.hasIdentityAlways ? 'overriding system value' : ''}
       select ${cols} from jsonb_populate_record(null::${tableName(meta)}, $1::jsonb) returning ctid::text as ctid`,
      [JSON.stringify(row)],
    );
    return rows[0]?.ctid ?? null;
  } catch {
    await tx.query('rollback to savepoint local_realtime_place');
    return null;
  }
}

/** Whether the record satisfies the binding's filter conditions (typed as the table's columns). */
export async function matchesFilter(db: Db, meta: TableMeta, row: Row | null, conditions: FilterCondition[]): Promise<boolean> {
  if (conditions.length === 0) return true;
  if (!row) return false;
  const { sql, params } = filterSql(conditions, 2);
  try {
    const { rows } = await db.query(
      `select 1 from jsonb_populate_record(null::${tableName(meta)}, $1::jsonb) r where ${sql}`,
      [JSON.stringify(row), ...params],
    );
    return rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * Checks a filter against a table when a channel joins: unknown columns and values that do
 * not fit the column type are reported then, as Realtime does, instead of never matching.
 */
export async function checkFilter(db: Db, meta: TableMeta, conditions: FilterCondition[]): Promise<string | null> {
  for (const c of conditions) {
    if (!meta.columns.some((col) => col.name === c.column)) return `invalid column for filter ${c.column}`;
  }
  if (conditions.length === 0) return null;
  const { sql, params } = filterSql(conditions, 1);
  try {
    await db.query(`select 1 from jsonb_populate_record(null::${tableName(meta)}, '{}'::jsonb) r where ${sql}`, params);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The columns a role may select (column privileges), as Realtime strips the others. */
export async function selectableColumns(db: Db, meta: TableMeta, role: string): Promise<Set<string> | null> {
  try {
    const { rows } = await db.query<{ name: string }>(
      `select a.attname as name from pg_attribute a
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
      [tableName(meta), role],
    );
    return new Set(rows.map((r) => r.name));
  } catch {
    return null;
  }
}
