// The page of the browser benchmark that times the dashboard's read of the mirror in Chromium's
// IndexedDB: the app's own code (readDashboardMirror, the one live query of /dashboard, and
// dashboardModel) over the bench patient (200 prescriptions, 500 orders). Built by Vite and
// driven by dashboard.pw.ts through `window.mirrorBench`.
import { readCustomer, readDashboardMirror, readMedications, readOrders, readSyncedAt } from '../../../src/data/hooks/mirror-queries';
import { openLocalDb } from '../../../src/data/local/local-db';
import { dashboardModel } from '../../../src/features/dashboard/dashboard-rows';
import { BENCH_NOW, fillBenchMirror } from '../dashboard-data';

const NAME = 'mirror-bench';

async function fill(): Promise<void> {
  await openLocalDb(NAME).delete();
  const db = openLocalDb(NAME);
  await fillBenchMirror(db);
  db.close();
}

/** One read: `opened` true opens the database first (as a cold start does), else reads an open one. */
/** The same reads, each in a transaction of its own (what readDashboardMirror does in one): the comparison. */
async function separateReads(db: ReturnType<typeof openLocalDb>) {
  const [customer, orders, syncedAt] = await Promise.all([readCustomer(db), readOrders(db), readSyncedAt(db)]);
  const medications = await readMedications(db, (customer?.webshop_customer_medication ?? []).map((p) => p.medication_id));
  return { customer, orders, medications, syncedAt };
}

async function measure(runs: number): Promise<{ coldOpenAndRead: number; reads: number[]; models: number[]; separate: number[]; counts: string }> {
  const db = openLocalDb(NAME);
  const t0 = performance.now();
  await readDashboardMirror(db);
  const coldOpenAndRead = performance.now() - t0;
  const reads: number[] = [];
  const models: number[] = [];
  const separate: number[] = [];
  let counts = '';
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await separateReads(db);
    separate.push(performance.now() - s);
    const a = performance.now();
    const mirror = await readDashboardMirror(db);
    const b = performance.now();
    const model = dashboardModel({ ...mirror, language: 'de', now: BENCH_NOW });
    models.push(performance.now() - b);
    reads.push(b - a);
    counts = `${mirror.customer?.webshop_customer_medication?.length} prescriptions, ${mirror.orders.length} orders, ${mirror.medications.size} medications; ${model.openOrders.length} open, ${model.active.length} active`;
  }
  db.close();
  return { coldOpenAndRead, reads, models, separate, counts };
}

Object.assign(window, { mirrorBench: { fill, measure } });
document.title = 'ready';
