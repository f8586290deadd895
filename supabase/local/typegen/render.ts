// Renders the introspected schema as the Supabase CLI's `gen types typescript` does
// (postgres-meta's https://github.com/supabase/postgres-meta/blob/HEAD/src/server/templates/typescript.ts):
// names in locale order, Row with every column, Insert optional where the database fills the
// value (nullable, default, identity), Update all optional, foreign keys as Relationships,
// functions with Args and Returns (set-returning ones as arrays, SetofOptions when they return table rows).
// Not rendered: overloads that PostgREST cannot tell apart (the CLI marks them as errors) and
// relationships that pass through views.
import { helperTypes, JSON_TYPE } from './helper-types.ts';
import type { Column, FunctionArg, PgFunction, PgType, Relation, SchemaMeta } from './introspect.ts';
import { array, atom, literal, nullable, object, printMember, propertyKey, tuple, union, type Member, type TsType } from './ts-print.ts';

const byName = <T>(key: (t: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b), 'en');
const EMPTY: Member[] = [{ key: '[_ in never]', type: atom('never'), verbatim: true }];
const orNever = (members: Member[]) => object(members.length > 0 ? members : EMPTY);

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  ...Object.fromEntries(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].map((t) => [t, 'number'])),
  ...Object.fromEntries(
    ['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector', 'interval'].map((t) => [t, 'string']),
  ),
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
};

// a PostgREST-callable function: its parameters are named, or it takes one unnamed json, jsonb,
// text or table-row parameter (JSON_TYPES: the oids of json, jsonb and text)
const JSON_TYPES = new Set([114, 3802, 25]);

export function renderDatabaseTypes(meta: SchemaMeta): string {
  const { schema } = meta;
  const typesById = new Map(meta.types.map((t) => [t.id, t]));
  const relations = [...meta.relations].sort(byName((r) => r.name));
  const relationById = new Map(relations.map((r) => [r.id, r]));
  const columnsOf = (id: number) => meta.columns.filter((c) => c.tableId === id).sort(byName((c) => c.name));
  const schemaTypes = meta.types.filter((t) => t.schema === schema).sort(byName((t) => t.name));
  const enums = schemaTypes.filter((t) => t.enumValues.length > 0);
  const composites = schemaTypes.filter((t) => t.attributes.length > 0);
  const ref = (...path: string[]) => atom(`Database${path.map((p) => `[${JSON.stringify(p)}]`).join('')}`);

  function tsType(name: string): TsType {
    if (name in SCALARS) return atom(SCALARS[name]!);
    if (name.startsWith('_')) return array(tsType(name.slice(1)));
    const named = meta.types.filter((t) => t.name === name);
    const pick = (list: PgType[]) => list.find((t) => t.schema === schema) ?? list[0];
    const enumType = pick(named.filter((t) => t.enumValues.length > 0));
    if (enumType) return enumType.schema === schema ? ref(schema, 'Enums', name) : union(...enumType.enumValues.map(literal));
    const composite = pick(named.filter((t) => t.attributes.length > 0));
    if (composite) return composite.schema === schema ? ref(schema, 'CompositeTypes', name) : atom('unknown');
    const relation = relations.find((r) => r.name === name);
    if (relation) return ref(schema, relation.kind === 'view' ? 'Views' : 'Tables', name, 'Row');
    return atom('unknown');
  }
  const typeOfId = (id: number) => {
    const type = typesById.get(id);
    return type ? tsType(type.name) : atom('unknown');
  };
  const column = (c: Column, optional: boolean, forceNullable = false): Member => ({
    key: c.name,
    optional,
    type: c.nullable || forceNullable ? nullable(tsType(c.format)) : tsType(c.format),
  });
  const never = (c: Column): Member => ({ key: c.name, optional: true, type: atom('never') });

  // functions PostgREST can call, with their input arguments (sorted by name, as the CLI does)
  const rowTypeOf = (typeId: number) => {
    const type = typesById.get(typeId);
    return type?.relationId ? type : undefined;
  };
  const functions = meta.functions
    .map((fn) => ({ fn, args: [...fn.args].sort(byName((a) => a.name)) }))
    .map(({ fn, args }) => ({ fn, args, inArgs: args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic') }))
    .filter(({ inArgs }) => {
      const unnamed = inArgs.filter((a) => a.name === '');
      return (
        unnamed.length === 0 ||
        unnamed.every((a) => a.hasDefault && JSON_TYPES.has(a.typeId)) ||
        (inArgs.length === 1 && (JSON_TYPES.has(inArgs[0]!.typeId) || rowTypeOf(inArgs[0]!.typeId) !== undefined))
      );
    })
    .sort((a, b) => byName<PgFunction>((f) => f.name)(a.fn, b.fn));

  const returnRelationName = (fn: PgFunction): string | null => {
    if (!fn.returnRelationId) return null;
    const relation = relationById.get(fn.returnRelationId);
    if (relation) return relation.name;
    return rowTypeOf(fn.returnTypeId)?.name ?? null;
  };

  function returnType(fn: PgFunction, args: FunctionArg[]): TsType {
    const tableArgs = args.filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) return object(tableArgs.map((a) => ({ key: a.name, type: typeOfId(a.typeId) })));
    const relation = fn.returnRelationId ? relationById.get(fn.returnRelationId) : undefined;
    if (relation) return object(columnsOf(relation.id).map((c) => column(c, false)));
    return typeOfId(fn.returnTypeId);
  }

  function signature({ fn, args, inArgs }: (typeof functions)[number]): TsType {
    if (inArgs.length === 1 && inArgs[0]!.name === '' && rowTypeOf(inArgs[0]!.typeId) && !returnRelationName(fn)) {
      // the CLI types such a function as an error; failing beats a file that differs from it
      throw new Error(`gen:types: ${schema}.${fn.name} takes a row but returns no rows; this generator does not render it`);
    }
    const argsType = inArgs.length === 0 ? atom('never') : object(inArgs.map((a) => ({ key: a.name, optional: a.hasDefault, type: typeOfId(a.typeId) })), false);
    const to = returnRelationName(fn);
    const many = fn.rows !== null && fn.rows > 1;
    let setof: Member[] = [];
    const setofOptions = (from: string, isOneToOne: boolean, isSetofReturn: boolean): Member[] => [
      {
        key: 'SetofOptions',
        type: object([
          { key: 'from', type: literal(from) },
          { key: 'to', type: literal(to!) },
          { key: 'isOneToOne', type: atom(String(isOneToOne)) },
          { key: 'isSetofReturn', type: atom(String(isSetofReturn)) },
        ]),
      },
    ];
    if (to) setof = setofOptions('*', !many, fn.setReturning);
    const source = args.length === 1 ? rowTypeOf(args[0]!.typeId) : undefined;
    if (to && source) {
      const setOfRows = fn.setReturning && fn.returnRelationId !== null;
      setof = setOfRows ? setofOptions(source.format, !many, true) : setofOptions(source.format, true, false);
    }
    // a ROWS 1 estimate returns one row only where SetofOptions lets postgrest-js know it
    const single = !many && to !== null;
    const returns = returnType(fn, args);
    return object(
      [{ key: 'Args', type: argsType }, { key: 'Returns', type: fn.setReturning && !single ? array(returns) : returns }, ...setof],
      false,
    );
  }

  // computed fields: a function of one unnamed row argument shows as a column of that row
  const computedFields = (relation: Relation): Member[] =>
    functions.filter(({ fn }) => fn.argumentTypes === relation.name).map(({ fn, args }) => ({ key: fn.name, type: nullable(returnType(fn, args)) }));

  const relationships = (relation: Relation) =>
    tuple(
      meta.foreignKeys
        .filter((fk) => fk.relation === relation.name && fk.referencedSchema === schema)
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name, 'en') ||
            a.referencedRelation.localeCompare(b.referencedRelation, 'en') ||
            JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns), 'en'),
        )
        .map((fk) =>
          object([
            { key: 'foreignKeyName', type: literal(fk.name) },
            { key: 'columns', type: tuple(fk.columns.map(literal)) },
            { key: 'isOneToOne', type: atom(String(fk.oneToOne)) },
            { key: 'referencedRelation', type: literal(fk.referencedRelation) },
            { key: 'referencedColumns', type: tuple(fk.referencedColumns.map(literal)) },
          ]),
        ),
    );

  const table = (r: Relation): Member => {
    const cols = columnsOf(r.id);
    const writable = (optional: (c: Column) => boolean) => object(cols.map((c) => (c.identity === 'always' ? never(c) : column(c, optional(c)))));
    return {
      key: r.name,
      type: object([
        { key: 'Row', type: object([...cols.map((c) => column(c, false)), ...computedFields(r)]) },
        { key: 'Insert', type: writable((c) => c.nullable || c.identity !== null || c.hasDefault) },
        { key: 'Update', type: writable(() => true) },
        { key: 'Relationships', type: relationships(r) },
      ]),
    };
  };

  const view = (r: Relation): Member => {
    const cols = columnsOf(r.id);
    const writable = object(cols.map((c) => (c.updatable ? column(c, true, true) : never(c))));
    return {
      key: r.name,
      type: object([
        { key: 'Row', type: object([...cols.map((c) => column(c, false)), ...computedFields(r)]) },
        ...(r.updatable ? [{ key: 'Insert', type: writable }, { key: 'Update', type: writable }] : []),
        { key: 'Relationships', type: relationships(r) },
      ]),
    };
  };

  const signaturesByName = new Map<string, TsType[]>();
  for (const entry of [...functions].sort((a, b) => a.fn.argumentTypes.localeCompare(b.fn.argumentTypes, 'en') || a.fn.returnType.localeCompare(b.fn.returnType, 'en'))) {
    signaturesByName.set(entry.fn.name, [...(signaturesByName.get(entry.fn.name) ?? []), signature(entry)]);
  }

  const schemaType = object([
    { key: 'Tables', type: orNever(relations.filter((r) => r.kind === 'table').map(table)) },
    { key: 'Views', type: orNever(relations.filter((r) => r.kind === 'view').map(view)) },
    { key: 'Functions', type: orNever([...signaturesByName].sort(byName(([name]) => name)).map(([key, sigs]) => ({ key, type: union(...sigs) }))) },
    { key: 'Enums', type: orNever(enums.map((e) => ({ key: e.name, type: union(...e.enumValues.map(literal)) }))) },
    {
      key: 'CompositeTypes',
      type: orNever(composites.map((c) => ({ key: c.name, type: object(c.attributes.map((a) => ({ key: a.name, type: nullable(typeOfId(a.typeId)) }))) }))),
    },
  ]);

  const constants = enums.length === 0 ? '{}' : `{\n${enums.map((e) => `      ${propertyKey(e.name)}: [${e.enumValues.map((v) => JSON.stringify(v)).join(', ')}],`).join('\n')}\n    }`;
  return [
    JSON_TYPE,
    `export type Database = {\n${printMember({ key: schema, type: schemaType }, 2)}\n}\n`,
    helperTypes(schema),
    `export const Constants = {\n  ${schema}: {\n    Enums: ${constants},\n  },\n} as const\n`,
  ].join('\n');
}
