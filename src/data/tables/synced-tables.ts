// The registry of synced tables: it collects the tables' modules (one per table, decision 0050)
// and answers the engine's questions by name. The outbox (an entry names its table), the mirror
// (where a row lives, what the server derives), the pull (the customer select, the tables pulled
// on their own), realtime (what a change means) and the list of refused changes (its label) all
// read the declarations; none of them names a table or switches over tables.
// Adding a table: its migration, its module (registered here), `npm run gen:types`, and its view
// (src/data/README.md, "Adding a synced table").
import { caregiverGrants } from './caregiver-grants';
import { CUSTOMER_RECORD_TABLES } from './customer-record';
import { doseMarks } from './dose-marks';
import { ePrescriptions } from './eprescriptions';
import { ORDER_TABLES } from './orders';
import { planSettings } from './plan-settings';
import { pushSubscriptions } from './push-subscriptions';
import { declareTable, type FollowedTable, type Routing, type SyncedTable, type TableDeclaration } from './table-declaration';

export { keyColumns, keyMatch, ownerColumns, ownsRow, rowKey, type MirrorPlace, type Row, type SyncedTable, type WriteMode } from './table-declaration';

/** The app's synced tables: the customer record's (its lists in the order of the spec §7 select), then those mirrored apart. */
export const SYNCED_TABLES: readonly SyncedTable[] = [...CUSTOMER_RECORD_TABLES, planSettings, doseMarks, ePrescriptions, caregiverGrants, pushSubscriptions];

const registry = new Map<string, SyncedTable>(SYNCED_TABLES.map((t) => [t.name, t]));
const followed = new Map<string, FollowedTable>(ORDER_TABLES.map((t) => [t.name, t]));

/** The declaration of a registered table; throws for a name nobody registered (a programming error). */
export function syncedTable(name: string): SyncedTable {
  const found = registry.get(name);
  if (!found) throw new Error(`no synced table ${name}`);
  return found;
}

export const isSyncedTable = (name: string): boolean => registry.has(name);

/** Every registered table (the app's and any registered since). */
export const syncedTables = (): SyncedTable[] => [...registry.values()];

/** What a realtime change of this table means; null: a table the app does not follow. */
export const realtimeRouting = (name: string): Routing | null => (registry.get(name) ?? followed.get(name))?.realtime ?? null;

/**
 * Registers another table at run time. The app's tables are the modules above; the recipe's test
 * registers a table of its own migration this way (tests/stack-own/synced-table-recipe.test.ts).
 */
export function registerSyncedTable(t: TableDeclaration): SyncedTable {
  const declared = declareTable(t);
  registry.set(declared.name, declared);
  return declared;
}

/** The lists of the customer record (spec §7 nested select), in their order. */
export const customerLists = (): string[] => syncedTables().filter((t) => t.mirror === 'list').map((t) => t.name);

/** The tables whose rows the mirror keeps apart (the `rows` store). */
export const rowTables = (): SyncedTable[] => syncedTables().filter((t) => t.mirror === 'rows');

/** spec §7: webshop_customers with the nested related tables. */
export const customerSelect = (): string => ['*', ...customerLists().map((list) => `${list}(*)`)].join(', ');
