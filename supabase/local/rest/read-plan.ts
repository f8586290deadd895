// Turns the parsed select tree plus filters, order and ranges into a tree of read nodes:
// one node per table or embedded resource, each knowing its relationship to its parent
// (PostgREST Plan.hs: addRels, addFilters, addOrders, addRanges).
import { RestError, undefinedColumn } from './errors.ts';
import { findRel, isToOne, type Relationship, type SchemaCache, type Table } from './schema-cache.ts';
import type { LogicTree, OrderTerm, QueryParams, Range, SelectItem } from './types.ts';

export interface ReadNode {
  /** SQL of the FROM item of this node: a table, the mutation CTE, a function call */
  from: string;
  /** table name used to find relationships and for messages; null when unknown (rpc scalar) */
  relName: string | null;
  /** columns to validate names against, when known */
  table: Table | null;
  /** SQL alias of the FROM item */
  alias: string;
  /** SQL alias of the lateral subquery that embeds this node into its parent */
  aggAlias: string;
  /** relation name as written in select= */
  name: string;
  /** key in the JSON output: the alias, else the name */
  outputName: string;
  hasAlias: boolean;
  fields: SelectItem[];
  children: ReadNode[];
  rel: Relationship | null;
  /** SQL alias of the parent's FROM item (the join condition refers to it) */
  joinParent: string | null;
  joinType: 'inner' | 'left';
  spread: boolean;
  where: LogicTree[];
  order: OrderTerm[];
  range: Range | null;
}

export interface RootSource {
  from: string;
  relName: string | null;
  table: Table | null;
}

class Counter {
  n = 0;
  next(): string {
    return `pgrst_${this.n++}`;
  }
}

function buildNode(cache: SchemaCache, items: SelectItem[], source: RootSource, meta: Partial<ReadNode>, counter: Counter): ReadNode {
  const alias = counter.next();
  const node: ReadNode = {
    from: source.from,
    relName: source.relName,
    table: source.table,
    alias,
    aggAlias: `${alias}_agg`,
    name: meta.name ?? source.relName ?? '',
    outputName: meta.outputName ?? meta.name ?? '',
    hasAlias: meta.hasAlias ?? false,
    fields: [],
    children: [],
    rel: meta.rel ?? null,
    joinParent: meta.joinParent ?? null,
    joinType: meta.joinType ?? 'left',
    spread: meta.spread ?? false,
    where: [],
    order: [],
    range: null,
  };
  for (const item of items) {
    if (item.kind !== 'relation') {
      if (item.kind === 'field' && node.table && !node.table.columns.has(item.field.name)) throw undefinedColumn(node.table.name, item.field.name);
      node.fields.push(item);
      continue;
    }
    if (node.relName === null) {
      throw new RestError(400, 'PGRST200', `Could not find a relationship between '${node.name}' and '${item.name}' in the schema cache`);
    }
    const rel = findRel(cache, node.relName, item.name, item.hint);
    if (item.spread && !isToOne(rel)) {
      throw new RestError(400, 'PGRST127', 'Feature not implemented', `Spreading the to-many relationship '${item.name}' is not supported by the local stack`);
    }
    const target = cache.tables.get(rel.ftable) ?? null;
    const child = buildNode(
      cache,
      item.children,
      {
        // a computed relationship calls fn(parent row); a foreign key joins the table (conditions in read-sql)
        from: rel.computed
          ? `${quoteQi(cache.schema, rel.computed.fn)}(${quoteIdent(alias)}::${quoteQi(cache.schema, rel.table)})`
          : quoteQi(cache.schema, rel.ftable),
        relName: rel.ftable,
        table: target,
      },
      {
        name: item.name,
        outputName: item.alias ?? item.name,
        hasAlias: item.alias !== null,
        rel,
        joinParent: alias,
        joinType: item.joinType ?? 'left',
        spread: item.spread,
      },
      counter,
    );
    node.children.push(child);
  }
  return node;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const quoteQi = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** The node an embed path (`items.product`) addresses; PGRST108 when it is not embedded. */
function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const step of path) {
    const next = node.children.find((c) => c.outputName === step);
    if (!next) {
      const byName = node.children.find((c) => c.name === step && c.hasAlias);
      throw new RestError(
        400,
        'PGRST108',
        `'${step}' is not an embedded resource in this request`,
        byName ? 'Target names are not allowed in filters if they have an alias' : null,
        byName ? `Change '${step}' to '${byName.outputName}' in filters, orders or limits.` : `Verify that '${step}' is included in the 'select' query parameter.`,
      );
    }
    node = next;
  }
  return node;
}

function checkField(node: ReadNode, name: string) {
  const isEmbed = node.children.some((c) => c.outputName === name);
  if (node.table && !isEmbed && !node.table.columns.has(name)) throw undefinedColumn(node.table.name, name);
}

function checkTree(node: ReadNode, tree: LogicTree) {
  if (tree.kind === 'filter') checkField(node, tree.filter.field.name);
  else tree.children.forEach((t) => checkTree(node, t));
}

export interface PlanOptions {
  /** false for mutations: root filters (and limit/offset) belong to the UPDATE/DELETE, not to the representation */
  rootFilters: boolean;
  rootRange: Range | null;
}

export function buildReadPlan(cache: SchemaCache, qp: QueryParams, source: RootSource, options: PlanOptions): ReadNode {
  const root = buildNode(cache, qp.select, source, { name: source.relName ?? '', outputName: source.relName ?? '' }, new Counter());
  for (const { path, filter } of qp.filters) {
    if (path.length === 0 && !options.rootFilters) continue;
    const node = findNode(root, path);
    checkField(node, filter.field.name);
    node.where.push({ kind: 'filter', filter });
  }
  for (const { path, tree } of qp.logic) {
    if (path.length === 0 && !options.rootFilters) continue;
    const node = findNode(root, path);
    checkTree(node, tree);
    node.where.push(tree);
  }
  for (const { path, terms } of qp.order) {
    const node = findNode(root, path);
    for (const term of terms) {
      if (term.relation === null) checkField(node, term.field.name);
      else {
        const child = node.children.find((c) => c.outputName === term.relation);
        if (!child || !child.rel || !isToOne(child.rel)) {
          throw new RestError(
            400,
            'PGRST118',
            `A related order on '${term.relation}' is not possible`,
            `'${node.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
      }
    }
    node.order.push(...terms);
  }
  for (const [key, range] of qp.ranges) {
    if (key === '') continue;
    findNode(root, key.split('.')).range = range;
  }
  root.range = options.rootFilters ? (qp.ranges.get('') ?? options.rootRange) : null;
  return root;
}
