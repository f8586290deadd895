// Fan-out of captured changes to the joined channels: binding match (event, schema, table),
// filter on the changed row, RLS visibility per subscriber (visibility.ts), column
// privileges, then one postgres_changes message per channel carrying the ids of every
// binding of that channel that matched. Changes are handled one at a time, in commit order.
import type { Db } from '../db/db.ts';
import { decodeNotification, loadTableMeta, type Change, type Row, type TableMeta } from './capture.ts';
import type { FilterCondition } from './filter.ts';
import { matchesFilter, selectableColumns, visibleTo, type Claims } from './visibility.ts';

export interface Binding {
  id: number;
  /** '*' or INSERT / UPDATE / DELETE */
  event: string;
  /** a schema or '*' */
  schema: string;
  /** a table, or null for every table of the schema */
  table: string | null;
  filter: string | null;
  conditions: FilterCondition[];
  /** false when the binding could not be subscribed (unknown table or column, bad value) */
  active: boolean;
}

/** One joined channel as the delivery sees it. */
export interface Subscription {
  readonly topic: string;
  readonly claims: Claims;
  readonly bindings: readonly Binding[];
  isOpen(): boolean;
  send(payload: { ids: number[]; data: Record<string, unknown> }): void;
}

export interface Delivery {
  /** called with each NOTIFY payload */
  onNotify(payload: string): void;
  /** resolves when every change received so far has been handled */
  drain(): Promise<void>;
  forgetTables(): void;
}

const sameIdentity = (a: Claims, b: Claims) => a.role === b.role && a.sub === b.sub;

export function bindingMatches(b: Binding, change: Pick<Change, 'schema' | 'table' | 'type'>): boolean {
  if (!b.active) return false;
  if (b.event !== '*' && b.event !== change.type) return false;
  if (b.schema !== '*' && b.schema !== change.schema) return false;
  return b.table === null || b.table === '*' || b.table === change.table;
}

export function createDelivery(deps: {
  db: Db;
  subscriptions: () => Iterable<Subscription>;
  log?: (message: string, error?: unknown) => void;
}): Delivery {
  const { db, log = (m, e) => console.error(`[realtime] ${m}`, e ?? '') } = deps;
  const metas = new Map<string, TableMeta | null>();
  const columnsByRole = new Map<string, Set<string> | null>();
  let queue: Promise<void> = Promise.resolve();

  async function metaOf(change: Change): Promise<TableMeta | null> {
    const key = `${change.schema}.${change.table}`;
    let meta = metas.get(key);
    const row = change.record ?? change.old_record ?? {};
    const stale = meta && Object.keys(row).some((k) => !meta?.columns.some((c) => c.name === k));
    if (meta === undefined || stale) {
      meta = await loadTableMeta(db, change.schema, change.table);
      metas.set(key, meta);
      for (const k of columnsByRole.keys()) if (k.endsWith(`|${key}`)) columnsByRole.delete(k);
    }
    return meta;
  }

  async function columnsFor(meta: TableMeta, role: string) {
    const key = `${role}|${meta.schema}.${meta.table}`;
    if (!columnsByRole.has(key)) columnsByRole.set(key, await selectableColumns(db, meta, role));
    return columnsByRole.get(key) ?? null;
  }

  function pick(row: Row, keep: (name: string) => boolean): Row {
    return Object.fromEntries(Object.entries(row).filter(([k]) => keep(k)));
  }

  async function handle(change: Change) {
    const candidates: { sub: Subscription; bindings: Binding[] }[] = [];
    for (const sub of deps.subscriptions()) {
      if (!sub.isOpen()) continue;
      const bindings = sub.bindings.filter((b) => bindingMatches(b, change));
      if (bindings.length) candidates.push({ sub, bindings });
    }
    if (candidates.length === 0) return;
    const meta = await metaOf(change);
    if (!meta) return;

    // As hosted Realtime (realtime.apply_rls): a DELETE passes filters and row-level security
    // alike — every matching binding gets it, with the old row's primary key only when RLS is
    // on — so the app must ignore deletes of rows it does not hold. INSERT and UPDATE: filters on
    // the new row, then RLS per subscriber.
    const isDelete = change.type === 'DELETE';
    const filterResults = new Map<string, boolean>();
    const targets: { sub: Subscription; claims: Claims; ids: number[] }[] = [];
    for (const { sub, bindings } of candidates) {
      const ids: number[] = [];
      for (const b of bindings) {
        const key = b.filter ?? '';
        if (!isDelete && !filterResults.has(key)) filterResults.set(key, await matchesFilter(db, meta, change.record, b.conditions));
        if ((isDelete || filterResults.get(key)) && !ids.includes(b.id)) ids.push(b.id);
      }
      if (ids.length) targets.push({ sub, claims: sub.claims, ids });
    }
    if (targets.length === 0) return;

    // RLS, once per distinct set of claims
    const claimKeys = [...new Set(targets.map((t) => JSON.stringify(t.claims)))];
    const visible = isDelete ? claimKeys.map(() => true) : await visibleTo(db, meta, change, claimKeys.map((k) => JSON.parse(k) as Claims));
    const allowed = new Set(claimKeys.filter((_, i) => visible[i]));

    for (const t of targets) {
      if (!allowed.has(JSON.stringify(t.claims))) continue;
      if (!t.sub.isOpen() || !sameIdentity(t.sub.claims, t.claims)) continue;
      const role = typeof t.claims.role === 'string' ? t.claims.role : 'anon';
      const cols = await columnsFor(meta, role);
      // a role that may not select the table at all gets nothing of it (hosted: "401 Unauthorized")
      if (!cols || cols.size === 0) continue;
      t.sub.send({ ids: t.ids, data: payloadFor(change, meta, (name) => cols.has(name)) });
    }
  }

  function payloadFor(change: Change, meta: TableMeta, keep: (name: string) => boolean): Record<string, unknown> {
    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: meta.columns.filter((c) => keep(c.name)),
    };
    if (change.record && change.type !== 'DELETE') data.record = pick(change.record, keep);
    if (change.old_record && change.type !== 'INSERT') {
      // As Supabase: the whole old row with REPLICA IDENTITY FULL — unless row-level security is
      // on, which leaves its primary key only (as without REPLICA IDENTITY FULL).
      const whole = (meta.replicaIdentityFull && !meta.rlsEnabled) || meta.primaryKey.length === 0;
      const oldKeep = whole ? keep : (k: string) => keep(k) && meta.primaryKey.includes(k);
      data.old_record = pick(change.old_record, oldKeep);
    }
    data.errors = null;
    return data;
  }

  return {
    onNotify(payload) {
      const commitTimestamp = new Date().toISOString();
      queue = queue
        .then(async () => {
          const change = await decodeNotification(db, payload, commitTimestamp);
          if (change) await handle(change);
        })
        .catch((error) => log('delivery failed', error));
    },
    drain: () => queue,
    forgetTables() {
      metas.clear();
      columnsByRole.clear();
    },
  };
}
