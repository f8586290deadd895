// The dashboard benchmarks' patient (200 prescriptions and 500 orders, the budget's size): what the
// mirror holds for them, for the Node bench on fake-indexeddb and the page that measures the
// same read in Chromium's IndexedDB (browser/mirror-read-page.ts).
import type { CustomerRecord, Medication, Order, Prescription } from '../../src/domain/entities';
import type { LocalDb } from '../../src/data/local/local-db';
import { META } from '../../src/data/local/mirror-schema';
import { claimMirror } from '../../src/data/local/mirror-owner';

export const BENCH_USER = '00000000-0000-4000-8000-000000000001';
export const BENCH_NOW = new Date('2026-11-23T08:00:00+01:00');
export const PRESCRIPTIONS = 200;
export const ORDERS = 500;
const day = (offset: number) => new Date(BENCH_NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

export function benchPrescriptions(n: number): Prescription[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    customer_id: BENCH_USER,
    medication_id: 7_000_000 + (i % 120),
    dosage: [i % 2, 0, (i + 1) % 2, i % 5 === 0 ? 1 : 0],
    comment: i % 7 === 0 ? 'zu den Mahlzeiten' : null,
    expires_at: day((i % 40) - 10),
    single_use: i % 11 === 0,
    used: i % 22 === 0,
    intake: null,
  }));
}

export function benchOrders(n: number): Order[] {
  return Array.from({ length: n }, (_, i) => {
    const id = 240_000 + i;
    const items = [{ id: id * 10, pharmacode: 7_000_000 + (i % 120), amount: 1 + (i % 3) }];
    const children: Order[] =
      i % 25 === 0
        ? [1, 2].map((k) => ({ id: 900_000 + i * 2 + k, created_at: day(-i), customer_id: BENCH_USER, parent: id, status: k === 1 ? 98 : 2, delivery_nr: `99.00.${id}.${k}`, delivery_method: 1, comment: null, webshop_order_item: items }))
        : [];
    return { id, created_at: day(-i), customer_id: BENCH_USER, parent: null, status: [0, 1, 2, 3, 4, 10, 90, 98, 100, 99][i % 10] ?? 0, delivery_nr: null, delivery_method: null, comment: null, webshop_order_item: items, children };
  });
}

export const benchMedications: Medication[] = Array.from({ length: 120 }, (_, i) => ({
  pharmacode: 7_000_000 + i,
  prdno: 1000 + i,
  dscrd: `MEDIKAMENT ${i} Filmtabl 20 mg 30 Stk`,
  dscrf: `MÉDICAMENT ${i} cpr pell 20 mg 30 pce`,
  nincd: 10,
  qty: 30,
  qtyu: 'Stk',
  sloplus: 0,
  pharmindex_images: { picfront: null, picfront3d: 'front.jpg' },
}));

/** Fills a mirror with the bench patient as the pull would: record, orders, medications, pull times. */
export async function fillBenchMirror(db: LocalDb): Promise<void> {
  await claimMirror(db, BENCH_USER);
  const customer: CustomerRecord = { id: BENCH_USER, first_name: 'Sandra', last_name: 'Meier', gender: 2, birthday: '1961-04-12', language: 'de', webshop_customer_medication: benchPrescriptions(PRESCRIPTIONS) } as CustomerRecord;
  await db.customers.put(customer);
  await db.orders.bulkPut(benchOrders(ORDERS));
  await db.medications.bulkPut(benchMedications);
  const at = BENCH_NOW.getTime() - 3_600_000;
  await db.meta.bulkPut([
    { key: META.pulledAt('customer'), value: at },
    { key: META.pulledAt('orders'), value: at },
  ]);
}

/** p50 / p95 / min / max of a list of milliseconds, as text. */
export function figures(ms: readonly number[]): { p50: number; p95: number; min: number; max: number; text: string } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const f = { p50: at(0.5), p95: at(0.95), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
  return { ...f, text: `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)}, n ${ms.length})` };
}
