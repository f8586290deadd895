// Benchmark: the dashboard's read of the local mirror (readDashboardMirror, the one live query
// of /dashboard) and the model it derives (dashboardModel: plan, expiring, open orders, setup)
// for a patient with 200 prescriptions and 500 orders, on fake-indexeddb in Node. It compares
// changes; the browser's figure is tests/bench/browser/dashboard.pw.ts. Prints figures only.
import 'fake-indexeddb/auto';
import { afterAll, bench, describe } from 'vitest';
import { readDashboardMirror } from '../../src/data/hooks/mirror-queries';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { dashboardModel } from '../../src/features/dashboard/dashboard-rows';
import { BENCH_NOW, fillBenchMirror, figures } from './dashboard-data';

const db: LocalDb = openLocalDb(`bench-dashboard-${Date.now()}`);

async function readDashboard() {
  const mirror = await readDashboardMirror(db);
  return dashboardModel({ ...mirror, language: 'de', now: BENCH_NOW });
}

// Set up and measured when the file loads (vitest's bench reporter does not show hook output).
await fillBenchMirror(db);
const started = performance.now();
const result = await readDashboard();
const first = performance.now() - started;
const times: number[] = [];
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  await readDashboard();
  times.push(performance.now() - t);
}
process.stdout.write(
  `\ndashboard read and model (200 prescriptions, 500 orders, fake-indexeddb): first ${first.toFixed(1)} ms, ${figures(times).text} — ` +
    `${result.openOrders.length} open orders, ${result.expiring.length} expiring, ${result.active.length} active\n`,
);

describe('dashboard read from the local mirror (200 prescriptions, 500 orders)', () => {
  afterAll(() => db.delete());

  bench('readDashboardMirror + dashboardModel', async () => {
    await readDashboard();
  });
});
