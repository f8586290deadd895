// The one database seam of the local stack: PGlite (default) and PostgreSQL (DATABASE_URL)
// both implement it, so every service (auth, rest, realtime, functions) runs the same SQL.

export interface QueryResult<T> {
  rows: T[];
  /** rows touched by INSERT/UPDATE/DELETE, when the driver reports it */
  affectedRows?: number;
  fields?: { name: string; dataTypeID: number }[];
}

export interface DbSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** several statements, no parameters (migrations, seed) */
  exec(sql: string): Promise<void>;
}

export interface Db extends DbSession {
  readonly kind: 'pglite' | 'postgres';
  /** runs fn inside BEGIN/COMMIT on one connection; ROLLBACK when fn throws */
  transaction<T>(fn: (tx: DbSession) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns the unlisten function */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Runs fn as PostgREST does: one transaction with `role` and `request.jwt.claims` set locally,
 * so RLS in Postgres is the only authorisation. claims = null means the anon role.
 */
export async function asRole<T>(
  db: Db,
  claims: Record<string, unknown> | null,
  fn: (tx: DbSession) => Promise<T>,
): Promise<T> {
  const role = typeof claims?.role === 'string' ? claims.role : 'anon';
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true)`,
      [role, JSON.stringify(claims ?? { role: 'anon' }), typeof claims?.sub === 'string' ? claims.sub : ''],
    );
    return fn(tx);
  });
}
