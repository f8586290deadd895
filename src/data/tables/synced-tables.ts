// The registry of synced tables: one declaration per server table the app mirrors and writes.
// The outbox (an entry names its table), the mirror (where a row lives, what the server derives),
// the pull (the customer select, the tables pulled on their own), realtime (what a change means)
// and the list of refused changes (its label) all read it; none of them switches over tables.
// Adding a table: its migration, one entry here, `npm run gen:types`, and its view
// (src/data/README.md, "Adding a synced table").
import type { CustomerRecord, RecordId } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';
import { bmi } from '../../domain/schemas/questionnaire';
import { CAREGIVER_GRANT_COLUMNS, CAREGIVER_GRANT_OWNERS, CAREGIVER_GRANTS_TABLE } from './caregiver-grants-table';
import { PLAN_SETTINGS_TABLE } from './plan-settings-table';
import { DOSE_MARK_KEY, DOSE_MARK_TABLE } from './dose-mark-key';
import { convergeDoseMarks, DOSE_MARK_PULL_DAYS } from './dose-mark-table';

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
  /** realtime events of this table reload the orders (the order tree), not the customer */
  orders?: true;
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

const always = (id: string) => () => id;

/** The patient's plan settings (period times, refill lead time): src/data/hooks/use-plan-settings.ts. */
export { PLAN_SETTINGS_TABLE };

/** The read form of an insurance row (spec §3) is generated from its save form. */
function insuranceReadForm(row: Row): Row {
  return {
    ...row,
    insurance_name: row.insurance ?? null,
    insurance_nr: row.veka_nr ?? null,
    insurance_police_nr: row.police_nr ?? null,
    voluntary_insurance_name: row.additional_insurance ?? null,
    voluntary_insurance_nr: row.additional_insurance_nr ?? null,
  };
}

function withBmi(row: Row): Row {
  const { weight, size } = row;
  return { ...row, bmi: weight != null && size != null ? bmi(Number(weight), Number(size)) : null };
}

/** The server resets `handled` when the send method changes, and a new row starts with it false and no send_asap. */
function sendMethodMerge(old: Row | undefined, fields: Row): Row {
  if (!old) return { send_asap: null, handled: false, ...fields };
  const methodChanged = 'prescription_send_method' in fields && old.prescription_send_method !== fields.prescription_send_method;
  return methodChanged ? { ...fields, handled: false } : fields;
}

/**
 * An e-prescription sent counts as announced (spec §4 Awaiting): the server marks the latest
 * additional info unhandled (migration *_eprescriptions.sql), until the pharmacy enters it.
 */
function announcesPrescription(record: CustomerRecord | undefined): CustomerRecord | undefined {
  const latest = latestById(record?.webshop_customer_additional_info);
  if (!record || !latest?.handled) return record;
  return { ...record, webshop_customer_additional_info: (record.webshop_customer_additional_info ?? []).map((i) => (i.id === latest.id ? { ...i, handled: false } : i)) };
}

const table = (t: Partial<SyncedTable> & Pick<SyncedTable, 'name' | 'mirror' | 'write' | 'label'>): SyncedTable => ({
  key: ['id'],
  writesCustomerId: t.mirror !== 'customer',
  supersedes: t.write !== null,
  ...t,
});

/** The app's synced tables. The customer record's lists in the order of the spec §7 select. */
export const SYNCED_TABLES: readonly SyncedTable[] = [
  table({ name: 'webshop_customers', mirror: 'customer', write: 'upsert', label: always('sync.kind.customer') }),
  table({ name: 'webshop_customer_address', mirror: 'list', write: 'fields', label: always('sync.kind.address') }),
  table({ name: 'webshop_customer_insurance', mirror: 'list', write: 'fields', derive: insuranceReadForm, label: always('sync.kind.insurance') }),
  table({ name: 'webshop_customer_questionnaire', mirror: 'list', write: 'fields', derive: withBmi, label: always('sync.kind.questionnaire') }),
  table({ name: 'webshop_customer_order_defaults', mirror: 'list', write: 'insert', label: always('sync.kind.orderDefaults') }),
  table({
    name: 'webshop_customer_additional_info',
    mirror: 'list',
    write: 'fields',
    // saved by id and fields only (spec §7); customer_id defaults to auth.uid()
    writesCustomerId: false,
    merge: sendMethodMerge,
    label: (op, fields) => (op === 'delete' ? 'sync.kind.sendMethodReset' : fields.length === 1 && fields[0] === 'send_asap' ? 'sync.kind.sendAsap' : 'sync.kind.sendMethod'),
  }),
  table({ name: 'webshop_customer_medication', mirror: 'list', write: null, label: always('sync.kind.customer') }),
  // the plan's period times and refill lead time: one row per patient, keyed by the patient
  table({ name: PLAN_SETTINGS_TABLE, mirror: 'rows', key: ['customer_id'], write: 'upsert', label: always('sync.kind.planSettings') }),
  // issue 24: taken/skipped per dose, the later mark on the device wins (supabase/migrations/20261125001000_dose_marks.sql)
  table({
    name: DOSE_MARK_TABLE,
    mirror: 'rows',
    key: DOSE_MARK_KEY,
    write: 'upsert',
    converge: convergeDoseMarks,
    pullWindow: { column: 'day', days: DOSE_MARK_PULL_DAYS },
    label: always('sync.kind.doseMark'),
  }),
  // issue 27: one row per prescription Id — a second send of the same Id is refused (409); each
  // prescription is its own, so a later one never supersedes a refused one. Older than the
  // validity a pharmacy accepts (a year) nothing is sent again, so the mirror keeps 400 days.
  // Issue 37: stored by the function ePrescription, which reads the code itself and keys it as
  // the app does (supabase/functions/_shared/chmed/prescription-code.ts).
  table({
    name: 'webshop_customer_eprescription',
    mirror: 'rows',
    key: ['customer_id', 'rx_id'],
    write: 'insert',
    supersedes: false,
    insertThrough: { fn: 'ePrescription', body: ({ raw, summary }) => ({ raw, summary }) },
    onInsert: announcesPrescription,
    pullWindow: { column: 'sent_at', days: 400 },
    label: always('sync.kind.ePrescription'),
  }),
  // issue 41: the patient's invitations and helpers, the helper's grants (written by RPCs only)
  table({
    name: CAREGIVER_GRANTS_TABLE,
    mirror: 'rows',
    key: ['id'],
    write: null,
    columns: CAREGIVER_GRANT_COLUMNS,
    owners: CAREGIVER_GRANT_OWNERS,
    label: always('sync.kind.caregiverGrant'),
  }),
  // issue 28: the devices that get dose reminders, one row per browser push subscription; the
  // sender (not the patient) writes last_success_at and removes devices the push service forgot
  table({
    name: 'webshop_customer_push_subscription',
    mirror: 'rows',
    key: ['customer_id', 'endpoint'],
    write: 'upsert',
    label: (op) => (op === 'delete' ? 'sync.kind.reminderDeviceOff' : 'sync.kind.reminderDevice'),
  }),
];

const registry = new Map<string, SyncedTable>(SYNCED_TABLES.map((t) => [t.name, t]));

/** The declaration of a registered table; throws for a name nobody registered (a programming error). */
export function syncedTable(name: string): SyncedTable {
  const found = registry.get(name);
  if (!found) throw new Error(`no synced table ${name}`);
  return found;
}

export const isSyncedTable = (name: string): boolean => registry.has(name);

/** Every registered table (the app's and any registered since). */
export const syncedTables = (): SyncedTable[] => [...registry.values()];

/**
 * Registers another table at run time. The app declares its tables above; the recipe's test
 * registers a table of its own migration this way (tests/stack-own/synced-table-recipe.test.ts).
 */
export function registerSyncedTable(t: Partial<SyncedTable> & Pick<SyncedTable, 'name' | 'mirror' | 'write' | 'label'>): SyncedTable {
  const declared = table(t);
  registry.set(declared.name, declared);
  return declared;
}

/** The lists of the customer record (spec §7 nested select), in their order. */
export const customerLists = (): string[] => syncedTables().filter((t) => t.mirror === 'list').map((t) => t.name);

/** The tables whose rows the mirror keeps apart (the `rows` store). */
export const rowTables = (): SyncedTable[] => syncedTables().filter((t) => t.mirror === 'rows');

/** spec §7: webshop_customers with the nested related tables. */
export const customerSelect = (): string => ['*', ...customerLists().map((list) => `${list}(*)`)].join(', ');

/** The columns of a 'rows' table naming the mirror's owner. */
export const ownerColumns = (t: SyncedTable): readonly string[] => t.owners ?? ['customer_id'];

/** Does the row belong to this user's mirror (one of its owner columns names them)? */
export const ownsRow = (t: SyncedTable, row: Row, userId: string): boolean => ownerColumns(t).some((column) => row[column] === userId);

/** A row's key as one string (the `rows` store's key; an identity's id as its digits). */
export function rowKey(t: SyncedTable, row: Row): string {
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
