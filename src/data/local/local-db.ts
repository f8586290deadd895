// The local mirror (IndexedDB through Dexie): what the screens read, online and offline.
// Versioned: a change of the stores adds a new `version(n)` below, never edits an old one.
// Version 2 adds `patientInformation` (the prescribed products' compendium texts).
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { CustomerRecord, DraftOrder, Medication, Order, PatientInformation } from '../../domain/entities';

/** One write waiting for the server (spec §7 writes). `id` is the idempotency key. */
export interface OutboxEntry {
  /** insertion order: replay order */
  seq?: number;
  /** client-generated uuid; sent as the idempotency key */
  id: string;
  customer_id: string;
  kind: string;
  payload: unknown;
  status: 'pending' | 'rejected';
  attempts: number;
  /** epoch ms before which a retry waits (backoff) */
  nextAttemptAt: number;
  createdAt: number;
  /** last failure: an error code for the UI, and the server's message */
  lastError?: { code: string; message: string; status?: number } | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Keys of the meta store written by the pull (src/data/pull) and the mirror's owner. */
export const META = {
  /** the customer id whose data the mirror holds (another user's sign-in wipes it first) */
  owner: 'owner',
  /** epoch ms of the last pull in which every area succeeded */
  lastPullAt: 'lastPullAt',
  /** epoch ms of the last successful pull of one area: `pulledAt.customer`, `pulledAt.orders`, … */
  pulledAt: (area: string) => `pulledAt.${area}`,
  /** the last pull of an area failed: `{error, at}` (its next success removes it), e.g. `pullError.orders` */
  pullError: (area: string) => `pullError.${area}`,
} as const;

/**
 * An order as mirrored: a top-level order of the order-tree select (children and items
 * nested; the server's row also carries its `idempotency_key`), or one placed through the
 * outbox (src/data/outbox/mirror.ts pendingOrder): a temporary id, `pending: true` and the
 * outbox entry's id as `outbox_id` until the server has it.
 */
export type MirrorOrder = Order & { pending?: boolean; outbox_id?: string; idempotency_key?: string | null };

/** An order that exists only on this device so far (placed through the outbox, not confirmed yet). */
export const isLocalOrder = (order: Pick<MirrorOrder, 'pending'>): boolean => order.pending === true;

export interface InsurerRow {
  name: string;
}

export interface DraftRow {
  customer_id: string;
  draft: DraftOrder;
}

export type LocalDb = Dexie & {
  customers: EntityTable<CustomerRecord, 'id'>;
  orders: EntityTable<MirrorOrder, 'id'>;
  medications: EntityTable<Medication, 'pharmacode'>;
  insurers: EntityTable<InsurerRow, 'name'>;
  drafts: EntityTable<DraftRow, 'customer_id'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
  /** version 2: the patient information of the prescribed products, by prdno (spec §7 compendium) */
  patientInformation: EntityTable<PatientInformation, 'prdno'>;
};

export const LOCAL_DB_NAME = 'rezeptpost';

/**
 * Opens (lazily, on first use) the mirror under this name. Tests pass a unique name; in
 * Node they install fake-indexeddb globally (`import 'fake-indexeddb/auto'`): Dexie's
 * liveQuery only runs with a global indexedDB, whatever `options` give the database.
 */
export function openLocalDb(name = LOCAL_DB_NAME, options?: DexieOptions): LocalDb {
  const db = new Dexie(name, options) as LocalDb;
  db.version(1).stores({
    customers: 'id',
    orders: 'id, customer_id',
    medications: 'pharmacode',
    insurers: 'name',
    drafts: 'customer_id',
    outbox: '++seq, &id, customer_id, status',
    meta: 'key',
  });
  // the prescriptions' patient information, pulled with the medications, read offline
  db.version(2).stores({ patientInformation: 'prdno' });
  return db;
}

let shared: LocalDb | null = null;

/** The app's database, opened on first use. */
export function localDb(): LocalDb {
  shared ??= openLocalDb();
  return shared;
}
