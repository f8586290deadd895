// webshopGenericMeds (spec §7 Server functions): the generics calculator's call,
// timed through supabase-js and the local stack (gateway → handler → PostgREST → RPC
// generic_alternatives) on in-memory PGlite with the generated catalogue of ~150,000 articles
// (tests/bench/catalogue.ts). Goal: p95 ≤ 30 ms over 200 products. Prints tables; asserts nothing.
//
// The products: 200 originals in the generics variant of the search (nincd 10, a pack size and
// strength; sloplus 0/1, so the answer is a list: the slow path), in a fixed pseudo-random order,
// which favours the substances with many articles as patients would; and 50 other products of
// the variant (generics and sloplus-2 originals: answered 200 {error} after one row).
// The same run times the RPC through PostgREST alone and its statement in the database alone,
// so the share of the function hop is visible.
//
// Environment: BENCH_ARTICLES (150000), BENCH_PRODUCTS (200).
import { bench, describe } from 'vitest';
import { asAnon, setUp, stats, table, type Bench } from './medication-search.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);

const b: Bench = await setUp();

const variant = `nincd = 10 and qty <> 0 and qtyu is not null and exists (
  select 1 from public.pharmindex_product pp where pp.prdno = p.prdno and pp.dose <> '' and pp.doseu <> '')`;
const pick = async (where: string, n: number) =>
  (
    await b.db.query<{ pharmacode: number }>(
      `select pharmacode::int as pharmacode from public.pharmindex p where ${variant} and ${where} order by hashint4(pharmacode::int), pharmacode limit ${n}`,
    )
  ).rows.map((r) => Number(r.pharmacode));
const originals = await pick(`gencd = 'O' and coalesce(sloplus, 0) <> 2`, PRODUCTS);
const others = await pick(`(gencd = 'G' or sloplus = 2)`, 50);

type Call = (pharmacode: number) => PromiseLike<{ data: unknown; error: unknown }>;
const viaFunction: Call = (pharmacode) => b.anon.functions.invoke('webshopGenericMeds', { body: { pharmacode } });
const viaRest: Call = (pharmacode) => b.anon.rpc('generic_alternatives', { p_pharmacode: pharmacode });

interface Run {
  samples: number[];
  rows: number;
  answers: Map<string, number>;
}

async function time(call: Call, codes: number[], warmup = 5): Promise<Run> {
  for (const code of codes.slice(0, warmup)) await call(code);
  const run: Run = { samples: [], rows: 0, answers: new Map() };
  for (const code of codes) {
    const start = performance.now();
    const { data, error } = await call(code);
    run.samples.push(performance.now() - start);
    let answer = 'list';
    if (error) {
      const context = (error as { context?: Response }).context;
      const body = context ? ((await context.json().catch(() => ({}))) as { error?: string }) : { error: (error as { message?: string }).message };
      answer = `${context?.status ?? 'error'} ${body.error ?? ''}`.trim();
    } else if (Array.isArray(data)) {
      run.rows += data.length;
      if (data.length === 0) answer = 'empty list';
    }
    run.answers.set(answer, (run.answers.get(answer) ?? 0) + 1);
  }
  return run;
}

async function timeDb(codes: number[]): Promise<number[]> {
  const samples: number[] = [];
  for (const code of codes.slice(0, 5)) await asAnon(b, (tx) => tx.query('select * from public.generic_alternatives($1)', [code]).catch(() => null));
  for (const code of codes) {
    await asAnon(b, async (tx) => {
      const start = performance.now();
      await tx.query('select * from public.generic_alternatives($1)', [code]).catch(() => null);
      samples.push(performance.now() - start);
    });
  }
  return samples;
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const row = (label: string, samples: number[], run?: Run) => {
  const s = stats(samples);
  const answers = run ? [...run.answers].map(([k, n]) => `${n} ${k}`).join(', ') : '';
  return [label, s.n, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), run ? (run.rows / s.n).toFixed(1) : '', answers];
};

try {
  const fn = await time(viaFunction, originals);
  const rest = await time(viaRest, originals);
  const db = await timeDb(originals);
  const fnOthers = await time(viaFunction, others);
  b.log(`## webshopGenericMeds over ${originals.length} originals of the generated catalogue (goal: p95 ≤ 30 ms through the local stack)`);
  b.log();
  b.log(
    table(
      ['call (supabase-js → stack, one at a time)', 'n', 'p50', 'p95', 'p99', 'max', 'rows/q', 'answers'],
      [
        row('function webshopGenericMeds, originals', fn.samples, fn),
        row('RPC generic_alternatives through REST, originals', rest.samples, rest),
        row('generic_alternatives() in the database alone, originals', db),
        row('function webshopGenericMeds, generics and sloplus 2', fnOthers.samples, fnOthers),
      ],
    ),
  );
  b.log();
  b.log(`goal p95 ≤ 30 ms: ${stats(fn.samples).p95 <= 30 ? 'met' : 'NOT met'} (${ms(stats(fn.samples).p95)} ms)`);
  b.flush();
} catch (error) {
  await b.stack.stop();
  throw error;
}

let i = 0;
describe(`webshopGenericMeds on PGlite, one call per iteration over ${originals.length} originals`, () => {
  bench(
    'function webshopGenericMeds',
    async () => {
      const { error } = await viaFunction(originals[i++ % originals.length]!);
      if (error) throw new Error(String(error));
    },
    {
      time: 3000,
      iterations: 50,
      warmupTime: 0,
      warmupIterations: 5,
      // the last bench: stop the stack (tinybench does not await teardown; the worker ends after it)
      teardown: (_task, mode) => {
        if (mode === 'run') void b.stack.stop().catch(() => {});
      },
    },
  );
});
