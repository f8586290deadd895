// PGlite (Postgres in WASM) behind the Db seam: the default database of the local stack,
// persisted in a data folder, or in memory when dataDir is null (tests). A data folder is
// locked before it is opened and until it is closed (data-dir-lock.ts): one owner at a time.
import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db, DbSession, QueryResult } from './db.ts';
import { preparedRunner, type PreparedRunner } from './pglite-prepared.ts';

function session(target: PGlite | Transaction, onExec: () => Promise<void> | void = () => {}, prepared?: PreparedRunner): DbSession {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      if (prepared) return prepared.query<T>(sql, params);
      const r = await target.query<T>(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields };
    },
    async exec(sql: string) {
      await target.exec(sql);
      await onExec();
    },
  };
}

async function createPglite(dataDir: string | null): Promise<{ pg: PGlite; release: () => Promise<void> }> {
  const extensions = { pgcrypto, pg_trgm };
  if (!dataDir) return { pg: await PGlite.create(undefined, { extensions }), release: async () => {} };
  const lock = await lockDataDir(dataDir);
  try {
    await mkdir(dataDir, { recursive: true });
    return { pg: await PGlite.create(dataDir, { extensions }), release: () => lock.release() };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** PGlite in `dataDir` (locked; DataDirLockedError when another process has it), or in memory when null. */
export async function openPglite(dataDir: string | null): Promise<Db> {
  const { pg, release } = await createPglite(dataDir);
  // PGlite learns the array types once, at start; after DDL (migrations may create enums
  // or tables) it must learn them again so arrays of those types parse as JS arrays, as
  // the PostgreSQL adapter does.
  const base = session(pg, () => pg.refreshArrayTypes());
  // Statements inside transactions (every REST, auth and realtime request) run as named
  // prepared statements; one-off queries outside keep PGlite's own path.
  const prepared = preparedRunner(pg);
  return {
    kind: 'pglite',
    ...base,
    async transaction(fn) {
      let ranExec = false;
      const result = await pg.transaction((tx) =>
        fn(
          session(
            tx,
            () => {
              ranExec = true;
            },
            prepared,
          ),
        ),
      );
      if (ranExec) await pg.refreshArrayTypes();
      return result;
    },
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return unlisten;
    },
    async close() {
      try {
        await pg.close();
      } finally {
        await release();
      }
    },
  };
}
