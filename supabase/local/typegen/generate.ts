// Generates src/data/database.types.ts from the migrations alone: a throwaway in-memory
// PGlite, the local platform SQL and supabase/migrations (no seed), then pg_catalog.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { introspect } from './introspect.ts';
import { renderDatabaseTypes } from './render.ts';

const SUPABASE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TYPES_FILE = resolve(SUPABASE_DIR, '..', 'src', 'data', 'database.types.ts');

/** The text of database.types.ts for schema `public` (config.toml [api] schemas). */
export async function generateDatabaseTypes(schema = 'public'): Promise<string> {
  const db = await openPglite(null);
  try {
    await migrate(db, { projectDir: SUPABASE_DIR, seed: false });
    return renderDatabaseTypes(await introspect(db, schema));
  } finally {
    await db.close();
  }
}
