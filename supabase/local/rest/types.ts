// The parsed form of a PostgREST request (mirrors PostgREST's ApiRequest/Types.hs).

export type JsonOp = { arrow: '->' | '->>'; key: string; index: boolean };

/** A column with an optional JSON path: data->a->>b */
export interface Field {
  name: string;
  path: JsonOp[];
}

export type SelectItem =
  | { kind: 'field'; field: Field; alias: string | null; cast: string | null }
  | { kind: 'star' }
  | {
      kind: 'relation';
      name: string;
      alias: string | null;
      hint: string | null;
      joinType: 'inner' | 'left' | null;
      spread: boolean;
      children: SelectItem[];
    };

export type SimpleOp = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type QuantOp = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsVal = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { op: SimpleOp; value: string }
  | { op: QuantOp; quant: 'any' | 'all' | null; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsVal }
  | { op: 'isdistinct'; value: string }
  | { op: FtsOp; lang: string | null; value: string };

export interface OpExpr {
  not: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree = { kind: 'filter'; filter: Filter } | { kind: 'expr'; not: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** set for `rel(col).desc`: order by a column of an embedded to-one resource */
  relation: string | null;
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'nullsfirst' | 'nullslast' | null;
}

export interface Range {
  offset: number;
  limit: number | null;
}

export interface QueryParams {
  select: SelectItem[];
  /** filters by embed path ([] = the root) */
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  /** keyed by the embed path joined with '.', '' = the root */
  ranges: Map<string, Range>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** key=value pairs without an operator (arguments of GET /rpc/fn) */
  plain: [string, string][];
}
