// Brings a database to the state hosted Supabase would have: the platform's own SQL
// (roles, auth schema), then our migrations in timestamp order, then the seed, each
// applied once and recorded in supabase_migrations.schema_migrations as the CLI does.
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

export async function migrate(db: Db, { projectDir, seed, log = () => {} }: MigrateOptions): Promise<{ applied: string[] }> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, applied_at timestamptz default now());
  `);
  const done = new Set((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const steps: { version: string; file: string }[] = [
    ...(await sqlFiles(join(projectDir, 'local', 'sql'))).map((f) => ({ version: `local/${f}`, file: join(projectDir, 'local', 'sql', f) })),
    ...(await sqlFiles(join(projectDir, 'migrations'))).map((f) => ({ version: f.split('_')[0] ?? f, file: join(projectDir, 'migrations', f) })),
  ];
  const firstStart = done.size === 0;
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
  // As with `supabase start`, the seed runs once, on a database that had nothing before.
  if (seed && firstStart) {
    const seedFile = join(projectDir, 'seed.sql');
    const sql = await readFile(seedFile, 'utf8').catch(() => null);
    if (sql) {
      await db.transaction((tx) => tx.exec(sql));
      log(`seeded ${seedFile}`);
    }
  }
  // Planner statistics for what was just loaded: PGlite has no autovacuum, and without them
  // Postgres guesses table sizes and hash-joins whole catalogue tables for a page of results.
  if (applied.length > 0) await db.exec('analyze');
  return { applied };
}
