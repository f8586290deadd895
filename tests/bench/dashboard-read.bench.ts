// Benchmark: reading what the dashboard shows from the local mirror (Dexie on
// fake-indexeddb in Node) for a patient with 200 prescriptions and 500 orders — customer
// with nested records, orders with items and children, medication details, then the
// domain's flags, intake plan, expiring list and open/closed split. Prints figures only.
import 'fake-indexeddb/auto';
import { afterAll, bench, describe } from 'vitest';
import type { CustomerRecord, Medication, Order, Prescription } from '../../src/domain/entities';
import { intakePlan } from '../../src/domain/intake-plan';
import { splitOrders } from '../../src/domain/order-list';
import { expiringPrescriptions } from '../../src/domain/prescription-state';
import { readCustomer, readMedications, readOrders, readPrescriptions } from '../../src/data/hooks/mirror-queries';
import { customerFlags } from '../../src/domain/setup-state';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { claimMirror } from '../../src/data/local/mirror-owner';

const USER = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-23T08:00:00+01:00');
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

function prescriptions(n: number): Prescription[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    customer_id: USER,
    medication_id: 7_000_000 + (i % 120),
    dosage: [i % 2, 0, (i + 1) % 2, i % 5 === 0 ? 1 : 0],
    comment: i % 7 === 0 ? 'zu den Mahlzeiten' : null,
    expires_at: day((i % 40) - 10),
    single_use: i % 11 === 0,
    used: i % 22 === 0,
    intake: null,
  }));
}

function orders(n: number): Order[] {
  return Array.from({ length: n }, (_, i) => {
    const id = 240_000 + i;
    const items = [{ id: id * 10, pharmacode: 7_000_000 + (i % 120), amount: 1 + (i % 3) }];
    const children: Order[] =
      i % 25 === 0
        ? [1, 2].map((k) => ({ id: 900_000 + i * 2 + k, created_at: day(-i), customer_id: USER, parent: id, status: k === 1 ? 98 : 2, delivery_nr: `99.00.${id}.${k}`, delivery_method: 1, comment: null, webshop_order_item: items }))
        : [];
    return { id, created_at: day(-i), customer_id: USER, parent: null, status: [0, 1, 2, 3, 4, 10, 90, 98, 100, 99][i % 10] ?? 0, delivery_nr: null, delivery_method: null, comment: null, webshop_order_item: items, children };
  });
}

const medications: Medication[] = Array.from({ length: 120 }, (_, i) => ({
  pharmacode: 7_000_000 + i,
  prdno: 1000 + i,
  dscrd: `MEDIKAMENT ${i} Filmtabl 20 mg 30 Stk`,
  dscrf: `MÉDICAMENT ${i} cpr pell 20 mg 30 pce`,
  nincd: 10,
  qty: 30,
  qtyu: 'Stk',
  sloplus: 0,
}));

const db: LocalDb = openLocalDb(`bench-dashboard-${Date.now()}`);

async function readDashboard() {
  const [customer, list, rx] = await Promise.all([readCustomer(db), readOrders(db), readPrescriptions(db)]);
  const meds = await readMedications(db, rx.map((p) => p.medication_id));
  return { flags: customerFlags(customer, NOW), plan: intakePlan(rx, NOW), expiring: expiringPrescriptions(rx, NOW), split: splitOrders(list), meds };
}

// Set up and measured when the file loads (vitest's bench reporter does not show hook output).
await claimMirror(db, USER);
const customer: CustomerRecord = { id: USER, first_name: 'Sandra', last_name: 'Meier', gender: 2, birthday: '1961-04-12', language: 'de', webshop_customer_medication: prescriptions(200) };
await db.customers.put(customer);
await db.orders.bulkPut(orders(500));
await db.medications.bulkPut(medications);
// own figures, printed straight to stdout (vitest's bench table is not shown in every reporter)
const started = performance.now();
const result = await readDashboard();
const first = performance.now() - started;
const times: number[] = [];
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  await readDashboard();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
process.stdout.write(
  `\ndashboard read (200 prescriptions, 500 orders, fake-indexeddb): first ${first.toFixed(1)} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms over 50 reads — ` +
    `${result.split.open.length} open and ${result.split.closed.length} closed orders, ${result.expiring.length} expiring, ${result.meds.size} medications\n`,
);

describe('dashboard read from the local mirror (200 prescriptions, 500 orders)', () => {
  afterAll(() => db.delete());

  bench('read customer, orders, prescriptions, medications and derive the dashboard', async () => {
    await readDashboard();
  });
});
