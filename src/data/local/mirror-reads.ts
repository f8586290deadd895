// The mirror's queries over six read operations (get, bulkGet, where, all, between, keysWhere), so the
// same queries run through Dexie (the live queries of the screens: dexieReads) and through
// IndexedDB itself (a returning patient's start, before Dexie has loaded: idb-reads.ts). The
// mirror holds one patient's data: its owner.
import type { CaregiverGrant } from '../../domain/caregivers/grants';
import type { CustomerId, CustomerRecord, Medication, PatientInformation, Pharmacode } from '../../domain/entities';
import type { CalendarDate } from '../../domain/zoned-time';
import type { Row, TableRead, TableReads } from '../tables/table-declaration';
import type { LocalDb } from './local-db';
import { isLocalOrder, META, type DraftRow, type InsurerRow, type MetaRow, type MirrorOrder, type MirrorRow, type OutboxEntry } from './mirror-schema';

/** The stores the reads use, with their rows. */
export interface ReadStores {
  customers: CustomerRecord;
  orders: MirrorOrder;
  outbox: OutboxEntry;
  meta: MetaRow;
  medications: Medication;
  insurers: InsurerRow;
  drafts: DraftRow;
  patientInformation: PatientInformation;
  rows: MirrorRow;
}
export type ReadStore = keyof ReadStores;
/** every key the mirror's reads use: ids, pharmacodes, meta keys, and the compound keys of the `rows` store */
export type ReadKey = string | number | (string | number)[];
/** what an index is compared with: one value, or one per column of a compound index */
export type IndexValue = string | number | Array<string | number>;

/** Every store a query may read (a query's transaction names the ones it uses). */
export const READ_STORES: readonly ReadStore[] = ['customers', 'orders', 'outbox', 'meta', 'medications', 'insurers', 'drafts', 'patientInformation', 'rows'];

export interface MirrorReads {
  /** the mirror read: its database's name (what is read ahead is kept per mirror: read-ahead.ts) */
  readonly mirror: string;
  get<S extends ReadStore>(store: S, key: ReadKey): Promise<ReadStores[S] | undefined>;
  bulkGet<S extends ReadStore>(store: S, keys: ReadKey[]): Promise<Array<ReadStores[S] | undefined>>;
  /**
   * the rows whose index `index` equals `value` (a compound index: an array of values), in the
   * order of their primary keys; with `limit`, only that many of the lowest
   */
  where<S extends ReadStore>(store: S, index: string, value: IndexValue, limit?: number): Promise<Array<ReadStores[S]>>;
  /** every row of a store */
  all<S extends ReadStore>(store: S): Promise<Array<ReadStores[S]>>;
  /** the rows whose primary key lies between `lower` and `upper`, both included, in key order */
  between<S extends ReadStore>(store: S, lower: ReadKey, upper: ReadKey): Promise<Array<ReadStores[S]>>;
  /** the primary keys of the rows whose index `index` equals `value` (no row is read) */
  keysWhere(store: ReadStore, index: string, value: IndexValue): Promise<ReadKey[]>;
}

/** The reads through Dexie (inside a liveQuery they are observed; inside a transaction they share it). */
export function dexieReads(db: LocalDb): MirrorReads {
  return {
    mirror: db.name,
    get: (store, key) => db.table(store).get(key),
    bulkGet: (store, keys) => db.table(store).bulkGet(keys),
    where: (store, index, value, limit) => {
      const equal = db.table(store).where(index).equals(value);
      return (limit === undefined ? equal : equal.limit(limit)).toArray();
    },
    all: (store) => db.table(store).toArray(),
    between: (store, lower, upper) => db.table(store).where(':id').between(lower, upper, true, true).toArray(),
    keysWhere: (store, index, value) => db.table(store).where(index).equals(value).primaryKeys() as Promise<ReadKey[]>,
  };
}

/** An order for the screens: `pending` while it waits in the outbox (placed offline, not confirmed). */
export type OrderView = MirrorOrder & { pending: boolean };

export async function ownerIn(reads: MirrorReads): Promise<string | null> {
  const row = await reads.get('meta', META.owner);
  return typeof row?.value === 'string' ? row.value : null;
}

export async function customerIn(reads: MirrorReads): Promise<CustomerRecord | null> {
  const owner = await ownerIn(reads);
  return owner ? ((await reads.get('customers', owner)) ?? null) : null;
}

/**
 * Top-level orders, newest first (by id: pending orders have temporary ids above every
 * server id, temp-ids.ts), `pending` while the outbox still holds their entry.
 */
export async function ordersIn(reads: MirrorReads): Promise<OrderView[]> {
  const owner = await ownerIn(reads);
  if (!owner) return [];
  const [orders, entries] = await Promise.all([ordersOfCustomer(reads, owner), reads.where('outbox', 'customer_id', owner)]);
  const waiting = new Set(entries.filter((e) => e.status === 'pending').map((e) => e.id));
  return orders
    .filter((o) => o.parent === null || o.parent === undefined)
    .sort((a, b) => b.id - a.id)
    .map((o) => ({ ...o, pending: isLocalOrder(o) && (!o.outbox_id || waiting.has(o.outbox_id)) }));
}

/**
 * Up to this many keys are read a get each; more with one read of the key range they span. A get
 * each is a request with its own answer event: for the 200 prescribed medications of a long list
 * that was 47 ms of one task at 4× CPU after /prescriptions opened (issue 36), the range one request.
 */
export const FEW_KEYS = 16;

/**
 * Orders per read of a long order list. IndexedDB hands a read's rows over in one task, where the
 * browser makes them anew from their stored copies: 500 orders with their parts and items were
 * 33–46 ms of one task at 4× CPU (traced after a tap to /prescriptions, issue 36), in every pull
 * and every live read of the orders. In reads of this many, each is a task of its own.
 */
export const ORDERS_PER_READ = 100;

/**
 * Every stored order of a customer (top-level ones and their parts), in no particular order: one
 * read for a few; for many, the first part, then the keys of the rest, then ranges of
 * ORDERS_PER_READ keys, each read by itself (inside one transaction, so they see the same mirror).
 */
export async function ordersOfCustomer(reads: MirrorReads, customerId: CustomerId): Promise<MirrorOrder[]> {
  // one order more than a part tells a long list from a short one in the same read
  const first = await reads.where('orders', 'customer_id', customerId, ORDERS_PER_READ + 1);
  if (first.length <= ORDERS_PER_READ) return first;
  // the first read holds the lowest keys (an index keeps equal values in their primary keys' order)
  const last = Math.max(...first.map((order) => Number(order.id)));
  const rest = (await reads.keysWhere('orders', 'customer_id', customerId))
    .map(Number)
    .filter((key) => key > last)
    .sort((a, b) => a - b);
  const out: MirrorOrder[] = [...first];
  for (let i = 0; i < rest.length; i += ORDERS_PER_READ) {
    const part = rest.slice(i, i + ORDERS_PER_READ);
    const spanned = await reads.between('orders', part[0]!, part[part.length - 1]!);
    // another customer's order between two of these keys (a mirror holds one customer's, but the store does not say so)
    for (const order of spanned) if (order.customer_id === customerId) out.push(order);
  }
  return out;
}

/** The stored rows among these numeric keys (pharmacodes, prdnos), in no particular order; missing ones are absent. */
export async function rowsOfKeys<S extends 'medications' | 'patientInformation'>(reads: MirrorReads, store: S, keys: readonly number[]): Promise<Array<ReadStores[S]>> {
  const wanted = [...new Set(keys.map(Number))];
  if (!wanted.length) return [];
  if (wanted.length <= FEW_KEYS) return (await reads.bulkGet(store, wanted)).filter((row): row is ReadStores[S] => row !== undefined);
  const keyOf = (row: ReadStores[S]): number => Number('pharmacode' in row ? row.pharmacode : row.prdno);
  const asked = new Set(wanted);
  const spanned = await reads.between(store, Math.min(...wanted), Math.max(...wanted));
  return spanned.filter((row) => asked.has(keyOf(row)));
}

/** The stored medications among these pharmacodes, by pharmacode (missing ones are absent). */
export async function medicationsIn(reads: MirrorReads, pharmacodes: readonly Pharmacode[]): Promise<ReadonlyMap<Pharmacode, Medication>> {
  const rows = await rowsOfKeys(reads, 'medications', pharmacodes);
  return new Map(rows.map((m) => [m.pharmacode, m]));
}

/**
 * How fresh the patient's data on this device is: the older of the last writes of the
 * customer record and of the orders from the server (a pull or a realtime reload), epoch ms;
 * null before both were ever pulled.
 */
export async function syncedAtIn(reads: MirrorReads): Promise<number | null> {
  const rows = await reads.bulkGet('meta', [META.pulledAt('customer'), META.pulledAt('orders')]);
  const times = rows.map((r) => r?.value);
  return times.every((t): t is number => typeof t === 'number') ? Math.min(...times) : null;
}

/** The mirrored customer of this user, once its area was pulled (undefined: not yet). */
export async function pulledCustomerIn(reads: MirrorReads, userId: CustomerId): Promise<{ customer: CustomerRecord | null } | undefined> {
  if ((await ownerIn(reads)) !== userId) return undefined;
  if (!(await reads.get('meta', META.pulledAt('customer')))) return undefined;
  return { customer: (await reads.get('customers', userId)) ?? null };
}

/**
 * A table's reads (tables/table-declaration.ts TableReads) over the mirror's: the owner's rows of
 * a table in the `rows` store, by the `[table+customer_id]` index, by key, or in a key range.
 */
export function tableReadsOf(reads: MirrorReads, owner: string): TableReads {
  const own = (rows: ReadonlyArray<MirrorRow | undefined>) => rows.flatMap((r) => (r && r.customer_id === owner ? [r.row] : []));
  return {
    owner,
    rows: async (table) => own(await reads.where('rows', '[table+customer_id]', [table, owner])),
    row: async (table, key) => own([await reads.get('rows', [table, key])])[0],
    between: async (table, lower, upper) => own(await reads.between('rows', [table, lower], [table, upper])),
  };
}

/** A table's read (its module's) for the mirror's owner; its `none` without one. */
export async function tableReadIn<T>(reads: MirrorReads, read: TableRead<T>): Promise<T> {
  const owner = await ownerIn(reads);
  return owner ? read.read(tableReadsOf(reads, owner)) : read.none;
}

/**
 * What the dashboard shows, read in one go (one answer, so nothing on it shows half-read). How
 * fresh it is comes apart (syncedAtQuery): each pull stamps its areas, and a stamp read here made
 * the whole dashboard read and render again with equal data.
 */
export interface DashboardMirror {
  customer: CustomerRecord | null;
  orders: OrderView[];
  /** details of the prescribed medications, by pharmacode */
  medications: ReadonlyMap<Pharmacode, Medication>;
  /** the days whose dose marks were read (the plan's day: doseSlotAt(now).day) */
  marksDays: readonly CalendarDate[];
  /** the rows of the dose marks of those days, as stored */
  markRows: ReadonlyArray<Record<string, unknown>>;
  /** the patient's helpers (their grants, ended ones too): who a mark made by a helper names */
  helpers: readonly CaregiverGrant[];
}

/** The read of the marks of these prescriptions' doses on these days (the dose marks' module's dayMarkRows). */
export type DayMarkRead = (prescriptionIds: readonly number[], days: readonly CalendarDate[]) => TableRead<Row[]>;

/** The read of the patient's helpers (the caregiver grants' module's). */
export type HelpersRead = TableRead<{ helpers: CaregiverGrant[] }>;

export async function dashboardIn(reads: MirrorReads, marksDays: readonly CalendarDate[] = [], dayMarks?: DayMarkRead, helpersRead?: HelpersRead): Promise<DashboardMirror> {
  const [customer, orders, grants] = await Promise.all([customerIn(reads), ordersIn(reads), helpersRead ? tableReadIn(reads, helpersRead) : null]);
  const [medications, markRows] = await Promise.all([
    medicationsIn(reads, (customer?.webshop_customer_medication ?? []).map((p) => p.medication_id)),
    customer && dayMarks ? tableReadIn(reads, dayMarks((customer.webshop_customer_medication ?? []).map((p) => p.id), marksDays)) : [],
  ]);
  return { customer, orders, medications, marksDays, markRows, helpers: grants?.helpers ?? [] };
}
