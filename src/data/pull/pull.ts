// The pull (docs/architecture.md, 1 Pull): fetch what the screens need of the signed-in
// patient and write it into the mirror, one transaction per area. Each area's result is an
// error code or ok; the caller (the pull engine, the session layer) decides what to show.
import type { AppClient } from '../supabase-client';
import type { CustomerId } from '../../domain/entities';
import { ok, type Result } from '../../domain/result';
import type { LocalDb } from '../local/local-db';
import { META } from '../local/mirror-schema';
import { mirrorOwner } from '../local/mirror-owner';
import { fetchPatientInformation } from '../catalogue/patient-information';
import { neededPharmacodes, notedPharmacodes, prescribedPrdnos, writeCustomer, writeInsurers, writeMedications, writeOrders, writeRows, type WriteOutcome } from './mirror-writes';
import { ownerColumns, rowTables } from '../tables/synced-tables';
import { customerRows } from '../tables/table-client';
import { addDays, dateInTimeZone } from '../../domain/zoned-time';
import type { PendingOverlay } from './pending-overlay';
import { fetchCustomer, fetchInsurers, fetchMedications, fetchOrders, type PullError } from './queries';


export type PullArea = 'customer' | 'orders' | 'medications' | 'insurers' | 'rows';
export const PULL_AREAS: readonly PullArea[] = ['customer', 'orders', 'medications', 'insurers', 'rows'];

export type PullResult = Result<WriteOutcome, PullError>;

export interface PullOptions {
  /** re-applies pending outbox entries after a write (default PENDING_OVERLAY; null: none) */
  overlay?: PendingOverlay | null;
  now?: () => number;
}

const clock = (o: PullOptions) => (o.now ?? Date.now)();

/**
 * The keys of `keys` a table of the mirror does not hold. Only the table's keys are read (one
 * getAllKeys; the mirror holds the patient's own products): a bulkGet of 200 stored medications
 * with their pictures and texts, to learn that they were there, was one task of 50–90 ms at 4×
 * CPU a few seconds after a long list opened (issue 36).
 */
async function notStored<K extends number>(table: { toCollection(): { primaryKeys(): PromiseLike<unknown[]> } }, keys: readonly K[]): Promise<K[]> {
  if (!keys.length) return [];
  const stored = new Set(await table.toCollection().primaryKeys());
  return keys.filter((k) => !stored.has(k));
}

/**
 * The customer's record, with the details of the medications it names that the mirror does not
 * hold yet, fetched first and written in the same transaction: a prescription never appears
 * named by its placeholder and renamed a moment later (on a new device the rows grew by two
 * lines under the patient's finger: issue 36, the dashboard's layout shift). When those details
 * cannot be fetched the record is written without them; the medications' pull brings them.
 */
export async function pullCustomer(client: AppClient, db: LocalDb, userId: CustomerId, o: PullOptions = {}): Promise<PullResult> {
  const answer = await fetchCustomer(client, userId);
  if (!answer.ok) return answer;
  const missing = await notStored(db.medications, neededPharmacodes(answer.value, []));
  const details = missing.length ? await fetchMedications(client, missing) : ok([]);
  return ok(
    await writeCustomer(db, userId, answer.value, {
      ...(o.overlay !== undefined && { overlay: o.overlay }),
      now: clock(o),
      medications: details.ok ? details.value : [],
    }),
  );
}

export async function pullOrders(client: AppClient, db: LocalDb, userId: CustomerId, o: PullOptions = {}): Promise<PullResult> {
  const answer = await fetchOrders(client, userId);
  if (!answer.ok) return answer;
  return ok(await writeOrders(db, userId, answer.value, { ...(o.overlay !== undefined && { overlay: o.overlay }), now: clock(o) }));
}

/**
 * The medications the mirror needs (see neededPharmacodes), with the patient information of
 * the prescribed products (spec §7 compendium, read offline). `onlyMissing`: ask only for codes
 * and texts not stored yet (after a realtime reload; usually no request at all); otherwise all
 * again (prices, pictures and texts may change).
 */
export async function pullMedications(
  client: AppClient,
  db: LocalDb,
  userId: CustomerId,
  o: PullOptions & { onlyMissing?: boolean } = {},
): Promise<PullResult> {
  const needed = await notedPharmacodes(db, userId);
  const codes = o.onlyMissing ? await notStored(db.medications, needed) : needed;
  const answer = codes.length ? await fetchMedications(client, codes) : ok([]);
  if (!answer.ok) return answer;
  const prescribed = await prescribedPrdnos(db, userId, answer.value);
  const prdnos = o.onlyMissing ? await notStored(db.patientInformation, prescribed) : prescribed;
  const texts = prdnos.length ? await fetchPatientInformation(client, prdnos) : ok([]);
  if (!texts.ok) return texts;
  return ok(await writeMedications(db, userId, answer.value, clock(o), texts.value));
}

/**
 * The synced tables mirrored apart (the registry's 'rows' tables), each by its own select of the
 * patient's rows (the last `pullWindow.days` days of its date column, where it has one). No
 * table of that kind: nothing is asked.
 */
export async function pullRows(client: AppClient, db: LocalDb, userId: CustomerId, o: PullOptions = {}): Promise<PullResult> {
  let outcome: WriteOutcome = 'written';
  for (const t of rowTables()) {
    const since = t.pullWindow ? { column: t.pullWindow.column, from: addDays(dateInTimeZone(new Date(clock(o))), -t.pullWindow.days) } : undefined;
    let answer;
    try {
      answer = await customerRows(client, t.name, userId, since, t.key, { ...(t.columns !== undefined && { columns: t.columns }), owners: ownerColumns(t) });
    } catch {
      return { ok: false, error: 'network' };
    }
    if (answer.error) return { ok: false, error: answer.status === 0 ? 'network' : 'failed' };
    outcome = await writeRows(db, userId, t.name, answer.data ?? [], { ...(o.overlay !== undefined && { overlay: o.overlay }), now: clock(o) });
    if (outcome === 'not-owner') break;
  }
  return ok(outcome);
}

export async function pullInsurers(client: AppClient, db: LocalDb, userId: CustomerId, o: PullOptions = {}): Promise<PullResult> {
  const answer = await fetchInsurers(client);
  if (!answer.ok) return answer;
  return ok(await writeInsurers(db, userId, answer.value, clock(o)));
}

export interface PullReport {
  ok: boolean;
  results: Record<PullArea, PullResult>;
  /** the areas that failed, with their error */
  errors: Partial<Record<PullArea, PullError>>;
}

export function reportOf(results: Record<PullArea, PullResult>): PullReport {
  const errors: Partial<Record<PullArea, PullError>> = {};
  for (const area of PULL_AREAS) {
    const r = results[area];
    if (!r.ok) errors[area] = r.error;
  }
  return { ok: Object.keys(errors).length === 0, results, errors };
}

/** Records the time of a pull in which every area succeeded (meta `lastPullAt`). */
export async function recordLastPull(db: LocalDb, userId: CustomerId, at: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if ((await mirrorOwner(db)) === userId) await db.meta.put({ key: META.lastPullAt, value: at });
  });
}

/**
 * Keeps the outcome of an area's last pull in the mirror (meta `pullError.<area>`: the error
 * and when; a success removes it), so a screen can say that its data could not be loaded
 * (spec §8 "Loading orders fails") in every tab. Nothing when the mirror changed owner.
 */
export async function recordPullOutcome(db: LocalDb, userId: CustomerId, area: PullArea, error: PullError | null, at: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if ((await mirrorOwner(db)) !== userId) return;
    if (error) await db.meta.put({ key: META.pullError(area), value: { error, at } });
    else await db.meta.delete(META.pullError(area));
  });
}

/**
 * Everything once: customer, orders, insurers and the tables mirrored apart side by side, then the medications their
 * rows name. Records `lastPullAt` when all succeeded. The mirror must belong to `userId`
 * (claimMirror) or nothing is written.
 */
export async function pullAll(client: AppClient, db: LocalDb, userId: CustomerId, o: PullOptions = {}): Promise<PullReport> {
  const [customer, orders, insurers, rows] = await Promise.all([
    pullCustomer(client, db, userId, o),
    pullOrders(client, db, userId, o),
    pullInsurers(client, db, userId, o),
    pullRows(client, db, userId, o),
  ]);
  const medications = await pullMedications(client, db, userId, o);
  const report = reportOf({ customer, orders, medications, insurers, rows });
  if (report.ok) await recordLastPull(db, userId, clock(o));
  return report;
}

/** The time of the last complete pull (epoch ms), or null. */
export async function lastPullAt(db: LocalDb): Promise<number | null> {
  const row = await db.meta.get(META.lastPullAt);
  return typeof row?.value === 'number' ? row.value : null;
}
