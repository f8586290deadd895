// The order defaults (spec §3): insert-only on the server, so each save is a new row.
import type { CustomerId, OrderDefaults } from '../../../domain/entities';
import { latestById } from '../../../domain/latest-by-id';
import { err, ok } from '../../../domain/result';
import { ORDER_DEFAULTS } from '../../tables/customer-record';
import type { OrderDefaultsFields } from '../kinds';
import { queue, type CommandResult, type OutboxContext } from './queue';

/**
 * Order defaults are insert-only: every save is a new row, the latest counts (spec §3). The same
 * set as the latest is refused as `unchanged` (nothing to send).
 */
export function saveOrderDefaults(ctx: OutboxContext, customerId: CustomerId, fields: OrderDefaultsFields): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { generic, substitute, probon, get_invoice } = fields;
    const written = { generic, substitute, probon, get_invoice, ...(fields.comment === undefined ? {} : { comment: fields.comment }) };
    const latest = latestById(record?.webshop_customer_order_defaults);
    if (latest && Object.entries(written).every(([key, value]) => (latest as unknown as Record<string, unknown>)[key] === value)) return err('unchanged');
    return ok({ kind: 'row.insert', payload: { table: ORDER_DEFAULTS, id: await tempId(), fields: written } });
  });
}

/** Accepting the generic tip (spec §4): new order defaults with generic true, the rest as the latest. */
export function acceptGenerics(ctx: OutboxContext, customerId: CustomerId): Promise<CommandResult> {
  return queue(ctx, customerId, async (record, tempId) => {
    const latest: Partial<OrderDefaults> = latestById(record?.webshop_customer_order_defaults) ?? {};
    const written = {
      generic: true,
      substitute: latest.substitute ?? false,
      probon: latest.probon ?? false,
      get_invoice: latest.get_invoice ?? false,
      ...(latest.comment === undefined ? {} : { comment: latest.comment }),
    };
    return ok({ kind: 'row.insert', payload: { table: ORDER_DEFAULTS, id: await tempId(), fields: written } });
  });
}
