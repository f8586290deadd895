// Sorts a request's query string into PostgREST's parts: select, filters (per embed path),
// and/or trees, order, limit/offset, columns, on_conflict, and plain key=value pairs
// (arguments of GET /rpc/fn). Keys ending in .order/.limit/.offset/.and/.or address an
// embedded resource (`items.order=id.desc`).
import { RestError, queryParamError } from './errors.ts';
import { parseColumns, parseFilterValue, parseLogic, parseOrder, parseTreePath } from './filter-parser.ts';
import { parseSelect } from './select-parser.ts';
import type { QueryParams, Range } from './types.ts';

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastSegment(key: string): string {
  const i = key.lastIndexOf('.');
  return i < 0 ? key : key.slice(i + 1);
}
function pathOf(key: string): string[] {
  const parts = key.split('.');
  parts.pop();
  return parts;
}

function nonNegativeInt(key: string, value: string): number {
  if (!/^\s*-?\d+\s*$/.test(value)) throw queryParamError(`"failed to parse ${key} parameter (${value})"`, 'expecting an integer');
  const n = Number(value);
  if (n < 0) {
    const details = key.endsWith('limit') ? 'Limit should be greater than or equal to zero.' : 'Offset should be greater than or equal to zero.';
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);
  }
  return n;
}

/**
 * @param rpcArgNames for GET/HEAD /rpc/fn: keys that name an argument of the function are
 * arguments even when their value looks like an operator expression.
 */
export function parseQueryParams(search: URLSearchParams, rpcArgNames: ReadonlySet<string> | null = null): QueryParams {
  const out: QueryParams = {
    select: parseSelect(search.get('select') ?? '*'),
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    columns: null,
    onConflict: null,
    plain: [],
  };
  const columns = search.get('columns');
  if (columns !== null) out.columns = parseColumns(columns, 'columns parameter');
  const onConflict = search.get('on_conflict');
  if (onConflict !== null) out.onConflict = parseColumns(onConflict, 'on_conflict parameter');

  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue;
    if (rpcArgNames?.has(key)) {
      out.plain.push([key, value]);
      continue;
    }
    const last = lastSegment(key);
    if (EMBEDDABLE.has(last) && key !== '') {
      if (value === '') continue;
      const parts = key.split('.');
      if (last === 'order') out.order.push({ path: pathOf(key), terms: parseOrder(value) });
      else if (last === 'limit') limits.set(pathOf(key).join('.'), nonNegativeInt(key, value));
      else if (last === 'offset') offsets.set(pathOf(key).join('.'), nonNegativeInt(key, value));
      else {
        const negated = parts.includes('not');
        const path = parts.slice(0, -1).filter((p) => p !== 'not');
        out.logic.push({ path, tree: parseLogic(negated ? `not.${last}` : last, value) });
      }
      continue;
    }
    if (value === '') continue;
    if (rpcArgNames) {
      // GET /rpc/fn: a value without an operator is an argument (PostgREST's NoOpExpr)
      try {
        const { path, field } = parseTreePath(key);
        out.filters.push({ path, filter: { field, expr: parseFilterValue(value) } });
      } catch (error) {
        if (!(error instanceof RestError) || error.code !== 'PGRST100') throw error;
        out.plain.push([key, value]);
      }
      continue;
    }
    const { path, field } = parseTreePath(key);
    out.filters.push({ path, filter: { field, expr: parseFilterValue(value) } });
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    const range: Range = { offset: offsets.get(key) ?? 0, limit: limits.get(key) ?? null };
    out.ranges.set(key, range);
  }
  return out;
}

/** The Range request header (`Range: 0-9`), applied to the root like limit/offset. */
export function rangeFromHeader(header: string | null): Range | null {
  if (!header) return null;
  const m = /^\s*(\d+)-(\d*)\s*$/.exec(header.replace(/^items=/, ''));
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from, limit: null };
  const to = Number(m[2]);
  if (to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  return { offset: from, limit: to - from + 1 };
}
