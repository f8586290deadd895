// The medication-search benchmark (spec §7) behind tests/bench/medication-search.bench.ts:
// a local stack (in-memory PGlite, seeded) with a generated catalogue of 150,000 articles,
// searched through supabase-js the way the app will search, with the migrated indexes, without
// them, and with proposed alternatives – all in one run. Prints tables; asserts nothing about speed.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { cpus, loadavg } from 'node:os';
import WebSocket from 'ws';
import { asRole, type Db, type DbSession } from '../../supabase/local/db/db.ts';
import { startStack, type Stack } from '../../supabase/local/server.ts';
import { testStackConfig } from '../setup/local-stack.ts';
import { catalogueSql, ilikePattern, searchTerms, type SearchTerm } from './catalogue.ts';

export const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 150_000);
export const TERMS = Number(process.env.BENCH_TERMS ?? 200);
/** every n-th term is searched in the slow (unindexed) rounds */
export const SLOW_EVERY = Number(process.env.BENCH_SLOW_EVERY ?? 5);
/** which proposal rounds run (the migrated and unindexed rounds always do) */
export const PROPOSALS = new Set((process.env.BENCH_PROPOSALS ?? 'p1').split(',').map((x) => x.trim()));

/** the columns the app shows in the search list, with prices, pictures and strength */
export const SELECT =
  'pharmacode, dscrd, dscrf, qty, qtyu, pharmindex_prices(price), pharmindex_images(picfront, picfront3d), pharmindex_product(dose, doseu)';
const SELECT_GENERICS = SELECT.replace('pharmindex_product(', 'pharmindex_product!inner(');

// ---------------------------------------------------------------------------------------------
// statistics and printing

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN; // nearest rank
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / (s.length || 1), max: s.at(-1) ?? NaN };
}

const ms = (x: number) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) : '–');

export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(head), `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// the stack, the catalogue, the indexes

/** the migrations' search indexes on pharmindex.dscrd (no plain btree on dscrd: see round p1) */
export const SEARCH_INDEXES = ['pharmindex_dscrd_trgm_idx', 'pharmindex_dscrd_search_idx'] as const;

export interface Bench {
  stack: Stack;
  db: Db;
  anon: SupabaseClient;
  terms: SearchTerm[];
  /** CREATE INDEX statements of the migrated indexes on pharmindex, by name */
  indexDefs: Map<string, string>;
  /** adds a line to the report; printed at the next flush() (one console.log per section) */
  log: (line?: string) => void;
  flush: () => void;
  report: string[];
  /** the main statement of the last REST request while capturing */
  captured: { sql: string; params: unknown[] } | null;
  capturing: boolean;
  /** requests sent again after ECONNRESET on a reused keep-alive connection */
  retries: number;
}

export async function setUp(log: (line?: string) => void = console.log): Promise<Bench> {
  const t0 = performance.now();
  const stack = await startStack(testStackConfig(), { seed: true, log: (l) => (/^(applied|seeded) /.test(l) ? undefined : log(`[stack] ${l}`)) });
  const db = stack.db;
  const report: string[] = [];
  let printed = 0;
  const bench: Bench = {
    stack,
    db,
    anon: createClient(stack.url, stack.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      // After a few idle seconds (EXPLAIN rounds) the server may close a keep-alive connection just
      // as the client reuses it (ECONNRESET); send such a request once more, as browsers do, and count it.
      global: {
        fetch: async (input, init) => {
          try {
            return await fetch(input, init);
          } catch (error) {
            const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
            if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
            bench.retries++;
            return fetch(input, init);
          }
        },
      },
    }),
    terms: searchTerms(TERMS),
    indexDefs: new Map(),
    log: (line = '') => {
      report.push(line);
    },
    flush: () => {
      if (report.length > printed) log(report.slice(printed).join('\n'));
      printed = report.length;
    },
    report,
    captured: null,
    capturing: false,
    retries: 0,
  };
  try {
    if (!stack.services.rest) throw new Error('the stack has no rest service');
    const started = performance.now();
    // Capture the SQL the rest layer runs: the handler holds this very Db object, so wrapping
    // its transaction() sees every statement of a request (only while `capturing`).
    const transaction = db.transaction.bind(db);
    db.transaction = (<T>(fn: (tx: DbSession) => Promise<T>) =>
      transaction((tx) =>
        fn(
          bench.capturing
            ? {
                ...tx,
                query: (sql: string, params?: unknown[]) => {
                  if (sql.includes('_postgrest_t')) bench.captured = { sql, params: params ?? [] };
                  return tx.query(sql, params);
                },
              }
            : tx,
        ),
      )) as Db['transaction'];

    // Generate the catalogue with the indexes dropped and FK triggers off (replica), then build
    // the very same indexes again: about three times faster than inserting into them.
    const idx = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'pharmindex' and indexname <> 'pharmindex_pkey'`,
    );
    for (const { indexname, indexdef } of idx.rows) bench.indexDefs.set(indexname, indexdef);
    for (const name of bench.indexDefs.keys()) await db.exec(`drop index public.${name}`);
    await db.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica`);
      await tx.exec(catalogueSql(ARTICLES));
    });
    for (const def of bench.indexDefs.values()) await db.exec(def);
    await db.exec('analyze');
    const counts = (
      await db.query<{ n: number; out: number; g: number; imgs: number }>(
        `select count(*)::int n, (count(*) filter (where nincd = 99))::int out,
                (select count(*)::int from public.pharmindex_images) imgs,
                (count(*) filter (where nincd = 10 and qty <> 0 and qtyu is not null))::int g
           from public.pharmindex`,
      )
    ).rows[0]!;
    const missing = SEARCH_INDEXES.filter((n) => !bench.indexDefs.has(n));
    bench.log(
      `stack on ${stack.db.kind} (in memory), started in ${((started - t0) / 1000).toFixed(1)} s; catalogue of ${counts.n} articles ` +
        `(${counts.out} out of trade, ${counts.g} in the generics variant, ${counts.imgs} with pictures) generated and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (missing.length) bench.log(`WARNING: migrated index(es) missing: ${missing.join(', ')}`);
    bench.flush();
    return bench;
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** drops all search indexes, then creates the given ones (names of migrated ones, or CREATE INDEX statements) */
export async function useIndexes(b: Bench, wanted: string[]): Promise<void> {
  const nameOf = (w: string) => (b.indexDefs.has(w) ? w : /create index (\S+)/i.exec(w)?.[1] ?? w);
  const want = new Map(wanted.map((w) => [nameOf(w), b.indexDefs.get(w) ?? w]));
  const existing = (await b.db.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = 'public' and tablename = 'pharmindex' and (indexname like '%dscrd%' or indexname like 'bench_%')`)).rows.map((r) => r.indexname);
  let changed = false;
  for (const name of existing) {
    if (!want.has(name)) {
      await b.db.exec(`drop index public.${name}`);
      changed = true;
    }
  }
  for (const [name, def] of want) {
    if (!existing.includes(name)) {
      await b.db.exec(def);
      changed = true;
    }
  }
  if (changed) await b.db.exec('analyze public.pharmindex');
}

// ---------------------------------------------------------------------------------------------
// the searches, as the app sends them

export type Search = (b: Bench, term: string) => PromiseLike<{ data: unknown; error: unknown }>;

/** spec §7 through PostgREST's ilike: what supabase-js sends for .ilike('dscrd', 'abc%def%') */
export const restSearch =
  (limit: number, generics = false): Search =>
  (b, term) => {
    let q = b.anon.from('pharmindex').select(generics ? SELECT_GENERICS : SELECT);
    q = generics
      ? q.eq('nincd', 10).neq('qty', 0).not('qtyu', 'is', null).neq('pharmindex_product.dose', '').neq('pharmindex_product.doseu', '')
      : q.neq('nincd', 99);
    return q.ilike('dscrd', ilikePattern(term)).order('dscrd').limit(limit);
  };

/** the RPC of the migrations: upper(dscrd) collate "C" like 'ABC%DEF%', read in the order of pharmindex_dscrd_search_idx */
export const rpcSearch =
  (limit: number, generics = false): Search =>
  (b, term) =>
    b.anon.rpc('search_medications', { p_query: term, p_limit: limit, p_generics: generics }).select(SELECT);

/** floor: the cheapest read through the same path (HTTP, JWT, transaction, JSON) */
export const floorSearch: Search = (b) => b.anon.from('pharmindex').select('pharmacode').eq('pharmacode', 20_000_000).limit(1);

export interface Timed {
  /** wall-clock ms per query, end to end (build the request, HTTP, rest layer, PGlite, JSON, parse) */
  samples: number[];
  /** CPU ms of this process per query: client, server and PGlite all run in it, so this is the work
   *  done, without the time spent waiting for a core on a busy machine */
  cpu: number[];
  errors: number;
  rows: number;
  /** dscrd of the rows found, per term (to compare the variants' results) */
  found: Map<string, string[]>;
}

export async function timeSearch(b: Bench, search: Search, terms: string[], warmup = 5): Promise<Timed> {
  for (const t of terms.slice(0, warmup)) await search(b, t);
  const out: Timed = { samples: [], cpu: [], errors: 0, rows: 0, found: new Map() };
  for (const t of terms) {
    const c = process.cpuUsage();
    const s = performance.now();
    const { data, error } = await search(b, t);
    const wall = performance.now() - s;
    const cpu = process.cpuUsage(c);
    out.samples.push(wall);
    out.cpu.push((cpu.user + cpu.system) / 1000);
    if (error) {
      out.errors++;
      if (out.errors === 1) b.log(`  error for "${t}": ${JSON.stringify(error)}`);
    } else if (Array.isArray(data)) {
      out.rows += data.length;
      out.found.set(t, (data as { dscrd: string }[]).map((r) => r.dscrd));
    }
  }
  return out;
}

/** the main statement the rest layer runs for this search (captured from one request) */
export async function captureSql(b: Bench, search: Search, term: string): Promise<{ sql: string; params: unknown[] }> {
  b.captured = null;
  b.capturing = true;
  try {
    const { error } = await search(b, term);
    if (error) throw new Error(`capture of "${term}": ${JSON.stringify(error)}`);
  } finally {
    b.capturing = false;
  }
  if (!b.captured) throw new Error(`no statement captured for "${term}"`);
  return b.captured;
}

/** runs fn as the rest layer does: anon role, claims, search_path, in one transaction */
export function asAnon<T>(b: Bench, fn: (tx: DbSession) => Promise<T>): Promise<T> {
  return asRole(b.db, null, async (tx) => {
    await tx.query(`select set_config('search_path', 'public, extensions', true)`);
    return fn(tx);
  });
}

/** DB-only time of the captured statements (no HTTP, no supabase-js): the main statement alone */
export async function timeDb(b: Bench, statements: { sql: string; params: unknown[] }[]): Promise<number[]> {
  const samples: number[] = [];
  for (const st of statements.slice(0, 3)) await asAnon(b, (tx) => tx.query(st.sql, st.params));
  for (const st of statements) {
    await asAnon(b, async (tx) => {
      const s = performance.now();
      await tx.query(st.sql, st.params);
      samples.push(performance.now() - s);
    });
  }
  return samples;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** EXPLAIN (ANALYZE) of a statement as anon: search indexes used, the plan of pharmindex, times (and the text plan when asked) */
export async function explain(
  b: Bench,
  st: { sql: string; params: unknown[] },
  withText = false,
): Promise<{ indexes: string[]; shape: string; joins: string[]; seqScans: string[]; execMs: number; planMs: number; text: string }> {
  const json = await asAnon(b, (tx) => tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${st.sql}`, st.params));
  const text = withText ? await asAnon(b, (tx) => tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${st.sql}`, st.params)) : null;
  const raw = json.rows[0]!['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
  const indexes = new Set<string>();
  const seqScans: string[] = [];
  const joins: string[] = [];
  // the path from the top to the first scan (the scan of pharmindex: the embeds are joined after it)
  const walk = (n: PlanNode, path: string[]): string[] | null => {
    if (n['Index Name']) indexes.add(n['Index Name']);
    if (/Join|Nested Loop/.test(n['Node Type'])) joins.push(n['Node Type'] + ((n as { 'Join Type'?: string })['Join Type'] === 'Left' && n['Node Type'] === 'Nested Loop' ? ' Left Join' : ''));
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) seqScans.push(`${n['Relation Name']} (${n['Actual Rows']} rows)`);
    const here = [...path, n['Node Type'] + (n['Index Name'] ? ` (${n['Index Name']})` : '') + (n['Actual Rows'] !== undefined && /Scan/.test(n['Node Type']) ? ` ${n['Actual Rows']} rows` : '')];
    let found: string[] | null = /^(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan)$/.test(n['Node Type']) ? here : null;
    for (const c of n.Plans ?? []) {
      const f = walk(c, here);
      if (f && !found) found = f;
    }
    return found;
  };
  const path = walk(doc[0]!.Plan, []) ?? [];
  return {
    indexes: [...indexes].filter((i) => i.includes('dscrd')),
    // without the wrapper nodes of the outer statement (aggregate over _postgrest_t, nested loops of the embeds)
    shape: path.filter((x) => !/^(Aggregate|Subquery Scan|Nested Loop|Hash|Result)/.test(x)).join(' > '),
    seqScans,
    joins,
    execMs: doc[0]!['Execution Time'],
    planMs: doc[0]!['Planning Time'],
    text: text ? text.rows.map((r) => r['QUERY PLAN']).join('\n') : '',
  };
}

/** the statement search_medications() runs inside (spec variant), to EXPLAIN it: plpgsql hides it behind a Function Scan */
export function rpcInnerSql(term: string, limit: number): { sql: string; params: unknown[] } {
  const pattern = ilikePattern(term).toUpperCase().replace(/'/g, "''");
  return {
    sql: `select p.* from public.pharmindex p where upper(p.dscrd) collate "C" like '${pattern}' and p.nincd is distinct from 99 order by upper(p.dscrd) collate "C", p.pharmacode limit ${limit}`,
    params: [],
  };
}

// ---------------------------------------------------------------------------------------------
// the campaign

/** index sets of the rounds */
export const ROUNDS = {
  migrated: { title: 'as migrated', indexes: [...SEARCH_INDEXES] },
  unindexed: { title: 'unindexed (the search indexes dropped)', indexes: [] as string[] },
  p1: {
    title: 'with a plain btree on dscrd added back (the plan the migrations avoid)',
    indexes: [...SEARCH_INDEXES, 'create index pharmindex_dscrd_idx on public.pharmindex (dscrd)'],
  },
} as const;
export type RoundKey = keyof typeof ROUNDS;

let current: RoundKey | null = null;
/** puts the round's indexes in place (no-op when they are) */
export async function enterRound(b: Bench, key: RoundKey): Promise<void> {
  if (current === key) return;
  const r = ROUNDS[key];
  await useIndexes(b, [...r.indexes]);
  current = key;
}

interface Row {
  label: string;
  t: Timed;
  /** the reference the rows are compared with */
  ref?: Timed;
}

function pick(t: Timed, terms: string[], keep: Set<string>): Timed {
  const idx = terms.map((x, i) => (keep.has(x) ? i : -1)).filter((i) => i >= 0);
  return { ...t, samples: idx.map((i) => t.samples[i]!), cpu: idx.map((i) => t.cpu[i]!) };
}

function sameRows(ref: Timed | undefined, t: Timed): string {
  if (!ref) return '';
  let same = 0;
  let n = 0;
  for (const [term, rows] of t.found) {
    const r = ref.found.get(term);
    if (!r) continue;
    n++;
    if (r.join('\n') === rows.join('\n')) same++;
  }
  return `${same}/${n}`;
}

const HEAD = ['search (supabase-js → stack, one at a time)', 'n', 'p50', 'p95', 'p99', 'mean', 'max', 'CPU p50', 'CPU p95', 'rows/q', 'same rows'];
function statRow(r: Row): (string | number)[] {
  const s = stats(r.t.samples);
  const c = stats(r.t.cpu);
  const rows = r.t.errors ? `${r.t.errors} errors` : (r.t.rows / s.n).toFixed(1);
  return [r.label, s.n, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.mean), ms(s.max), ms(c.p50), ms(c.p95), rows, sameRows(r.ref, r.t)];
}

function dbLine(b: Bench, label: string, samples: number[]): Stats {
  const s = stats(samples);
  b.log(`DB only, ${label}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, mean ${ms(s.mean)} ms, max ${ms(s.max)} ms (n ${s.n})`);
  return s;
}

/** the representative terms EXPLAINed in the rounds: one of each kind, plus the given ones */
function explainTerms(terms: SearchTerm[], extra: string[]): string[] {
  const picked: string[] = [];
  for (const kind of ['prefix', 'prefix+maker', 'prefix+dose', 'three words', 'brand', 'no match'] as const) {
    const t = terms.find((x) => x.kind === kind);
    if (t) picked.push(t.term);
  }
  for (const t of extra) if (!picked.includes(t)) picked.push(t);
  return picked;
}

async function explainTable(
  b: Bench,
  label: string,
  statementOf: (term: string) => Promise<{ sql: string; params: unknown[] }>,
  terms: string[],
  printPlanOf?: string,
  /** 'joins': show how the embeds are joined (RPC statements, where the search hides in a Function Scan) */
  show: 'scan' | 'joins' = 'scan',
): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const t of terms) {
    const e = await explain(b, await statementOf(t), t === printPlanOf);
    const count = (xs: string[]) => [...new Set(xs)].map((x) => `${x} ×${xs.filter((y) => y === x).length}`).join(', ');
    rows.push([`"${t}"`, show === 'joins' ? 'in the function' : e.indexes.join(', ') || 'none', show === 'joins' ? count(e.joins) : e.shape, e.seqScans.join(', ') || 'none', ms(e.planMs), ms(e.execMs)]);
    if (t === printPlanOf) {
      b.log(`EXPLAIN ANALYZE (${label}) for "${t}":`);
      b.log('```');
      b.log(e.text);
      b.log('```');
      b.log();
    }
  }
  b.log(`EXPLAIN ANALYZE, ${label} (DB only, as anon):`);
  b.log();
  b.log(table(['term', 'search index used', show === 'joins' ? 'joins' : 'plan (nodes above the first scan)', 'seq scans', 'plan ms', 'exec ms'], rows));
  b.log();
}

const slowestTerms = (t: Timed, terms: string[], n: number) =>
  terms
    .map((x, i) => ({ x, ms: t.samples[i]! }))
    .sort((p, q) => q.ms - p.ms)
    .slice(0, n)
    .map((p) => p.x);

export interface CampaignResult {
  /** REST ilike limit 7, p95 end to end, per round */
  p95: Partial<Record<RoundKey, number>>;
}

export async function runCampaign(b: Bench): Promise<CampaignResult> {
  const all = b.terms.map((t) => t.term);
  const slow = all.filter((_, i) => i % SLOW_EVERY === 0);
  const slowSet = new Set(slow);
  const kinds = new Map<string, number>();
  for (const t of b.terms) kinds.set(t.kind, (kinds.get(t.kind) ?? 0) + 1);
  b.log(`${all.length} search terms (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}), e.g. ${all.slice(0, 8).map((t) => `"${t}"`).join(', ')}`);
  b.log(`the unindexed round searches every ${SLOW_EVERY}th term (${slow.length}); speed-ups compare the other rounds on the same terms`);
  b.log(`load average at the start ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores (above the core count, wall times include waiting for a core: compare the CPU columns)`);
  b.log(`times in ms; "CPU" = CPU time of the one process (client, stack and PGlite) per query; "same rows" = same dscrd list as REST ilike as migrated (the RPC orders case-insensitively, REST by dscrd: a few differ)`);
  b.log();
  const result: CampaignResult = { p95: {} };
  const summary: (string | number)[][] = [];
  /** a summary line; `base` = the same search unindexed (measured on the slow terms only) */
  const addSummary = (round: string, label: string, t: Timed, base: Timed) => {
    const s = stats(t.samples);
    const c = stats(t.cpu);
    const sub = stats(pick(t, all, slowSet).samples);
    const u = stats(base.samples);
    summary.push([round, label, ms(s.p50), ms(s.p95), ms(c.p50), ms(c.p95), `${s.p95 <= 20 ? 'yes' : 'no'} / ${c.p95 <= 20 ? 'yes' : 'no'}`, ms(sub.p50), ms(sub.p95), `${(u.p50 / sub.p50).toFixed(1)}×`, `${(u.p95 / sub.p95).toFixed(1)}×`]);
  };
  const rpcSql = async (t: string) => captureSql(b, rpcSearch(7), t);

  // ---- as migrated
  await enterRound(b, 'migrated');
  const restSql = new Map<string, { sql: string; params: unknown[] }>();
  for (const t of all) restSql.set(t, await captureSql(b, restSearch(7), t)); // warms every term up, too
  const m7 = await timeSearch(b, restSearch(7), all);
  const m40 = await timeSearch(b, restSearch(40), all);
  const mg = await timeSearch(b, restSearch(7, true), all);
  const mr7 = await timeSearch(b, rpcSearch(7), all);
  const mr40 = await timeSearch(b, rpcSearch(40), all);
  const mrg = await timeSearch(b, rpcSearch(7, true), all);
  const floor = await timeSearch(b, floorSearch, all);
  const rpcFloor = await timeSearch(b, (bb) => bb.anon.rpc('search_medications', { p_query: '', p_limit: 7 }).select(SELECT), all);
  b.log(`## ${ROUNDS.migrated.title} (${SEARCH_INDEXES.join(', ')})`);
  b.log();
  b.log(
    table(HEAD, [
      { label: 'REST ilike, limit 7', t: m7 },
      { label: 'REST ilike, limit 40 (load more)', t: m40 },
      { label: 'REST ilike, generics variant, limit 7', t: mg },
      { label: 'RPC search_medications, limit 7', t: mr7, ref: m7 },
      { label: 'RPC search_medications, limit 40', t: mr40, ref: m40 },
      { label: 'RPC search_medications, generics, limit 7', t: mrg, ref: mg },
      { label: 'floor: one row by pharmacode (HTTP + JWT + transaction)', t: floor },
      { label: "floor: RPC search_medications('') (returns at once)", t: rpcFloor },
    ].map(statRow)),
  );
  b.log();
  const dbMSamples = await timeDb(b, all.map((t) => restSql.get(t)!));
  dbLine(b, 'the REST ilike limit 7 statement replayed on stack.db as anon (no HTTP)', dbMSamples);
  b.log();
  // what one statement and one transaction cost on PGlite: the rest layer runs 5 statements per read
  // (set_config role/claims, set transaction read only, set search_path, the statement; BEGIN/COMMIT)
  const rt: number[] = [];
  const txs: number[] = [];
  for (let i = 0; i < all.length; i++) {
    let s0 = performance.now();
    await b.db.query('select 1');
    rt.push(performance.now() - s0);
    s0 = performance.now();
    await asAnon(b, (tx) => tx.query('select 1'));
    txs.push(performance.now() - s0);
  }
  const rts = stats(rt);
  const txss = stats(txs);
  b.log(`PGlite alone: \`select 1\` p50 ${ms(rts.p50)} ms, p95 ${ms(rts.p95)} ms; a transaction as anon (BEGIN, set_config role/claims, set_config search_path, select 1, COMMIT) p50 ${ms(txss.p50)} ms, p95 ${ms(txss.p95)} ms`);
  b.log();
  const worst = slowestTerms(m7, all, 3);
  const worstRpc = slowestTerms(mr7, all, 3);
  const shown = explainTerms(b.terms, worst);
  await explainTable(b, 'REST ilike limit 7, as migrated', async (t) => restSql.get(t) ?? captureSql(b, restSearch(7), t), shown, worst[0]);
  await explainTable(b, "search_medications' inner statement, limit 7, as migrated", async (t) => rpcInnerSql(t, 7), explainTerms(b.terms, worstRpc));
  await explainTable(b, 'the statement the rest layer runs for RPC search_medications, limit 7, as migrated', rpcSql, worstRpc, worstRpc[0], 'joins');
  result.p95.migrated = stats(m7.samples).p95;
  b.flush();

  // ---- unindexed
  await enterRound(b, 'unindexed');
  const u7 = await timeSearch(b, restSearch(7), slow, 2);
  const u40 = await timeSearch(b, restSearch(40), slow, 2);
  const ur7 = await timeSearch(b, rpcSearch(7), slow, 2);
  b.log(`## ${ROUNDS.unindexed.title}, ${slow.length} terms`);
  b.log();
  b.log(table(HEAD, [
    { label: 'REST ilike, limit 7', t: u7, ref: m7 },
    { label: 'REST ilike, limit 40', t: u40, ref: m40 },
    { label: 'RPC search_medications, limit 7', t: ur7, ref: m7 },
  ].map(statRow)));
  b.log();
  const dbU = dbLine(b, 'the REST ilike limit 7 statement', await timeDb(b, slow.map((t) => restSql.get(t)!)));
  const dbMSlow = stats(all.map((t, i) => (slowSet.has(t) ? dbMSamples[i]! : NaN)).filter((x) => !Number.isNaN(x)));
  b.log(`DB only, same ${slow.length} terms as migrated: p50 ${ms(dbMSlow.p50)} ms, p95 ${ms(dbMSlow.p95)} ms; speed-up of the index: p50 ${(dbU.p50 / dbMSlow.p50).toFixed(1)}×, p95 ${(dbU.p95 / dbMSlow.p95).toFixed(1)}×`);
  b.log();
  await explainTable(b, 'REST ilike limit 7, unindexed', async (t) => restSql.get(t)!, shown.slice(0, 3));
  const u7s = stats(u7.samples);
  const ur7s = stats(ur7.samples);
  result.p95.unindexed = u7s.p95;
  addSummary('as migrated', 'REST ilike, limit 7', m7, u7);
  addSummary('as migrated', 'RPC search_medications, limit 7', mr7, ur7);
  b.flush();

  // ---- proposal 1
  if (PROPOSALS.has('p1')) {
    await enterRound(b, 'p1');
    const a7 = await timeSearch(b, restSearch(7), all);
    const a40 = await timeSearch(b, restSearch(40), all);
    const ag = await timeSearch(b, restSearch(7, true), all);
    const ar7 = await timeSearch(b, rpcSearch(7), all);
    const ar40 = await timeSearch(b, rpcSearch(40), all);
    b.log(`## ${ROUNDS.p1.title}`);
    b.log();
    b.log(table(HEAD, [
      { label: 'REST ilike, limit 7', t: a7, ref: m7 },
      { label: 'REST ilike, limit 40', t: a40, ref: m40 },
      { label: 'REST ilike, generics variant, limit 7', t: ag, ref: mg },
      { label: 'RPC search_medications, limit 7', t: ar7, ref: m7 },
      { label: 'RPC search_medications, limit 40', t: ar40, ref: m40 },
    ].map(statRow)));
    b.log();
    dbLine(b, 'the REST ilike limit 7 statement', await timeDb(b, all.map((t) => restSql.get(t)!)));
    b.log();
    const worstA = slowestTerms(a7, all, 3);
    await explainTable(b, 'REST ilike limit 7, btree on dscrd added', async (t) => restSql.get(t)!, explainTerms(b.terms, worstA), worstA[0]);
    await explainTable(b, "search_medications' inner statement, limit 7, btree on dscrd added", async (t) => rpcInnerSql(t, 7), explainTerms(b.terms, slowestTerms(ar7, all, 3)));
    addSummary('btree on dscrd added', 'REST ilike, limit 7', a7, u7);
    addSummary('btree on dscrd added', 'RPC search_medications, limit 7', ar7, ur7);
    result.p95.p1 = stats(a7.samples).p95;
    b.flush();
  }

  b.log(`## Summary (target: p95 ≤ 20 ms end to end on PGlite and ≥ 10× faster than unindexed)`);
  b.log();
  b.log(table(['round', 'search, limit 7', `p50 (${all.length})`, `p95 (${all.length})`, 'CPU p50', 'CPU p95', 'p95 ≤ 20 (wall / CPU)', `p50 (${slow.length})`, `p95 (${slow.length})`, 'vs unindexed p50', 'vs unindexed p95'], [
    ['unindexed', 'REST ilike, limit 7', '', '', '', '', '', ms(u7s.p50), ms(u7s.p95), '1×', '1×'],
    ['unindexed', 'RPC search_medications, limit 7', '', '', '', '', '', ms(ur7s.p50), ms(ur7s.p95), '1×', '1×'],
    ...summary,
  ]));
  b.log();
  b.log(`(speed-ups: the same search unindexed ÷ this one, both on the ${slow.length} terms of the unindexed round)`);
  b.log(`requests sent again after a connection reset: ${b.retries}; load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  b.log();
  b.flush();
  return result;
}
