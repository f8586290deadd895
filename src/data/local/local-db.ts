// The local mirror (IndexedDB through Dexie): what the screens read, online and offline.
// Versioned: a change of the stores adds a new `version(n)` below, never edits an old one.
// Version 2 adds `patientInformation` (the prescribed products' compendium texts); version 3
// the `rows` store (synced tables mirrored apart from the customer record) and converts the
// outbox to the registry's generic entries; version 4 indexes the medications by `prdno` (the
// pull pairs each prescribed medication with its product from the index's keys alone).
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { CustomerRecord, Medication, PatientInformation } from '../../domain/entities';
import { LOCAL_DB_NAME, type DraftRow, type InsurerRow, type MetaRow, type MirrorOrder, type MirrorRow, type OutboxEntry } from './mirror-schema';
import { upgradeOutboxEntries } from './outbox-upgrade';
import { forgetReadAheadOfStores } from './read-ahead';
import { appMirrorName } from './acting-for';

// the rows' shapes live apart from Dexie, so code that only reads (the start, mirror-reads.ts) does without it

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
  /** version 3: rows of the synced tables mirrored apart, by [table, key] */
  rows: Dexie.Table<MirrorRow, [string, string]>;
};


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
  // synced tables of their own (the registry, src/data/tables), and the outbox's generic entries
  db.version(3)
    .stores({ rows: '[table+key], [table+customer_id]' })
    .upgrade(async (tx) => {
      const outbox = tx.table<OutboxEntry, number>('outbox');
      await outbox.bulkPut(upgradeOutboxEntries(await outbox.orderBy('seq').toArray()));
    });
  // which product each medication is, without reading the medications (mirror-writes.ts prescribedPrdnos)
  db.version(4).stores({ medications: 'pharmacode, prdno' });
  return db;
}

/**
 * The stores a commit wrote, from Dexie's change notice (its parts are "idb://<database>/<store>/…"),
 * whatever the tab or the code that wrote them.
 */
export function storesOfParts(parts: Readonly<Record<string, unknown>>): Set<string> {
  const stores = new Set<string>();
  for (const part of Object.keys(parts)) {
    const store = /^idb:\/\/[^/]*\/([^/]+)/.exec(part)?.[1];
    if (store) stores.add(store);
  }
  return stores;
}

// what the start read ahead of a store is not shown by a later screen once the store changed
Dexie.on('storagemutated', (parts) => forgetReadAheadOfStores(storesOfParts(parts)));

let shared: LocalDb | null = null;

/**
 * The app's database, opened on first use: the signed-in account's own, or the mirror of the
 * person this helper acts for (acting-for.ts; a switch loads the page again).
 */
export function localDb(): LocalDb {
  shared ??= openLocalDb(appMirrorName());
  return shared;
}
