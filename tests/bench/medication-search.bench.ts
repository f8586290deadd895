// Medication search (spec §7) on a generated catalogue of 150,000 articles, through supabase-js
// against the local stack on in-memory PGlite: `npm run bench` (vitest bench --run).
//
// Loading this file does the whole measurement (tests/bench/medication-search.ts): start the
// stack, generate the catalogue, then search ~200 terms one at a time with the migrated indexes,
// without them, and with a plain btree on dscrd added (BENCH_PROPOSALS=p1, the default), printing p50/p95/p99 tables and EXPLAIN
// ANALYZE summaries (BENCH_REPORT=file also writes them to a file). The bench() entries below
// give vitest's own figures for three of the searches. Nothing here asserts a timing.
//
// Environment: BENCH_ARTICLES (150000), BENCH_TERMS (200), BENCH_SLOW_EVERY (5), BENCH_PROPOSALS (p1; '' for none), BENCH_REPORT.
import { writeFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { ARTICLES, enterRound, restSearch, rpcSearch, runCampaign, setUp, type Search } from './medication-search.ts';

const b = await setUp();
try {
  await runCampaign(b);
} catch (error) {
  await b.stack.stop();
  throw error;
}
if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, `${b.report.join('\n')}\n`);

const terms = b.terms.map((t) => t.term);
/** one search per iteration, the next term each time */
function rotating(search: Search): () => Promise<void> {
  let i = 0;
  return async () => {
    const { error } = await search(b, terms[i++ % terms.length]!);
    if (error) throw new Error(JSON.stringify(error));
  };
}
const options = { time: 3000, iterations: 50, warmupTime: 0, warmupIterations: 5 };

describe(`medication search on PGlite, ${ARTICLES} articles, one search per iteration over ${terms.length} terms`, () => {
  bench('REST ilike with a plain btree on dscrd added back, limit 7', rotating(restSearch(7)), { ...options, setup: () => enterRound(b, 'p1') });
  bench('as migrated: REST ilike, limit 7', rotating(restSearch(7)), { ...options, setup: () => enterRound(b, 'migrated') });
  bench('as migrated: RPC search_medications, limit 7', rotating(rpcSearch(7)), {
    ...options,
    setup: () => enterRound(b, 'migrated'),
    // the last bench: stop the stack (tinybench does not await teardown; the worker ends after it)
    teardown: (_task, mode) => {
      if (mode === 'run') void b.stack.stop().catch(() => {});
    },
  });
});
