// A real PostgreSQL server behind the Db seam (DATABASE_URL), with node-postgres.
//
// Values come back as the same JS types PGlite gives, so the services above the seam see
// identical rows from both databases. PGlite's own parsers are reused for that:
//   int2/int4/oid/float4/float8 -> number; int8 -> number, or bigint beyond 2^53;
//   numeric, money, time, interval, uuid, inet, ... -> string (exact text of Postgres);
//   date/timestamp/timestamptz -> Date (±Infinity for 'infinity'); json/jsonb -> parsed;
//   bool -> boolean; bytea -> Uint8Array; arrays of any type -> JS arrays of those values.
// Sessions use PGlite's settings (TimeZone UTC, DateStyle ISO, IntervalStyle postgres,
// extra_float_digits 1), so text and JSON built in SQL read the same on both.
// Parameters are sent as PGlite sends them for strings, numbers, booleans, null, Date
// (ISO string) and plain objects (JSON); pass JSON values as JSON.stringify strings when
// the parameter is a JS array meant for a json/jsonb column (node-postgres turns JS arrays
// into Postgres array literals, PGlite decides by the parameter's type).
import pg from 'pg';
import { types as pgliteTypes } from '@electric-sql/pglite';
import type { Db, DbSession, QueryResult } from './db.ts';

type Parser = (text: string) => unknown;
const identity: Parser = (text) => text;
const basicParsers = pgliteTypes.parsers as Record<number, Parser>;

/** The session settings PGlite runs with; applied to every connection. */
const SESSION_SETTINGS = `set time zone 'UTC'; set datestyle = 'ISO, MDY'; set intervalstyle = 'postgres'; set extra_float_digits = 1`;

/** PGlite's rule for channel names: quoted keeps case, unquoted folds to lower case. */
function toPostgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function prepareParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

/** node-postgres results -> the seam's QueryResult, affectedRows counted as PGlite does. */
function toResult<T>(r: pg.QueryResult): QueryResult<T> {
  const changes = r.command === 'INSERT' || r.command === 'UPDATE' || r.command === 'DELETE' || r.command === 'MERGE';
  return {
    rows: r.rows as T[],
    affectedRows: changes ? (r.rowCount ?? 0) : 0,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

function session(client: pg.Pool | pg.PoolClient, types: pg.CustomTypesConfig): DbSession {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      // Extended protocol always (as PGlite): one statement per query, typed parameters.
      const config: pg.QueryConfig & { queryMode: 'extended' } = { text: sql, values: params.map(prepareParam), types, queryMode: 'extended' };
      const r = await client.query(config);
      return toResult<T>(r);
    },
    async exec(sql: string) {
      await client.query({ text: sql, types });
    },
  };
}

export async function openPostgres(databaseUrl: string): Promise<Db> {
  // Array types (including enums and tables created by migrations): array oid -> element oid.
  const arrayElements = new Map<number, number>();
  const parserFor = (oid: number): Parser => {
    const basic = basicParsers[oid];
    if (basic) return basic;
    const element = arrayElements.get(oid);
    if (element !== undefined) {
      const elementParser = basicParsers[element] ?? identity;
      return (text) => pgliteTypes.arrayParser(text, elementParser, oid);
    }
    return identity;
  };
  const types: pg.CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: string) => (format === 'binary' ? identity : parserFor(oid))) as pg.CustomTypesConfig['getTypeParser'],
  };

  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    // awaited by the pool before a new connection is handed out
    onConnect: async (client) => {
      await client.query(SESSION_SETTINGS);
    },
  });
  // A failing idle client (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[postgres] idle client error:', error.message));

  const refreshArrayTypes = async () => {
    const { rows } = await pool.query<{ oid: number; typarray: number }>(
      `select b.oid::int as oid, b.typarray::int as typarray
         from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
        where a.typcategory = 'A' group by b.oid, b.typarray`,
    );
    arrayElements.clear();
    for (const row of rows) arrayElements.set(Number(row.typarray), Number(row.oid));
  };
  await refreshArrayTypes();

  const base = session(pool, types);

  // LISTEN needs one connection that stays open; it is made on the first listen() and
  // re-made (with every channel listened again) when the server drops it.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: Promise<pg.Client> | null = null;
  let closed = false;
  const connectListener = (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: databaseUrl, types });
    client.on('notification', (msg) => {
      for (const cb of listeners.get(msg.channel) ?? []) queueMicrotask(() => cb(msg.payload ?? ''));
    });
    client.on('error', (error) => {
      console.error('[postgres] listen connection lost:', error.message);
      listenClient = null;
      client.end().catch(() => {});
      if (!closed && listeners.size > 0) {
        setTimeout(() => {
          if (!closed && !listenClient) listenClient = connectListener();
          listenClient?.catch((e: Error) => console.error('[postgres] listen reconnect failed:', e.message));
        }, 1000).unref();
      }
    });
    return client.connect().then(async () => {
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      return client;
    });
  };

  return {
    kind: 'postgres',
    query: base.query,
    async exec(sql) {
      await base.exec(sql);
      await refreshArrayTypes();
    },
    async transaction(fn) {
      const client = await pool.connect();
      let ranExec = false;
      const tx = session(client, types);
      const txSession: DbSession = {
        query: tx.query,
        async exec(sql) {
          ranExec = true;
          await tx.exec(sql);
        },
      };
      try {
        await client.query('begin');
        const result = await fn(txSession);
        await client.query('commit');
        client.release();
        if (ranExec) await refreshArrayTypes();
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
          client.release();
        } catch (rollbackError) {
          client.release(rollbackError as Error);
        }
        throw error;
      }
    },
    async listen(channel, onPayload) {
      const name = toPostgresName(channel);
      let set = listeners.get(name);
      const first = !set;
      if (!set) listeners.set(name, (set = new Set()));
      set.add(onPayload);
      try {
        if (!listenClient) listenClient = connectListener();
        const client = await listenClient;
        if (first) await client.query(`LISTEN ${quoteIdent(name)}`);
      } catch (error) {
        set.delete(onPayload);
        if (set.size === 0) listeners.delete(name);
        throw error;
      }
      return async () => {
        const current = listeners.get(name);
        if (!current?.delete(onPayload) || current.size > 0) return;
        listeners.delete(name);
        const client = await listenClient?.catch(() => null);
        await client?.query(`UNLISTEN ${quoteIdent(name)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      const client = await listenClient?.catch(() => null);
      listenClient = null;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
