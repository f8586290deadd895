// Generated inputs for the fuzz tests (fast-check): query strings of PostgREST's select and
// filter grammar over the real tables (and names that do not exist), and request bodies of
// right and wrong types and sizes. Not a test file.
import fc from 'fast-check';

/** Tables of the schema with some of their columns and relationships, plus a name that is none. */
export const TABLES: Record<string, { columns: string[]; rels: string[] }> = {
  pharmindex: { columns: ['pharmacode', 'prdno', 'dscrd', 'dscrf', 'nincd', 'qty', 'qtyu', 'sloplus', 'atc', 'gencd'], rels: ['pharmindex_product', 'pharmindex_prices', 'pharmindex_images'] },
  pharmindex_product: { columns: ['prdno', 'dose', 'doseu'], rels: ['pharmindex'] },
  pharmindex_prices: { columns: ['pharmacode', 'price'], rels: ['pharmindex'] },
  pharmindex_insurance: { columns: ['id', 'descr1', 'descr2'], rels: [] },
  webshop_customers: { columns: ['id', 'first_name', 'last_name', 'gender', 'birthday', 'language', 'created_at'], rels: ['webshop_customer_address', 'webshop_customer_medication', 'webshop_order'] },
  webshop_customer_address: { columns: ['id', 'customer_id', 'street', 'street_nr', 'address2', 'zip', 'city', 'phone'], rels: ['webshop_customers'] },
  webshop_customer_medication: { columns: ['id', 'customer_id', 'medication_id', 'dosage', 'expires_at', 'single_use', 'used'], rels: ['webshop_customers', 'pharmindex'] },
  webshop_order: { columns: ['id', 'customer_id', 'status', 'parent', 'comment', 'zip', 'city', 'idempotency_key'], rels: ['webshop_order_item', 'children', 'webshop_order', 'webshop_customers'] },
  webshop_order_item: { columns: ['id', 'order_id', 'pharmacode', 'amount'], rels: ['webshop_order'] },
  no_such_table: { columns: ['a', 'b'], rels: ['pharmindex'] },
};

const ALL_COLUMNS = [...new Set(Object.values(TABLES).flatMap((t) => t.columns))];
const ALL_RELS = Object.keys(TABLES).concat(['children', 'parent']);

/** Identifiers: real names, names of other tables, odd but legal ones, and junk with grammar characters. */
const identifier = (names: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 2, arbitrary: fc.constantFrom(...ALL_COLUMNS) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z_][a-z0-9_$ -]{0,12}$/) },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'abc"\\()!:,.*->_ %\'é'), maxLength: 10 }).map((s) => s || 'x') },
  );

const jsonPath = fc.array(fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(fc.stringMatching(/^[a-z]{1,5}$/), fc.integer({ min: -3, max: 3 }).map(String))), { maxLength: 3 }).map((ops) => ops.map(([a, k]) => a + k).join(''));

const selectCache = new Map<string, fc.Arbitrary<string>>();

/** Built once per table and depth: arbitraries made inside `chain` for every value are slow. */
function selectItems(table: string, depth: number): fc.Arbitrary<string> {
  const key = `${table}:${depth}`;
  let arbitrary = selectCache.get(key);
  if (!arbitrary) selectCache.set(key, (arbitrary = buildSelectItems(table, depth)));
  return arbitrary;
}

function buildSelectItems(table: string, depth: number): fc.Arbitrary<string> {
  const t = TABLES[table] ?? { columns: ALL_COLUMNS, rels: ALL_RELS };
  const column = fc
    .tuple(fc.option(fc.stringMatching(/^[a-z]{1,6}$/), { nil: undefined }), identifier(t.columns), jsonPath, fc.option(fc.constantFrom('text', 'int', 'jsonb', 'numeric', 'date', 'nonsense', 'int[]'), { nil: undefined }))
    .map(([alias, name, path, cast]) => `${alias ? `${alias}:` : ''}${name}${path}${cast ? `::${cast}` : ''}`);
  const item: fc.Arbitrary<string> =
    depth <= 0
      ? fc.oneof(fc.constant('*'), column)
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant('*') },
          { weight: 4, arbitrary: column },
          {
            weight: 3,
            arbitrary: fc
              .tuple(
                fc.constantFrom('', '...', 'al:'),
                fc.constantFrom(...(t.rels.length ? t.rels : ALL_RELS)),
                fc.constantFrom('', '!inner', '!left', '!fk_hint', '!customer_id'),
              )
              .chain(([prefix, rel, hint]) => selectItems(TABLES[rel] ? rel : table, depth - 1).map((inner) => `${prefix}${rel}${hint}(${inner})`)),
          },
        );
  return fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(','));
}

const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'in', 'cs', 'cd', 'ov', 'fts', 'plfts', 'isdistinct', 'sl', 'adj', 'nope'];

const filterValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'null', 'true', 'not_null', 'abc*', '%_\\', '2026-01-01', '(1,2)', '{1,2}', '"quoted,value"', '9999999999999999999999', '[', 'é✓'),
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
  fc.uuid(),
);

function filter(table: string): fc.Arbitrary<[string, string]> {
  const t = TABLES[table] ?? { columns: ALL_COLUMNS, rels: ALL_RELS };
  const opExpr = fc
    .tuple(fc.boolean(), fc.constantFrom(...OPERATORS), fc.constantFrom('', '(any)', '(all)', '(english)'), filterValue)
    .map(([not, op, mod, value]) => `${not ? 'not.' : ''}${op}${mod}.${op === 'in' ? `(${value},${value})` : value}`);
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(identifier(t.columns), opExpr) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...t.rels, 'x').map((r) => `${r}.${t.columns[0] ?? 'id'}`), opExpr) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('or', 'and', 'not.or'), fc.array(fc.tuple(identifier(t.columns), opExpr).map(([c, e]) => `${c}.${e}`), { minLength: 1, maxLength: 3 }).map((xs) => `(${xs.join(',')})`)) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('order'), fc.tuple(identifier(t.columns), fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.sideways')).map(([c, d]) => c + d)) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('limit', 'offset', 'x.limit'), fc.oneof(fc.integer({ min: -5, max: 5000 }).map(String), fc.constantFrom('1e9', 'abc', '', '99999999999999999999'))) },
  );
}

function readOf(table: string) {
  return fc.record({
    table: fc.constant(table),
    select: fc.oneof({ weight: 5, arbitrary: selectItems(table, 2) }, { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'a*(),:!.->_"'), maxLength: 30 }) }),
    params: fc.array(filter(table), { maxLength: 4 }),
    // most reads ask for a page: the grammar is under test, not how fast 1000 rows serialise
    page: fc.oneof({ weight: 4, arbitrary: fc.constant<[string, string][]>([['limit', '20']]) }, { weight: 1, arbitrary: fc.constant<[string, string][]>([]) }),
  }).map(({ page, ...r }) => ({ ...r, params: [...page, ...r.params] }));
}

/** A REST read: table, select=, and filter/modifier pairs. */
export const readRequest = fc.oneof(...Object.keys(TABLES).map(readOf));

/** A JSON value of any type, sometimes large. */
export const anyJson = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5000), 1e308, -1e308, 2 ** 53 + 1, '\u0000', '💊', '2026-02-30', '1970-01-01T00:00:00Z', '') },
  { weight: 1, arbitrary: fc.array(fc.integer(), { maxLength: 50 }) },
);

/** A text of one repeated character, of a length around the form rules' limits (3, 20, 50, 100, 200, 2000) or far beyond. */
const textOfLength = fc
  .tuple(fc.oneof({ weight: 6, arbitrary: fc.nat({ max: 2100 }) }, { weight: 1, arbitrary: fc.constantFrom(1_000_000) }), fc.constantFrom('x', ' ', '1', 'é', '\u00a0'))
  .map(([n, c]) => c.repeat(n));

/**
 * What a patient (or an attacker) may put into a form field (spec §5): short texts, digits with
 * spaces, phone spellings (+41, 0041), card numbers, white space only, texts around the length
 * limits, numbers around the ranges, lists of pharmacodes, dates, and the valid words of
 * the closed lists.
 */
export const formValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9 ]{0,24}$/) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('+41', '0041', '0', '', '+49'), fc.stringMatching(/^[0-9 \u00a0]{0,14}$/)).map(([a, b]) => a + b) },
  { weight: 2, arbitrary: textOfLength },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '8075', '80756012340012345678', '8075 6012 3400 1234 5678', '8075601234001234567', '\t', '\u3000', 'CSS', 'Erfundene Kasse',
      'gz-aarepark', 'nowhere', 'post', 'email', 'espace', 'de', 'fr', 'xx', '8500', 'abcd', '2099-01-01', '1800-01-01', '1970-05-17',
    ),
  },
  { weight: 2, arbitrary: fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double({ min: -1, max: 1000, noNaN: true }), fc.constantFrom(0, 1, 29.9, 30, 250, 251, 400, 400.1, 1e308)) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(712345, 767890, 1, 0, -1), fc.integer()), { maxLength: 110 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [[712345]], [712345, null]) },
);

/** A row for a table: real columns (sometimes other keys) with values of any type (or those `values` gives). */
export function row(columns: string[], values: fc.Arbitrary<unknown> = anyJson): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...columns) }, { weight: 1, arbitrary: fc.stringMatching(/^[a-z_]{1,8}$/) }), values, { maxKeys: 4 });
}

/** Rows sharing their keys (PostgREST requires it), each value of any type (or those `values` gives), so some rows fail. */
export function rows(columns: string[], values: fc.Arbitrary<unknown> = anyJson): fc.Arbitrary<Record<string, unknown>[]> {
  return fc
    .uniqueArray(fc.constantFrom(...columns), { minLength: 1, maxLength: 4 })
    .chain((keys) => fc.array(fc.tuple(...keys.map(() => values)).map((vs) => Object.fromEntries(keys.map((k, i) => [k, vs[i]]))), { minLength: 1, maxLength: 5 }));
}
