// The generic writes of a table mirrored apart (the registry's 'rows' tables): what the recipe for
// a new synced table uses instead of a command of its own (src/data/README.md).
import type { CustomerId } from '../../../domain/entities';
import { ok } from '../../../domain/result';
import { rowKey, syncedTable, type Row } from '../../tables/synced-tables';
import { queue, type CommandResult, type OutboxContext } from './queue';

/**
 * A row of a table mirrored apart (the registry's 'rows' tables, written whole by their key): in
 * the mirror at once, on the server by an upsert of its key. The recipe for a new synced table
 * needs no command of its own (src/data/README.md).
 */
export function putRow(ctx: OutboxContext, customerId: CustomerId, table: string, row: Row): Promise<CommandResult> {
  return queue(ctx, customerId, async () => {
    const t = syncedTable(table);
    const fields = t.writesCustomerId ? { ...row, customer_id: customerId } : row;
    return ok({ kind: 'row.upsert', payload: { table, id: rowKey(t, fields), fields } });
  });
}

/** Deletes a row of a table mirrored apart, named by its key columns. */
export function removeRow(ctx: OutboxContext, customerId: CustomerId, table: string, key: Row): Promise<CommandResult> {
  return queue(ctx, customerId, async () => {
    const t = syncedTable(table);
    const fields = t.writesCustomerId ? { ...key, customer_id: customerId } : key;
    return ok({ kind: 'row.delete', payload: { table, id: rowKey(t, fields), fields } });
  });
}
