// The screens' reads of the mirror as values: a key, the stores read and the read itself over
// MirrorReads (mirror-reads.ts), so one read runs three ways — read ahead with IndexedDB itself at a
// returning patient's start (read-ahead.ts; the first paint shows it, no Dexie yet), live through
// Dexie's liveQuery once the screen is painted (hooks/use-mirror-query.ts, mirror-live.ts), and
// in tests. No Dexie here: route chunks that only read stay free of it.
import type { CustomerRecord, DraftOrder, Medication, PatientInformation, Pharmacode, Prescription } from '../../domain/entities';
import { insurerList } from '../../domain/insurance';
import { emptyDraft } from '../../domain/order-draft';
import { customerFlags, type CustomerFlags } from '../../domain/setup-state';
import { customerIn, medicationsIn, ordersIn, ownerIn, syncedAtIn, tableReadIn, type MirrorReads, type OrderView, type ReadStore } from './mirror-reads';
import { META } from './mirror-schema';
import { addDays, dateInTimeZone, type CalendarDate } from '../../domain/zoned-time';
import { planSettingsRead } from '../tables/plan-settings';
import type { TableRead } from '../tables/table-declaration';

export interface MirrorQuery<T> {
  /** the same read gives the same key (arguments included): the read ahead is found by it */
  key: string;
  /** the stores it reads, in one read-only transaction */
  stores: readonly ReadStore[];
  read: (reads: MirrorReads) => Promise<T>;
}

/** A query of its own (a feature's read beside the ones below). */
export const mirrorQuery = <T>(key: string, stores: readonly ReadStore[], read: (reads: MirrorReads) => Promise<T>): MirrorQuery<T> => ({ key, stores, read });
const query = mirrorQuery;

/** The signed-in patient's record with its nested tables; null: none yet (a new account) or signed out. */
export const customerQuery = query<CustomerRecord | null>('customer', ['meta', 'customers'], customerIn);

/** Top-level orders, newest first; those placed offline on top, `pending` while they wait. */
export const ordersQuery = query<OrderView[]>('orders', ['meta', 'orders', 'outbox'], ordersIn);

/** The prescriptions (webshop_customer_medication of the customer record), by id. */
export const prescriptionsQuery = query<Prescription[]>('prescriptions', ['meta', 'customers'], async (reads) => {
  const list = (await customerIn(reads))?.webshop_customer_medication ?? [];
  return [...list].sort((a, b) => a.id - b.id);
});

/** hasProfile, hasAddress, …, hasSetup (spec §4, setup-state.ts) and hasPrescriptions (active at `now`). */
export const setupFlagsQueryAt = (now: () => Date): MirrorQuery<CustomerFlags> =>
  query('setupFlags', ['meta', 'customers'], async (reads) => customerFlags(await customerIn(reads), now()));

export const setupFlagsQuery = setupFlagsQueryAt(() => new Date());

/** The medications of these pharmacodes, by pharmacode; the key holds the codes (sorted, unique: `codesOf`). */
export const medicationsQuery = (pharmacodes: readonly Pharmacode[]): MirrorQuery<ReadonlyMap<Pharmacode, Medication>> =>
  query(`medications:${pharmacodes.join(',')}`, ['medications'], (reads) => medicationsIn(reads, pharmacodes));

/** Pharmacodes as a medications query wants them: each once, ascending (so equal sets give one key). */
export const codesOf = (codes: Iterable<Pharmacode>): Pharmacode[] => [...new Set([...codes].map(Number))].sort((a, b) => a - b);

/** The insurer list (pharmindex_insurance descr1), deduplicated and sorted. */
export const insurersQuery = query<string[]>('insurers', ['insurers'], async (reads) => insurerList((await reads.all('insurers')).map((r) => r.name)));

/** The signed-in patient's draft order (spec §3); null: no patient. */
export const draftQuery = query<DraftOrder | null>('draft', ['meta', 'drafts'], async (reads) => {
  const owner = await ownerIn(reads);
  if (!owner) return null;
  return (await reads.get('drafts', owner))?.draft ?? emptyDraft();
});

const tableQueries = new WeakMap<TableRead<unknown>, MirrorQuery<unknown>>();

/**
 * A table's read as its module declares it (its `readAhead`, or another read of its rows) as a
 * query of the mirror's owner: one query per read, so the read ahead and the live query share it.
 */
export function tableQuery<T>(read: TableRead<T>): MirrorQuery<T> {
  const known = tableQueries.get(read as TableRead<unknown>);
  if (known) return known as MirrorQuery<T>;
  const made = query<T>(read.key, ['meta', 'rows'], (reads) => tableReadIn(reads, read));
  tableQueries.set(read as TableRead<unknown>, made as MirrorQuery<unknown>);
  return made;
}

/** The patient's plan settings as stored (a row may lack columns left to their defaults); null: none stored. */
export const planSettingsQuery = tableQuery(planSettingsRead);

/** An order the server refused, kept on this device for the patient to correct or discard. */
export interface RefusedOrder {
  outboxId: string;
  code: string;
  createdAt: number;
  /** pharmacode -> amount, as sent */
  medications: Readonly<Record<string, number>>;
}

/** The owner's orders the server refused, oldest first (the outbox keeps them; a webshopOrder call, src/data/tables/calls.ts). */
export const refusedOrdersQuery = query<RefusedOrder[]>('refusedOrders', ['meta', 'outbox'], async (reads) => {
  const owner = await ownerIn(reads);
  if (!owner) return [];
  const entries = (await reads.where('outbox', 'customer_id', owner)).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return entries.flatMap((e) => {
    const payload = e.payload as { name?: unknown; body?: { p_medications?: Record<string, number> } } | null;
    const isOrder = e.status === 'rejected' && e.kind === 'call' && payload?.name === 'webshopOrder';
    return isOrder ? [{ outboxId: e.id, code: e.lastError?.code ?? 'invalid', createdAt: e.createdAt, medications: payload?.body?.p_medications ?? {} }] : [];
  });
});

export interface AreaLoad {
  /** epoch ms of the area's last successful pull; null: never loaded on this device */
  pulledAt: number | null;
  /** the error of the area's last pull, if it failed (cleared by the next success) */
  error: 'network' | 'failed' | null;
}

/** Whether an area of the mirror was loaded, and whether its last pull failed (spec §8 "Loading orders fails"). */
export const areaLoadQuery = (area: string): MirrorQuery<AreaLoad> =>
  query(`area:${area}`, ['meta'], async (reads) => {
    const [pulled, failed] = await reads.bulkGet('meta', [META.pulledAt(area), META.pullError(area)]);
    const error = (failed?.value as { error?: AreaLoad['error'] } | undefined)?.error ?? null;
    return { pulledAt: typeof pulled?.value === 'number' ? pulled.value : null, error };
  });

/** The mirror's copy of a product's patient information (`info` null: the mirror has none), with the product it is for. */
export const patientInformationQuery = (prdno: number): MirrorQuery<{ prdno: number; info: PatientInformation | null }> =>
  query(`patientInformation:${prdno}`, ['patientInformation'], async (reads) => ({ prdno, info: (await reads.get('patientInformation', prdno)) ?? null }));

/** How fresh the patient's data on this device is: the older of the last pulls of the customer record and of the orders (epoch ms; null: never). */
export const syncedAtQuery = query<number | null>('syncedAt', ['meta'], syncedAtIn);

/**
 * The days whose marks the dashboard reads at `now`: today and yesterday (Zurich) — the plan's day
 * is one of them (yesterday's until the morning: src/domain/doses/dose-slot.ts), and deciding which
 * is the screen's, so the rules that know stay out of the first load.
 */
export function dashboardMarksDays(now: Date): CalendarDate[] {
  const today = dateInTimeZone(now);
  return [today, addDays(today, -1)];
}
