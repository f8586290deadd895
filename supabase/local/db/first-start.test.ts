// A first start killed at any point (while PGlite creates its folder, between migrations, during
// the seed) resumes on the next start: the database ends up with every migration and the seed
// exactly once. The stack runs as a child process (main.ts) on a PGlite folder of its own and
// is killed with SIGKILL after random delays; KILL_SEED=<n> repeats a run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const KILLS = 3;
/** a first start takes about 5-10 s on a busy 2-core machine; kills fall anywhere in it */
const MAX_DELAY_MS = 11_000;

const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
let state = seed;
/** mulberry32: a small seeded generator, so a failing run can be repeated */
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let dir = '';
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function start(): { child: ChildProcess; output: () => string; started: Promise<boolean> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PGLITE_DATA_DIR: dir, SUPABASE_PORT: '0', DATABASE_URL: '', SEED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const started = new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop.')) resolve(true);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => resolve(false));
  });
  return { child, output: () => output, started };
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

it(`gets every migration and the seed exactly once after a kill before the seed and ${KILLS} at random points (KILL_SEED=${seed})`, async () => {
  dir = await mkdtemp(join(tmpdir(), 'first-start-'));
  const delays: number[] = [];
  // once exactly where the old start went wrong: every migration applied, the seed not yet
  const lastMigration = (await readdir(join(ROOT, 'supabase', 'migrations'))).filter((f) => f.endsWith('.sql')).sort().at(-1)!;
  const beforeSeed = start();
  await new Promise<void>((resolve) => {
    const check = () => {
      if (beforeSeed.output().includes(lastMigration)) {
        beforeSeed.child.kill('SIGKILL');
        resolve();
      } else setTimeout(check, 5);
    };
    check();
  });
  await exited(beforeSeed.child);
  for (let i = 0; i < KILLS; i++) {
    const delay = Math.round(300 + random() * MAX_DELAY_MS);
    delays.push(delay);
    const { child } = start();
    await new Promise((r) => setTimeout(r, delay));
    child.kill('SIGKILL');
    await exited(child);
  }
  const last = start();
  const ok = await last.started;
  expect(ok, `KILL_SEED=${seed}, kills after ${delays.join(', ')} ms:\n${last.output()}`).toBe(true);
  last.child.kill('SIGINT');
  await exited(last.child);

  const db = await openPglite(dir);
  try {
    const migrations = (await readdir(join(ROOT, 'supabase', 'migrations'))).filter((f) => f.endsWith('.sql')).length;
    const platform = (await readdir(join(ROOT, 'supabase', 'local', 'sql'))).filter((f) => f.endsWith('.sql')).length;
    const applied = (await db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')).rows[0]!.n;
    expect(applied, `KILL_SEED=${seed}`).toBe(migrations + platform);
    const seeds = (await db.query<{ path: string }>('select path from supabase_migrations.seed_files')).rows;
    expect(seeds.map((s) => s.path)).toEqual(['seed.sql']);
    const demo = (await db.query<{ n: number }>(`select count(*)::int as n from auth.users where email in ('demo@rezeptpost.ch', 'demo2@rezeptpost.ch')`)).rows[0]!.n;
    expect(demo, `KILL_SEED=${seed}`).toBe(2);
    const articles = (await db.query<{ n: number }>('select count(*)::int as n from public.pharmindex')).rows[0]!.n;
    expect(articles).toBeGreaterThan(600);
  } finally {
    await db.close();
  }
}, 180_000);
