#!/usr/bin/env node
// `npm run test:e2e:stress`: the end-to-end suite several times in a row while other processes keep
// the CPU busy, to flush out tests (and product code) that depend on timing before CI meets them.
// The app is built once by the npm script; every run starts its own stack and preview server, as
// `npm run test:e2e` does. Prints one line per run and a summary of every test that failed.
//
//   npm run test:e2e:stress                          # 5 runs of the whole suite, one busy loop per core
//   npm run test:e2e:stress -- --runs 3 --load 1     # 3 runs, one busy loop
//   npm run test:e2e:stress -- tests/e2e/sync-tabs.spec.ts --repeat-each 5
//
// Options: --runs N (default 5), --load N (busy processes, default: the number of cores);
// everything else goes to `playwright test`. Exit code 1 when any run failed.
// Each run writes to a folder of its own, with a trace of every failed test (Playwright's
// `retain-on-failure`: its actions, the page's snapshots, its console): the folder is kept and
// named when a run failed, so a failure seen once under load can be looked into
// (`npx playwright show-trace <folder>/…/trace.zip`); it is removed when every run passed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

function parseArgs(argv) {
  const options = { runs: 5, load: availableParallelism(), rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs' || arg === '--load') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} needs a whole number`);
      options[arg.slice(2)] = value;
    } else options.rest.push(arg);
  }
  return options;
}

/**
 * Busy loops in child processes: each keeps one core at 100 % until stopped, or until this script
 * is gone (its parent changed): a loop left behind by a killed run made every later measurement
 * on the machine (`npm run bench`, Lighthouse) one of a loaded machine.
 */
const BUSY_LOOP = 'const parent = process.ppid; for (let i = 0; ; i++) if ((i & 0xffffff) === 0 && process.ppid !== parent) process.exit(0);';
function startLoad(count) {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' }));
}

/** The failed tests of a Playwright JSON report (title path and the first line of the error). */
function failuresOf(reportPath) {
  const failed = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const bad = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (bad) failed.push({ title: [...titles, spec.title].join(' › '), where: `${spec.file}:${spec.line}`, error: (bad.error?.message ?? bad.status).split('\n')[0] });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
  };
  try {
    for (const suite of JSON.parse(readFileSync(reportPath, 'utf8')).suites ?? []) walk(suite, [suite.title]);
  } catch (error) {
    failed.push({ title: 'no report', where: reportPath, error: String(error) });
  }
  return failed;
}

function playwright(args, reportPath, outputDir) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', '--reporter=dot,json', '--trace=retain-on-failure', `--output=${outputDir}`, ...args], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportPath },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const options = parseArgs(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'e2e-stress-'));
const load = startLoad(options.load);
const stopLoad = () => load.forEach((child) => child.kill('SIGKILL'));
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.on(signal, () => (stopLoad(), process.exit(code)));

const summary = [];
try {
  for (let run = 1; run <= options.runs; run++) {
    const started = Date.now();
    const report = join(dir, `run-${run}.json`);
    const code = await playwright(options.rest, report, join(dir, `run-${run}`));
    const failed = code === 0 ? [] : failuresOf(report);
    summary.push({ run, code, failed });
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\n== run ${run}/${options.runs}: ${code === 0 ? 'passed' : `FAILED (${failed.length})`} in ${seconds} s, load average ${loadavg()[0].toFixed(1)} with ${options.load} busy process(es)`);
    for (const f of failed) console.log(`   ✗ ${f.where} ${f.title}\n     ${f.error}`);
  }
} finally {
  stopLoad();
}

const failedRuns = summary.filter((s) => s.code !== 0).length;
if (failedRuns === 0) rmSync(dir, { recursive: true, force: true });
else console.log(`\n== the failed runs' reports and traces are kept in ${dir} (run-N/ per run)`);
const byTest = new Map();
for (const { failed } of summary) for (const f of failed) byTest.set(f.where, (byTest.get(f.where) ?? 0) + 1);
console.log(`\n== ${options.runs} run(s), ${failedRuns} failed; ${byTest.size} distinct failing test(s)`);
for (const [where, count] of byTest) console.log(`   ${count}× ${where}`);
process.exit(failedRuns > 0 ? 1 : 0);
