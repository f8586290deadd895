// Brings a database to the state hosted Supabase would have: the platform's own SQL
// (roles, auth schema), then our migrations in timestamp order, then the seed. Each step runs
// in one transaction with its record (schema_migrations, and seed_files for the seed, as the
// CLI keeps them), so a start killed at any point resumes where it stopped: a database that
// got its migrations but not yet its seed gets the seed on the next start.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db.ts';

export interface MigrateOptions {
  /** folder of the supabase project (holds migrations/, seed.sql, local/sql/) */
  projectDir: string;
  seed: boolean;
  log?: (line: string) => void;
}

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch {
    return [];
  }
}

const SEED_PATH = 'seed.sql';

export async function migrate(db: Db, { projectDir, seed, log = () => {} }: MigrateOptions): Promise<{ applied: string[]; seeded: boolean }> {
  // Databases made before the seed was recorded have schema_migrations but no seed_files:
  // whatever their first start did about the seed is final for them.
  const seedTableExisted =
    (await db.query<{ present: boolean }>(`select to_regclass('supabase_migrations.seed_files') is not null as present`)).rows[0]?.present === true;
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, applied_at timestamptz default now());
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
  `);
  const done = new Set((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const seedDone = (await db.query('select 1 from supabase_migrations.seed_files where path = $1', [SEED_PATH])).rows.length > 0;
  const steps: { version: string; file: string }[] = [
    ...(await sqlFiles(join(projectDir, 'local', 'sql'))).map((f) => ({ version: `local/${f}`, file: join(projectDir, 'local', 'sql', f) })),
    ...(await sqlFiles(join(projectDir, 'migrations'))).map((f) => ({ version: f.split('_')[0] ?? f, file: join(projectDir, 'migrations', f) })),
  ];
  // As with `supabase start`, the seed belongs to a new database: one that had nothing, or
  // whose first start (recorded since seed_files exists) has not got to the seed yet.
  const seedPending = !seedDone && (done.size === 0 || seedTableExisted);
  const applied: string[] = [];
  for (const step of steps) {
    if (done.has(step.version)) continue;
    const sql = await readFile(step.file, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [step.version, step.file]);
    });
    applied.push(step.version);
    log(`applied ${step.file}`);
  }
  let seeded = false;
  const seedFile = join(projectDir, SEED_PATH);
  const seedSql = seedPending ? await readFile(seedFile, 'utf8').catch(() => null) : null;
  if (seedPending) {
    // SEED=false (or no seed.sql) on a new database: recorded too, so a later start does not seed it
    const run = seed && seedSql !== null;
    await db.transaction(async (tx) => {
      if (run) await tx.exec(seedSql);
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
        SEED_PATH,
        run ? createHash('sha256').update(seedSql).digest('hex') : 'not run',
      ]);
    });
    if (run) log(`seeded ${seedFile}`);
    seeded = run;
  } else if (!seedDone) {
    // a database from before seed_files: record that its seed question is settled
    await db.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [SEED_PATH, 'before seed_files']);
  }
  // Planner statistics for what was just loaded: PGlite has no autovacuum, and without them
  // Postgres guesses table sizes and hash-joins whole catalogue tables for a page of results.
  if (applied.length > 0 || seeded) await db.exec('analyze');
  return { applied, seeded };
}
