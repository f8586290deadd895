// Databases of form-rules.test.ts (not a test file): a scratch database of the project's kind
// (an in-memory PGlite, or a new database on the test PostgreSQL 15 server) brought to any
// migration, and the SQL that reads the rules back from the catalogue.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../../supabase/local/db/db.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openPglite } from '../../supabase/local/db/pglite.ts';
import { openPostgres } from '../../supabase/local/db/postgres.ts';
import type { ServerRuleTable } from '../../src/domain/server-rules.ts';

export const PROJECT_DIR = fileURLToPath(new URL('../../supabase/', import.meta.url));
export const FORM_RULES_MIGRATION = '20261125000200_form_rules.sql';

export const RULE_TABLES: readonly ServerRuleTable[] = [
  'webshop_customers',
  'webshop_customer_address',
  'webshop_customer_insurance',
  'webshop_customer_questionnaire',
  'webshop_customer_order_defaults',
  'webshop_customer_additional_info',
];

export interface Scratch {
  db: Db;
  close(): Promise<void>;
}

/** An empty database: in-memory PGlite, or a new database on the PostgreSQL server of `databaseUrl`. */
export async function scratchDatabase(databaseUrl: string | null): Promise<Scratch> {
  if (databaseUrl === null) {
    const db = await openPglite(null);
    return { db, close: () => db.close() };
  }
  const name = `form_rules_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    async close() {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const sqlFiles = async (dir: string) => (await readdir(join(PROJECT_DIR, dir))).filter((f) => f.endsWith('.sql')).sort().map((f) => join(dir, f));

/** The platform's SQL and every migration before `migration`, each in its own transaction (as migrate.ts runs them). */
export async function migrateBefore(db: Db, migration: string): Promise<void> {
  const files = [...(await sqlFiles('local/sql')), ...(await sqlFiles('migrations')).filter((f) => f < join('migrations', migration))];
  for (const file of files) await runFile(db, file);
}

export async function runFile(db: Db, file: string): Promise<void> {
  const sql = await readFile(join(PROJECT_DIR, file), 'utf8');
  await db.transaction((tx) => tx.exec(sql));
}

/** Everything, with the seed: the state of a new local stack. */
export const migrateAll = (db: Db) => migrate(db, { projectDir: PROJECT_DIR, seed: true });

export interface CheckConstraint {
  table: string;
  name: string;
  /** pg_get_constraintdef: CHECK (...) [NOT VALID] */
  definition: string;
  validated: boolean;
}

export async function checkConstraints(db: Db): Promise<CheckConstraint[]> {
  const { rows } = await db.query<CheckConstraint>(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition, k.convalidated as validated
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'c' and n.nspname = 'public' and c.relname = any($1)
      order by k.conname`,
    [RULE_TABLES],
  );
  return rows;
}

export interface RuleTrigger {
  table: string;
  name: string;
  /** AFTER, FOR EACH ROW, on INSERT and UPDATE */
  afterRowInsertUpdate: boolean;
  /** the source of its function */
  source: string;
  /** the rule names its function raises (the quoted names in its source) */
  rules: string[];
}

/** The `<table>_rules` triggers of the rule tables. */
export async function ruleTriggers(db: Db): Promise<RuleTrigger[]> {
  const { rows } = await db.query<{ table: string; name: string; type: number; source: string }>(
    `select c.relname as table, t.tgname as name, t.tgtype::int as type, p.prosrc as source
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and n.nspname = 'public' and c.relname = any($1) and t.tgname = c.relname || '_rules'
      order by t.tgname`,
    [RULE_TABLES],
  );
  // pg_trigger.tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update
  return rows.map((r) => ({
    table: r.table,
    name: r.name,
    afterRowInsertUpdate: (r.type & 0b11111) === (1 | 4 | 16),
    source: r.source,
    rules: [...r.source.matchAll(/'(webshop_[a-z0-9_]+)'/gu)].map((m) => m[1]!),
  }));
}

/**
 * Every stored row of the rule tables written again, as new rows, inside a transaction that is
 * rolled back: the CHECKs and every rule of the triggers judge all of it (the triggers judge
 * what an insert sets). Resolves when all rows pass; rejects with the first violation.
 */
export async function rewriteAll(db: Db): Promise<void> {
  const done = new Error('rolled back');
  const run = db.transaction(async (tx) => {
    for (const table of RULE_TABLES) await tx.exec(`create temp table copy_${table} on commit drop as select * from public.${table}`);
    await tx.exec('delete from public.webshop_customers'); // the lists go with it (on delete cascade)
    for (const table of RULE_TABLES) {
      const { rows } = await tx.query<{ column: string }>(
        `select column_name as column from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      );
      const columns = rows.map((r) => r.column).join(', ');
      await tx.exec(`insert into public.${table} (${columns}) select ${columns} from copy_${table}`);
    }
    throw done;
  });
  await run.catch((error: unknown) => {
    if (error !== done) throw error;
  });
}

/** Writable text columns (not generated) of the rule tables. */
export async function textColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const { rows } = await db.query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and table_name = any($1) and data_type = 'text' and is_generated = 'NEVER'
      order by table_name, ordinal_position`,
    [RULE_TABLES],
  );
  return rows;
}
