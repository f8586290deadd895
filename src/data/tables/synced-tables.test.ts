import { describe, expect, it } from 'vitest';
import { CUSTOMER, PRESCRIPTIONS } from './customer-record';
import { ORDER_TABLES } from './orders';
import { PLAN_SETTINGS_TABLE } from './plan-settings';
import { customerLists, realtimeRouting, rowTables, syncedTable, SYNCED_TABLES } from './synced-tables';

// issue 39 item 2 (decision 0050): realtime routes by what each table's module declares (spec §4
// Realtime: the customer's tables reload the customer, the order tree's the orders)
describe('the registry collects the tables\' modules', () => {
  it('routes each table as its module declares it', () => {
    expect(realtimeRouting(CUSTOMER)).toEqual({ area: 'customer', owner: 'id', heldAs: 'customer' });
    expect(realtimeRouting(PRESCRIPTIONS)).toEqual({ area: 'customer', owner: 'customer_id', heldAs: 'list' });
    expect(realtimeRouting(PLAN_SETTINGS_TABLE)).toEqual({ area: 'row', owner: 'customer_id', heldAs: 'rows' });
    expect(ORDER_TABLES.map((t) => [t.name, realtimeRouting(t.name)?.area, realtimeRouting(t.name)?.heldAs])).toEqual([
      ['webshop_order', 'orders', 'order'],
      ['webshop_order_item', 'orders', 'item'],
    ]);
    // a table the app neither mirrors nor follows
    expect(realtimeRouting('pharmindex')).toBeNull();
  });

  it('every table mirrored apart declares what a screen reads of it, keyed so the read ahead is found', () => {
    const keys = rowTables().map((t) => t.readAhead?.key);
    expect(keys.every((key) => typeof key === 'string')).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    expect(syncedTable(PLAN_SETTINGS_TABLE).readAhead?.none).toBeNull();
  });

  it('the order tree is followed, not synced: the outbox cannot name it', () => {
    for (const t of ORDER_TABLES) expect(() => syncedTable(t.name)).toThrow();
    expect(customerLists()).toEqual(SYNCED_TABLES.filter((t) => t.mirror === 'list').map((t) => t.name));
  });
});
