// SQL for read nodes, shaped like PostgREST's QueryBuilder.readPlanToQuery: each embedded
// resource is a LEFT (or INNER) JOIN LATERAL subquery, to-many ones aggregated with
// json_agg, to-one ones turned into an object with row_to_json, so Postgres itself
// produces the whole JSON document with its own number and timestamp formatting.
import type { ReadNode } from './read-plan.ts';
import { isToOne } from './schema-cache.ts';
import { ident, Params, pgArrayLiteral, typeName } from './sql.ts';
import type { Field, LogicTree, OpExpr, OrderTerm } from './types.ts';

const QUANT_SQL: Record<string, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' };
const SIMPLE_SQL: Record<string, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const FTS_SQL: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS_SQL: Record<string, string> = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' };

/** "alias"."col"->'a'->>'b' with the JSON keys bound as parameters */
export function fieldSql(tableAlias: string, field: Field, p: Params): string {
  let sql = `${ident(tableAlias)}.${ident(field.name)}`;
  for (const op of field.path) sql += `${op.arrow}${p.add(op.key)}::${op.index ? 'int' : 'text'}`;
  return sql;
}

export function opExprSql(column: string, expr: OpExpr, p: Params): string {
  const o = expr.operation;
  let sql: string;
  switch (o.op) {
    case 'in':
      sql = o.values.length === 1 && o.values[0] === '' ? `${column} = ANY('{}')` : `${column} = ANY(${p.add(pgArrayLiteral(o.values))})`;
      break;
    case 'is':
      sql = `${column} IS ${IS_SQL[o.value]}`;
      break;
    case 'isdistinct':
      sql = `${column} IS DISTINCT FROM ${p.add(o.value)}`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts':
      sql = `${column} @@ ${FTS_SQL[o.op]}(${o.lang === null ? '' : `${p.add(o.lang)}::regconfig, `}${p.add(o.value)})`;
      break;
    case 'neq':
    case 'cs':
    case 'cd':
    case 'ov':
    case 'sl':
    case 'sr':
    case 'nxr':
    case 'nxl':
    case 'adj':
      sql = `${column} ${SIMPLE_SQL[o.op]} ${p.add(o.value)}`;
      break;
    default: {
      const value = o.op === 'like' || o.op === 'ilike' ? o.value.replace(/\*/g, '%') : o.value;
      const param = p.add(value);
      sql = `${column} ${QUANT_SQL[o.op]} ${o.quant ? `${o.quant.toUpperCase()}(${param})` : param}`;
    }
  }
  return expr.not ? `NOT (${sql})` : sql;
}

/** one where-tree over the FROM item `alias`; `embeds` are the node's embedded resources */
export function logicSql(alias: string, tree: LogicTree, p: Params, embeds: readonly ReadNode[] = []): string {
  if (tree.kind === 'expr') {
    const inner = tree.children.map((t) => logicSql(alias, t, p, embeds)).join(tree.op === 'and' ? ' AND ' : ' OR ');
    return `${tree.not ? 'NOT ' : ''}(${inner})`;
  }
  const { field, expr } = tree.filter;
  const embed = field.path.length === 0 ? embeds.find((c) => c.outputName === field.name) : undefined;
  if (embed && expr.operation.op === 'is' && (expr.operation.value === 'null' || expr.operation.value === 'not_null')) {
    // null filter on an embedded resource: `items=not.is.null` keeps rows that have some
    const agg = ident(embed.aggAlias);
    const value = embed.rel && isToOne(embed.rel) ? `row_to_json(${agg}.*)` : `${agg}.${agg}`;
    const isNull = (expr.operation.value === 'null') !== expr.not;
    return `${value} IS ${isNull ? '' : 'NOT '}NULL`;
  }
  return opExprSql(fieldSql(alias, field, p), expr, p);
}

function orderSql(node: ReadNode, term: OrderTerm, p: Params): string {
  const alias = term.relation === null ? node.alias : node.children.find((c) => c.outputName === term.relation)!.aggAlias;
  const dir = term.direction === 'desc' ? ' DESC' : term.direction === 'asc' ? ' ASC' : '';
  const nulls = term.nulls === 'nullsfirst' ? ' NULLS FIRST' : term.nulls === 'nullslast' ? ' NULLS LAST' : '';
  return `${fieldSql(alias, term.field, p)}${dir}${nulls}`;
}

/** the names a node contributes to its parent when spread (`...rel(a,b)`) */
function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  for (const item of node.fields) {
    if (item.kind === 'star') names.push(...(node.table ? node.table.columns.keys() : []));
    else if (item.kind === 'field') names.push(item.alias ?? item.field.path.at(-1)?.key ?? item.field.name);
  }
  for (const child of node.children) names.push(...(child.spread ? outputNames(child) : [child.outputName]));
  return names;
}

export interface NodeSqlOptions {
  /** SELECT 1 and no LIMIT/OFFSET: the count query of the root */
  count?: boolean;
}

export function nodeSql(node: ReadNode, p: Params, options: NodeSqlOptions = {}): string {
  const t = ident(node.alias);
  const selects: string[] = [];
  for (const item of node.fields) {
    if (item.kind === 'star') selects.push(`${t}.*`);
    else if (item.kind === 'field') {
      const expr = fieldSql(node.alias, item.field, p);
      const out = item.alias ?? item.field.path.at(-1)?.key ?? item.field.name;
      selects.push(`${item.cast ? `CAST(${expr} AS ${typeName(item.cast)})` : expr} AS ${ident(out)}`);
    }
  }
  if (node.fields.length === 0 && node.children.length === 0) selects.push(`${t}.*`);

  const joins: string[] = [];
  for (const child of node.children) {
    const agg = ident(child.aggAlias);
    const sub = nodeSql(child, p);
    const join = child.joinType === 'inner' ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
    if (child.rel && isToOne(child.rel)) {
      if (child.spread) selects.push(...outputNames(child).map((n) => `${agg}.${ident(n)}`));
      else selects.push(`row_to_json(${agg}.*) AS ${ident(child.outputName)}`);
      joins.push(`${join} (${sub}) AS ${agg} ON TRUE`);
    } else {
      selects.push(`COALESCE(${agg}.${agg}, '[]') AS ${ident(child.outputName)}`);
      const on = child.joinType === 'inner' ? `${agg} IS NOT NULL` : 'TRUE';
      joins.push(`${join} (SELECT json_agg(${agg}) AS ${agg} FROM (${sub}) AS ${agg}) AS ${agg} ON ${on}`);
    }
  }

  const conditions = node.where.map((tree) => logicSql(node.alias, tree, p, node.children));
  for (const [originCol, targetCol] of node.rel?.cols ?? []) {
    conditions.push(`${t}.${ident(targetCol)} = ${ident(node.joinParent ?? '')}.${ident(originCol)}`);
  }
  let sql = `SELECT ${options.count ? '1' : selects.join(', ')} FROM ${node.from} AS ${t}`;
  if (joins.length) sql += ` ${joins.join(' ')}`;
  if (conditions.length) sql += ` WHERE ${conditions.join(' AND ')}`;
  if (!options.count && node.order.length) sql += ` ORDER BY ${node.order.map((o) => orderSql(node, o, p)).join(', ')}`;
  if (!options.count && node.range) {
    if (node.range.limit !== null) sql += ` LIMIT ${node.range.limit}`;
    if (node.range.offset) sql += ` OFFSET ${node.range.offset}`;
  }
  return sql;
}
