// issue 39 item 2, decision 0050: a synced table is one module. Each shipped table's name is
// written in src/ only in its module (src/data/tables/<table>.ts), in the generated types and in
// tests — never in an engine file (outbox, pull, realtime, the mirror, the hooks) or a feature,
// which reach the table through its module. The customer record's tables and the order tree are
// also the domain's shape (the record's lists are keys of CustomerRecord, the server rules name
// them): for those no engine file or feature writes the name as a string.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typeScriptFiles } from '../support/typescript-files';
import { rowTables, syncedTables } from '../../src/data/tables/synced-tables';
import { ORDER_TABLES } from '../../src/data/tables/orders';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every TypeScript file under dir, as a path from the repository's root. */
const sourceFiles = (dir: string): string[] => typeScriptFiles(join(ROOT, dir)).map((path) => relative(ROOT, path));

/** Files that may name any table: the generated types, the compile-time check of the entities against them, and tests. */
const allowed = (path: string): boolean =>
  path === 'src/data/database.types.ts' || path === 'src/data/entities.types-check.ts' || /\.test\.tsx?$/.test(path) || path.includes('/test-') || path.includes('-test-support');

const SOURCES = sourceFiles('src').filter((path) => !allowed(path));
const text = new Map(SOURCES.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]));
/** The name as a word (not part of a longer name). */
const names = (name: string) => new RegExp(`(?<![a-z_])${name}(?![a-z_])`);
/** The name written in a string ('…', "…", `…`), not as a key of the customer record. */
const quotes = (name: string) => new RegExp(`['"\`][^'"\`\\n]*(?<![a-z_])${name}(?![a-z_])[^'"\`\\n]*['"\`]`);
const namedIn = (pattern: RegExp) => SOURCES.filter((path) => pattern.test(text.get(path)!));

/** The module of each table mirrored apart. */
const MODULE: Record<string, string> = {
  caregiver_grants: 'src/data/tables/caregiver-grants.ts',
  webshop_customer_dose_mark: 'src/data/tables/dose-marks.ts',
  webshop_customer_eprescription: 'src/data/tables/eprescriptions.ts',
  patient_plan_settings: 'src/data/tables/plan-settings.ts',
  webshop_customer_push_subscription: 'src/data/tables/push-subscriptions.ts',
};

describe('a synced table is one module', () => {
  it('every table mirrored apart has its module, and the registry holds exactly those', () => {
    expect(rowTables().map((t) => t.name).sort()).toEqual(Object.keys(MODULE).sort());
  });

  it.each(Object.entries(MODULE))('%s is named in src/ only by its module (and the generated types, and tests)', (name, module) => {
    expect(namedIn(names(name))).toEqual([module]);
  });

  it('the customer record\'s tables and the order tree are written as names only in their modules (and the domain\'s rules)', () => {
    const record = syncedTables().filter((t) => t.mirror !== 'rows').map((t) => t.name);
    expect(record).toContain('webshop_customer_address');
    for (const name of [...record, ...ORDER_TABLES.map((t) => t.name)]) {
      const outside = namedIn(quotes(name)).filter((path) => !path.startsWith('src/domain/'));
      expect({ name, outside }).toEqual({ name, outside: name.startsWith('webshop_order') ? ['src/data/tables/orders.ts'] : ['src/data/tables/customer-record.ts'] });
    }
  });

  const engine = SOURCES.filter((path) => /^src\/data\/(outbox|pull|realtime|local|hooks|session|sync|push)\//.test(path));

  it('the engine reads the realtime routing of a table, never its name', () => {
    const startsWith = engine.filter((path) => /startsWith\(['"]webshop/.test(text.get(path)!));
    expect(startsWith).toEqual([]);
  });

  // issue 41: the caregiver grants name their owner in two columns and keep a column from every
  // client; the pull and realtime read both from the declaration (`owners`, `columns`)
  it('the engine reads which columns name a row\'s owner and which it selects from the declaration, never a table\'s own columns', () => {
    for (const column of ['patient_id', 'helper_id', 'code_hash']) expect({ column, in: engine.filter((path) => names(column).test(text.get(path)!)) }).toEqual({ column, in: [] });
    expect(namedIn(names('helper_id'))).toContain('src/data/tables/caregiver-grants.ts');
  });
});

// the check itself: it finds a name where it is written, and only as a whole word
describe('the name patterns', () => {
  it('find a name as a word, and a written one only in a string', () => {
    expect(names('webshop_order').test("from('webshop_order')")).toBe(true);
    expect(names('webshop_order').test('o.webshop_order_item')).toBe(false);
    expect(quotes('webshop_customer_address').test('record?.webshop_customer_address')).toBe(false);
    expect(quotes('webshop_customer_address').test("listWrite(record, 'webshop_customer_address', fields)")).toBe(true);
    expect(quotes('webshop_order').test("'*, webshop_order_item(*), children:webshop_order(*)'")).toBe(true);
  });
});
