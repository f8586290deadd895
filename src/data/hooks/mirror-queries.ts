// The reads behind the hooks, as plain async functions over the mirror (usable in
// liveQuery, in tests and outside React): the queries of local/mirror-reads.ts through Dexie.
import type { CustomerRecord, Medication, Pharmacode, Prescription } from '../../domain/entities';
import { insurerList } from '../../domain/insurance';
import type { LocalDb } from '../local/local-db';
import { dayMarkRows, doseMarkRows, doseMarksOf } from '../tables/dose-marks';
import { customerIn, dashboardIn, dexieReads, medicationsIn, ordersIn, syncedAtIn, tableReadIn, type DashboardMirror, type OrderView } from '../local/mirror-reads';
import type { DoseMark } from '../../domain/doses/dose-mark';
import type { CalendarDate } from '../../domain/zoned-time';
import { caregiverGrantsRead } from '../tables/caregiver-grants';

export const readCustomer = (db: LocalDb): Promise<CustomerRecord | null> => customerIn(dexieReads(db));

/** Top-level orders, newest first, `pending` while the outbox still holds their entry (mirror-reads.ts ordersIn). */
export const readOrders = (db: LocalDb): Promise<OrderView[]> => ordersIn(dexieReads(db));

export async function readPrescriptions(db: LocalDb): Promise<Prescription[]> {
  const list = (await readCustomer(db))?.webshop_customer_medication ?? [];
  return [...list].sort((a, b) => a.id - b.id);
}

/** The stored medications among these pharmacodes, by pharmacode (missing ones are absent). */
export const readMedications = (db: LocalDb, pharmacodes: readonly Pharmacode[]): Promise<ReadonlyMap<Pharmacode, Medication>> => medicationsIn(dexieReads(db), pharmacodes);

/** How fresh the patient's data on this device is (mirror-reads.ts syncedAtIn). */
export const readSyncedAt = (db: LocalDb): Promise<number | null> => syncedAtIn(dexieReads(db));

/** In one read-only transaction: one round of IndexedDB requests instead of a transaction per read. */
export function readDashboardMirror(db: LocalDb, marksDays: readonly CalendarDate[] = []): Promise<DashboardMirror> {
  return db.transaction('r', [db.customers, db.orders, db.outbox, db.meta, db.medications, db.rows], () => dashboardIn(dexieReads(db), marksDays, dayMarkRows, caregiverGrantsRead));
}

/** Every dose mark of the owner in the mirror (the dose marks' module's doseMarkRows, read as marks). */
export const readDoseMarks = async (db: LocalDb): Promise<DoseMark[]> => doseMarksOf(await tableReadIn(dexieReads(db), doseMarkRows));

export async function readInsurers(db: LocalDb): Promise<string[]> {
  return insurerList((await db.insurers.toArray()).map((r) => r.name));
}
