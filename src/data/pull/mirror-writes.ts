// Writes of the pull into the mirror, one Dexie transaction per area. Each checks first that
// the mirror still belongs to the user the data was fetched for: a sign-out wipes the mirror
// (owner gone) while a request may still be on its way, and its answer must not bring the
// data back. Only what changed is written: a returning patient's first pull mostly brings what
// the mirror holds, and every row put (even an equal one) makes each live read of its store read
// again (Dexie's liveQuery), work on the main thread just after the screen's first paint.
import type { CustomerId, CustomerRecord, Medication, Order, PatientInformation, Pharmacode } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { dexieReads, ordersOfCustomer, rowsOfKeys } from '../local/mirror-reads';
import { isLocalOrder, META, type MirrorOrder, type MirrorRow } from '../local/mirror-schema';
import { mirrorOwner } from '../local/mirror-owner';
import { PENDING_OVERLAY, overlayStores, type PendingOverlay } from './pending-overlay';
import { ownsRow, rowKey, syncedTable, type Row, type SyncedTable } from '../tables/synced-tables';
import { withSameParts } from '../../lib/same-data';

/** Whether two rows hold the same data (key order aside). */
const sameRow = (stored: unknown, next: unknown): boolean => stored !== undefined && withSameParts(stored, next) === stored;

/** Of `next`, those whose stored version (by `keyOf`) differs or is missing. */
function changed<T>(stored: readonly T[], next: readonly T[], keyOf: (row: T) => unknown): T[] {
  const byKey = new Map(stored.map((row) => [keyOf(row), row]));
  return next.filter((row) => !sameRow(byKey.get(keyOf(row)), row));
}

/** 'not-owner': the mirror was wiped or claimed by someone else meanwhile; nothing written. */
export type WriteOutcome = 'written' | 'not-owner';

const stampArea = (db: LocalDb, area: string, at: number) => db.meta.put({ key: META.pulledAt(area), value: at });

/** The customer record (null: no profile yet). */
export async function writeCustomer(
  db: LocalDb,
  userId: CustomerId,
  record: CustomerRecord | null,
  {
    overlay = PENDING_OVERLAY,
    now = Date.now(),
    medications = [],
  }: {
    overlay?: PendingOverlay | null;
    now?: number;
    /** details of medications the record names, written with it (those not stored yet: pullCustomer) */
    medications?: readonly Medication[];
  } = {},
): Promise<WriteOutcome> {
  return db.transaction('rw', [...overlayStores(db), db.medications], async () => {
    if ((await mirrorOwner(db)) !== userId) return 'not-owner';
    const stored = await db.customers.get(userId);
    const next = record ? { ...record, id: userId } : undefined;
    if (medications.length) await db.medications.bulkPut(medications);
    if (next && !sameRow(stored, next)) await db.customers.put(next);
    else if (!next && stored) await db.customers.delete(userId);
    await stampArea(db, 'customer', now);
    if (overlay) await overlay(db, userId, 'customer');
    return 'written';
  });
}

/**
 * The customer's top-level orders: the fetched set replaces the stored one, so an order
 * deleted on the server vanishes. A pending order (placed through the outbox) stays while its
 * outbox entry exists and the server has no order with that key yet (the overlay then
 * drops those whose entry is no longer pending).
 */
export async function writeOrders(
  db: LocalDb,
  userId: CustomerId,
  orders: readonly Order[],
  { overlay = PENDING_OVERLAY, now = Date.now() }: { overlay?: PendingOverlay | null; now?: number } = {},
): Promise<WriteOutcome> {
  return db.transaction('rw', overlayStores(db), async () => {
    if ((await mirrorOwner(db)) !== userId) return 'not-owner';
    const fetched = orders as readonly MirrorOrder[];
    const serverKeys = new Set(fetched.map((o) => o.idempotency_key).filter(Boolean));
    const waiting = new Set((await db.outbox.where('customer_id').equals(userId).toArray()).map((e) => e.id));
    const keep = new Set(fetched.map((o) => o.id));
    const stored = await ordersOfCustomer(dexieReads(db), userId);
    const stale = stored.filter((o) => {
      if (keep.has(o.id)) return false;
      const key = o.outbox_id;
      return !(isLocalOrder(o) && key && waiting.has(key) && !serverKeys.has(key));
    });
    if (stale.length) await db.orders.bulkDelete(stale.map((o) => o.id));
    const puts = changed(stored, fetched.map((o) => ({ ...o, customer_id: userId })), (o) => o.id);
    if (puts.length) await db.orders.bulkPut(puts);
    const gone = new Set(stale.map((o) => o.id));
    await noteOrderPharmacodes(db, orderPharmacodes([...fetched, ...stored.filter((o) => !keep.has(o.id) && !gone.has(o.id))]));
    await stampArea(db, 'orders', now);
    if (overlay) await overlay(db, userId, 'orders');
    return 'written';
  });
}

/** Adds `code` to `codes` when it is a pharmacode (a positive whole number). */
const addCode = (codes: Set<Pharmacode>, code: unknown) => {
  const n = Number(code);
  if (Number.isSafeInteger(n) && n > 0) codes.add(n);
};

/** The pharmacodes the orders' items hold, their parts' too. */
export function orderPharmacodes(orders: readonly Order[], codes = new Set<Pharmacode>()): Set<Pharmacode> {
  const items = (o: Order): void => {
    for (const i of o.webshop_order_item ?? []) addCode(codes, i.pharmacode);
    for (const child of o.children ?? []) items(child);
  };
  orders.forEach(items);
  return codes;
}

/**
 * The pharmacodes whose details the screens need offline: the prescriptions (spec §7), and
 * also the ordered items and the questionnaire's other medications (order list, profile).
 */
export function neededPharmacodes(customer: CustomerRecord | null | undefined, orders: readonly Order[]): Pharmacode[] {
  const codes = new Set<Pharmacode>();
  for (const p of customer?.webshop_customer_medication ?? []) addCode(codes, p.medication_id);
  for (const q of customer?.webshop_customer_questionnaire ?? []) for (const code of q.external_medications ?? []) addCode(codes, code);
  return [...orderPharmacodes(orders, codes)];
}

/** Notes the stored orders' pharmacodes (META.orderPharmacodes); an equal note is not written again. */
async function noteOrderPharmacodes(db: LocalDb, codes: ReadonlySet<Pharmacode>): Promise<void> {
  const value = [...codes].sort((a, b) => a - b);
  const noted = (await db.meta.get(META.orderPharmacodes))?.value;
  if (Array.isArray(noted) && noted.length === value.length && noted.every((c, i) => c === value[i])) return;
  await db.meta.put({ key: META.orderPharmacodes, value });
}

/**
 * What the mirror of this user needs as far as the stored record and the orders' note say,
 * without reading the orders (a pull read a long order list three times: docs/performance.md); every
 * order is read when there is no note yet (a mirror the orders' pull has not written). Orders the
 * outbox placed may hold codes the note lacks: good enough for what to ask the server for, never
 * for what to delete (writeMedications reads the orders before it deletes).
 */
export async function notedPharmacodes(db: LocalDb, userId: CustomerId): Promise<Pharmacode[]> {
  return [...(await pharmacodesAsNoted(db, userId)).codes];
}

/** What the record and every stored order of this user name (inside or outside a transaction). */
const withEveryOrder = async (db: LocalDb, userId: CustomerId, customer: CustomerRecord | undefined): Promise<Set<Pharmacode>> =>
  new Set(neededPharmacodes(customer, await ordersOfCustomer(dexieReads(db), userId)));

/** notedPharmacodes, whether every order was read for them (no note), and the record they were read with. */
async function pharmacodesAsNoted(db: LocalDb, userId: CustomerId): Promise<{ codes: Set<Pharmacode>; everyOrderRead: boolean; customer: CustomerRecord | undefined }> {
  const [customer, note] = await Promise.all([db.customers.get(userId), db.meta.get(META.orderPharmacodes)]);
  if (!Array.isArray(note?.value)) return { codes: await withEveryOrder(db, userId, customer), everyOrderRead: true, customer };
  const codes = new Set(neededPharmacodes(customer, []));
  for (const code of note.value as unknown[]) addCode(codes, code);
  return { codes, everyOrderRead: false, customer };
}

/**
 * The products (prdno) whose patient information the mirror keeps: those of the prescribed
 * medications (spec §7; the texts read offline on /prescriptions). `fetched` are medications
 * not stored yet; the others' products come from the mirror's `prdno` index: its keys pair each
 * stored medication with its product, so no medication is read (a patient with 200 prescriptions
 * made it a 40 ms read of every one at each pull, traced after a long list opened: issue 36).
 */
export async function prescribedPrdnos(db: LocalDb, userId: CustomerId, fetched: readonly Medication[] = []): Promise<number[]> {
  const customer = await db.customers.get(userId);
  const codes = [...new Set((customer?.webshop_customer_medication ?? []).map((p) => Number(p.medication_id)))];
  if (!codes.length) return [];
  const productOf = new Map<number, number | null>(fetched.map((m) => [Number(m.pharmacode), m.prdno]));
  await db.medications.orderBy('prdno').eachKey((prdno, cursor) => {
    const code = Number(cursor.primaryKey);
    if (!productOf.has(code)) productOf.set(code, Number(prdno));
  });
  const prdnos = codes.map((c) => productOf.get(c)).filter((n): n is number => typeof n === 'number' && n > 0);
  return [...new Set(prdnos.map(Number))];
}

/**
 * Puts the fetched medications that are still needed and drops those no longer needed; the
 * same for the patient information of the prescribed products (`texts`: fetched ones; stored
 * texts of products still prescribed stay).
 */
export async function writeMedications(
  db: LocalDb,
  userId: CustomerId,
  medications: readonly Medication[],
  now = Date.now(),
  texts: readonly PatientInformation[] = [],
): Promise<WriteOutcome> {
  return db.transaction('rw', [db.customers, db.orders, db.medications, db.patientInformation, db.meta], async () => {
    if ((await mirrorOwner(db)) !== userId) return 'not-owner';
    const storedCodes = await db.medications.toCollection().primaryKeys();
    const noted = await pharmacodesAsNoted(db, userId);
    let needed = noted.codes;
    // a code the note does not name is looked for in the orders themselves before its medication is deleted or left out
    const unsure = storedCodes.some((code) => !needed.has(code)) || medications.some((m) => !needed.has(m.pharmacode));
    if (unsure && !noted.everyOrderRead) needed = await withEveryOrder(db, userId, noted.customer);
    const unneeded = storedCodes.filter((code) => !needed.has(code));
    if (unneeded.length) await db.medications.bulkDelete(unneeded);
    const wanted = medications.filter((m) => needed.has(m.pharmacode));
    const medicationPuts = changed(await rowsOfKeys(dexieReads(db), 'medications', wanted.map((m) => m.pharmacode)), wanted, (m) => m.pharmacode);
    if (medicationPuts.length) await db.medications.bulkPut(medicationPuts);
    const prescribed = new Set(await prescribedPrdnos(db, userId));
    const stale = (await db.patientInformation.toCollection().primaryKeys()).filter((prdno) => !prescribed.has(prdno));
    if (stale.length) await db.patientInformation.bulkDelete(stale);
    // the texts are long: only those fetched are read back to compare
    const kept = texts.filter((t) => prescribed.has(t.prdno));
    const textPuts = changed(await rowsOfKeys(dexieReads(db), 'patientInformation', kept.map((t) => t.prdno)), kept, (t) => t.prdno);
    if (textPuts.length) await db.patientInformation.bulkPut(textPuts);
    await stampArea(db, 'medications', now);
    return 'written';
  });
}

/** The insurer list replaces the stored one. */
export async function writeInsurers(db: LocalDb, userId: CustomerId, names: readonly string[], now = Date.now()): Promise<WriteOutcome> {
  return db.transaction('rw', [db.insurers, db.meta], async () => {
    if ((await mirrorOwner(db)) !== userId) return 'not-owner';
    const wanted = new Set(names);
    const stored = (await db.insurers.toCollection().primaryKeys()) as string[];
    const gone = stored.filter((name) => !wanted.has(name));
    if (gone.length) await db.insurers.bulkDelete(gone);
    const held = new Set(stored);
    const added = [...wanted].filter((name) => !held.has(name));
    if (added.length) await db.insurers.bulkPut(added.map((name) => ({ name })));
    await stampArea(db, 'insurers', now);
    return 'written';
  });
}

/**
 * The customer's rows of a table mirrored apart (the `rows` store): the fetched set replaces the
 * stored one (rows deleted on the server vanish), then what waits in the outbox goes on top.
 */
export async function writeRows(
  db: LocalDb,
  userId: CustomerId,
  table: string,
  rows: readonly Row[],
  { overlay = PENDING_OVERLAY, now = Date.now() }: { overlay?: PendingOverlay | null; now?: number } = {},
): Promise<WriteOutcome> {
  const t = syncedTable(table);
  return db.transaction('rw', overlayStores(db), async () => {
    if ((await mirrorOwner(db)) !== userId) return 'not-owner';
    const stored = await db.rows.where('[table+customer_id]').equals([table, userId]).toArray();
    const next = rows.map((row) => ({ table, key: rowKey(t, row), customer_id: userId, row }));
    const kept = new Set(next.map((r) => r.key));
    const gone = stored.filter((r) => !kept.has(r.key)).map((r): [string, string] => [table, r.key]);
    if (gone.length) await db.rows.bulkDelete(gone);
    const puts = changed(stored, next, (r) => r.key);
    if (puts.length) await db.rows.bulkPut(puts);
    await stampArea(db, `rows.${table}`, now);
    if (overlay) await overlay(db, userId, 'rows');
    return 'written';
  });
}

/**
 * The mirror's row a realtime DELETE names. Hosted Realtime sends a delete as the old row's
 * primary key alone, and the published tables' primary keys are opaque ids the server makes
 * (issue 37: a key must say nothing of the patient), not the natural key the mirror is keyed by:
 * the patient's row holding every value the old row names (the id a pull or an earlier event
 * brought). A row the mirror does not hold — another patient's, as every delete reaches every
 * subscriber — is not found.
 */
async function rowNamedBy(db: LocalDb, t: SyncedTable, userId: CustomerId, old: Row): Promise<MirrorRow | undefined> {
  const named = Object.entries(old);
  if (named.length === 0) return undefined;
  if (t.key.every((column) => column in old)) return db.rows.get([t.name, rowKey(t, old)]);
  return db.rows
    .where('[table+customer_id]')
    .equals([t.name, userId])
    .filter((r) => named.every(([column, value]) => r.row[column] === value))
    .first();
}

/**
 * A realtime change of a table mirrored apart, applied as it came (no pull): an insert or update
 * of one of the patient's rows is put, a delete removes the row when the mirror holds it (hosted
 * Realtime sends every subscriber each delete, as its opaque key only: rowNamedBy). Then the
 * outbox's pending entries go on top again.
 */
export async function applyRowChange(
  db: LocalDb,
  userId: CustomerId,
  change: { table: string; type: 'INSERT' | 'UPDATE' | 'DELETE'; row: Row },
  { overlay = PENDING_OVERLAY }: { overlay?: PendingOverlay | null } = {},
): Promise<WriteOutcome> {
  const t = syncedTable(change.table);
  return db.transaction('rw', overlayStores(db), async () => {
    if ((await mirrorOwner(db)) !== userId) return 'not-owner';
    if (change.type === 'DELETE') {
      const held = await rowNamedBy(db, t, userId, change.row);
      if (!held || held.customer_id !== userId) return 'written';
      await db.rows.delete([held.table, held.key]);
    } else {
      if (!ownsRow(t, change.row, userId)) return 'written';
      await db.rows.put({ table: change.table, key: rowKey(t, change.row), customer_id: userId, row: change.row });
    }
    if (overlay) await overlay(db, userId, 'rows');
    return 'written';
  });
}
