// The view of a synced table: what its module declares a screen reads (`readAhead`, decision
// 0037), live from the mirror and, at a returning patient's start, read ahead by the route
// (`tableReadAhead` in its RouteDef.readAhead). The recipe for a new table needs no hook of its own
// (src/data/README.md, "Adding a synced table").
import type { LocalDb } from '../local/local-db';
import { tableQuery, type MirrorQuery } from '../local/mirror-query';
import { readAhead, type ReadAhead } from '../local/read-ahead';
import { syncedTable } from '../tables/synced-tables';
import type { Row } from '../tables/table-declaration';
import { useMirrorQuery } from './use-mirror-query';

/**
 * The query of what a table's module declares a screen reads (its `readAhead`): every row of the
 * patient as stored (`Row[]`, the default) unless the module declares another read — then `T` is
 * what that read answers (the registry holds reads of any answer).
 */
export function tableRowsQuery<T = Row[]>(name: string): MirrorQuery<T> {
  const read = syncedTable(name).readAhead;
  if (!read) throw new Error(`${name} is not a table mirrored apart`);
  return tableQuery(read) as MirrorQuery<T>;
}

/** A route's read ahead of these tables (RouteDef.readAhead). */
export const tableReadAhead =
  (...names: string[]): ReadAhead =>
  async (reads) =>
    void (await Promise.all(names.map((name) => readAhead(tableRowsQuery(name), reads))));

/** The table's rows as its module declares a screen reads them, live; undefined while the first read runs. */
export function useTableRows<T = Row[]>(name: string, db?: LocalDb): T | undefined {
  return useMirrorQuery(tableRowsQuery<T>(name), db);
}
