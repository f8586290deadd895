// Named prepared statements on PGlite, as PostgREST uses them on hosted Supabase
// (db-prepared-statements): each SQL text is parsed once, later runs only bind and execute,
// and Postgres may keep a generic plan. PGlite's own query() parses, describes, binds,
// describes and executes in five calls into the WASM backend for every run; planning a
// request's statement (embeds are joins) cost more than running it.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './db.ts';

interface Prepared {
  name: string;
  paramTypes: number[];
}

/** statements kept per database before the least recently used one is closed */
const MAX_STATEMENTS = 500;
/** statement names are unique in the process, so two runners on one PGlite never collide */
let lastId = 0;

export interface PreparedRunner {
  /** runs sql with params; the caller holds PGlite's transaction lock (inside pg.transaction) */
  query<T>(sql: string, params: unknown[]): Promise<QueryResult<T>>;
  /** how many statements are prepared now */
  readonly size: number;
}

export function preparedRunner(pg: PGlite, maxStatements = MAX_STATEMENTS): PreparedRunner {
  const statements = new Map<string, Prepared>();
  // several protocol messages in one call into the backend
  const send = (parts: Uint8Array[]) => pg.execProtocolStream(Buffer.concat(parts), { syncToFs: false });

  async function prepare(sql: string): Promise<Prepared> {
    const known = statements.get(sql);
    if (known) {
      // most recently used last, so eviction takes the oldest
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const name = `local_stack_${++lastId}`;
    const messages = await send([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]);
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, prepared);
    if (statements.size > maxStatements) {
      const [oldSql, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldSql);
      await send([protocol.serialize.close({ type: 'S', name: old.name }), protocol.serialize.sync()]);
    }
    return prepared;
  }

  return {
    get size() {
      return statements.size;
    },
    async query<T>(sql: string, params: unknown[]): Promise<QueryResult<T>> {
      return pg.runExclusive(async () => {
        const st = await prepare(sql);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[st.paramTypes[i] ?? 0];
          return serializer ? serializer(value) : String(value);
        });
        try {
          const messages = await send([
            protocol.serialize.bind({ statement: st.name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]);
          const result = parse.parseResults(messages, pg.parsers)[0];
          return { rows: (result?.rows ?? []) as T[], affectedRows: result?.affectedRows, fields: result?.fields };
        } catch (error) {
          // A table changed under a cached `select *` ("cached plan must not change result
          // type"): forget the statement so the next request prepares it again.
          if ((error as { code?: string }).code === '0A000') {
            statements.delete(sql);
            await send([protocol.serialize.close({ type: 'S', name: st.name }), protocol.serialize.sync()]).catch(() => {});
          }
          throw error;
        }
      });
    },
  };
}
