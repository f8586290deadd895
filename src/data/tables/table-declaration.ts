// What a synced table declares (one module per table: src/data/tables/<table>.ts) and the rules
// the engine derives from a declaration: a row's key, the filter naming it on the server, what a
// realtime change of it reloads, what a screen reads ahead of it. The engine (outbox, pull,
// realtime, the mirror's reads, the hooks) reads declarations and names no table (decision 0050).
// Nothing here imports a rule of the domain: the first load reads through these types.
import type { CustomerRecord, RecordId } from '../../domain/entities';

export type Row = Record<string, unknown>;

/**
 * Where a table's rows live in the mirror:
 * - 'customer': the customer row itself (the `customers` store);
 * - 'list': a list nested in the customer record, pulled with it (spec §7 select of
 *   webshop_customers with its related tables);
 * - 'rows': rows of their own (the `rows` store), pulled by their own select (`pull`), and
 *   applied straight from realtime's events.
 */
export type MirrorPlace = 'customer' | 'list' | 'rows';

/**
 * How a save reaches the server:
 * - 'fields': an edit carries the fields the patient changed and UPDATEs the stored row by id; a
 *   new row (a temporary id, ../local/temp-ids.ts) is INSERTed — two devices editing other fields of
 *   one record both land;
 * - 'insert': every save is a new row (the latest counts);
 * - 'upsert': the whole row by its key (INSERT … ON CONFLICT (key) DO UPDATE);
 * - null: read only (the pharmacy writes it).
 */
export type WriteMode = 'fields' | 'insert' | 'upsert' | null;

/**
 * What a realtime change of a table means (spec §4 Realtime), read by realtime/change-router.ts:
 * - `area`: 'row' — the row is put or removed in the `rows` store as it came; 'customer' — the
 *   customer record is reloaded; 'orders' — the order tree is reloaded;
 * - `owner`: the column naming the customer a row belongs to (a row of another is ignored);
 * - `heldAs`: where the mirror holds a row of it, to tell a change it already shows (or a delete
 *   of a row it never held) from one it must reload.
 */
export interface Routing {
  area: 'row' | 'customer' | 'orders';
  owner: string;
  heldAs: 'customer' | 'list' | 'rows' | 'order' | 'item';
}

/** A table realtime follows without the app writing it (the order tree: the pharmacy writes it). */
export interface FollowedTable {
  name: string;
  realtime: Routing;
}

/**
 * The mirror's reads of one table's rows for the mirror's owner (local/mirror-query.ts
 * `tableQuery` gives them over Dexie or IndexedDB itself): every row, a row by its key (rowKey),
 * the rows whose keys lie between two keys (both included, in key order).
 */
export interface TableReads {
  owner: string;
  rows(table: string): Promise<Row[]>;
  row(table: string, key: string): Promise<Row | undefined>;
  between(table: string, lower: string, upper: string): Promise<Row[]>;
}

/**
 * A read of a table's rows as a screen asks it (decision 0037): its key (the same read gives the
 * same key: the read ahead is found by it), its answer without a patient, and the read.
 */
export interface TableRead<T> {
  key: string;
  none: T;
  read: (reads: TableReads) => Promise<T>;
}

export interface SyncedTable {
  name: string;
  mirror: MirrorPlace;
  /** the primary key's columns ('id': an identity, temporary ids until the server has the row) */
  key: readonly string[];
  write: WriteMode;
  /** writes name the customer in `customer_id` (else the column's default, auth.uid()) */
  writesCustomerId: boolean;
  /** the columns the server derives from others (generated columns), derived again after a local merge */
  derive?: (row: Row) => Row;
  /** what a write does to the row beyond its fields, as the server would (defaults, resets) */
  merge?: (old: Row | undefined, fields: Row) => Row;
  /** a later accepted save of the same row, with at least the same fields, supersedes an earlier refused one */
  supersedes: boolean;
  /** the message id naming a write (or a delete) of this table in the list of refused changes */
  label: (op: 'write' | 'delete', fields: readonly string[]) => string;
  /**
   * 'rows' tables written whole where the newer row wins (not the last to arrive): of the row the
   * mirror holds and one written over it (a pending entry laid on again after a pull or a realtime
   * event, or a new write), the one to keep — as the server's own rule keeps it.
   */
  converge?: (stored: Row, written: Row) => Row;
  /** 'rows' tables: the columns the pull selects ('*' when absent: a table with a column no client reads names the others) */
  columns?: string;
  /**
   * 'rows' tables: the columns of which one names the mirror's owner (['customer_id'] when
   * absent); the pull asks for the rows where any of them is the user, realtime puts only those.
   */
  owners?: readonly string[];
  /** 'rows' tables: the pull keeps the rows of the last `days` days of this date column (all when absent) */
  pullWindow?: { column: string; days: number };
  /** what a realtime change of the table means (default: by its place in the mirror) */
  realtime: Routing;
  /**
   * 'rows' tables: what a screen reads of it, read ahead at a returning patient's start and live
   * afterwards (decision 0037; default: every row of the patient, key `rows:<name>`).
   */
  readAhead?: TableRead<unknown>;
  /** 'rows' tables: what the server's triggers do to the customer record when a row is inserted */
  onInsert?: (record: CustomerRecord | undefined, row: Row) => CustomerRecord | undefined;
  /**
   * 'insert' into a table patients may not write: the edge function that stores the row (and reads
   * what it must check itself), with the body it takes from the row's fields. The entry id goes as
   * its Idempotency-Key: the function answers the same entry's row as stored (a retry after a lost
   * answer), another entry's 409.
   */
  insertThrough?: { fn: string; body: (fields: Row) => Row };
}

export type TableDeclaration = Partial<SyncedTable> & Pick<SyncedTable, 'name' | 'mirror' | 'write' | 'label'>;

/** A label that names every write and delete of the table alike. */
export const always = (id: string) => () => id;

/** Every row of the patient of a 'rows' table, as stored: what a table reads ahead unless it declares otherwise. */
export const everyRow = (name: string): TableRead<Row[]> => ({ key: `rows:${name}`, none: [], read: (reads) => reads.rows(name) });

const routingOf = (mirror: MirrorPlace): Routing =>
  mirror === 'rows' ? { area: 'row', owner: 'customer_id', heldAs: 'rows' } : { area: 'customer', owner: mirror === 'customer' ? 'id' : 'customer_id', heldAs: mirror };

/** A declaration with its defaults: key `id`, the customer named by writes of the lists and rows, routing by its mirror place. */
export function declareTable(t: TableDeclaration): SyncedTable {
  return {
    key: ['id'],
    writesCustomerId: t.mirror !== 'customer',
    supersedes: t.write !== null,
    realtime: routingOf(t.mirror),
    ...(t.mirror === 'rows' ? { readAhead: everyRow(t.name) } : {}),
    ...t,
  };
}

/** The columns of a 'rows' table naming the mirror's owner. */
export const ownerColumns = (t: Pick<SyncedTable, 'owners'>): readonly string[] => t.owners ?? ['customer_id'];

/** Does the row belong to this user's mirror (one of its owner columns names them)? */
export const ownsRow = (t: Pick<SyncedTable, 'owners'>, row: Row, userId: string): boolean => ownerColumns(t).some((column) => row[column] === userId);

/** A row's key as one string (the `rows` store's key; an identity's id as its digits). */
export function rowKey(t: Pick<SyncedTable, 'key'>, row: Row): string {
  return t.key.map((column) => String(row[column] ?? '')).join('|');
}

/** The key columns of a row named by `id` (a single key column) — composite keys travel in the row's fields. */
export function keyColumns(t: SyncedTable, id: RecordId | string): Row {
  return t.key.length === 1 ? { [t.key[0]!]: id } : {};
}

/**
 * The filter naming one row on the server: its single key column, or every column of a composite
 * key taken from the written fields. Null when a key column is missing: a write that cannot name
 * its row is never sent unfiltered.
 */
export function keyMatch(t: SyncedTable, id: RecordId | string, fields: Row = {}): Row | null {
  if (t.key.length === 1) return keyColumns(t, id);
  const match = Object.fromEntries(t.key.filter((column) => fields[column] !== undefined && fields[column] !== null).map((column) => [column, fields[column]]));
  return Object.keys(match).length === t.key.length ? match : null;
}
