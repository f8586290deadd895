// What the thank-you notice of /orders?success=1 says (spec §2 success=1, §4 Order flow
// item 2): it follows the order in the mirror, not the address it was opened with. An order
// finished offline opens the page as ?success=1&key={its idempotency key}; while its outbox entry
// waits the notice says so, and once the server has it (acknowledged, or pulled with that key)
// the notice thanks with its number — without a reload.
import type { RecordId } from '../../domain/entities';
import type { ListedOrder } from './order-rows';

export type Confirmation =
  /** the server has the order: thanks with its number */
  | { state: 'sent'; id: RecordId }
  /** stored on this device, waiting to be sent */
  | { state: 'waiting' }
  /** ?success=1 alone, nothing waiting: thanks without a number */
  | { state: 'received' }
  /** the order named by the key is gone (refused, or discarded): no thanks (the refusal shows why) */
  | { state: 'none' };

const isWaiting = (o: ListedOrder): boolean => o.pending === true;

/**
 * `id`: the server's number from the address (finished online); `key`: the outbox entry of an
 * order finished before the server answered. Without either (an address of an earlier version):
 * waiting while any order waits on this device.
 */
export function confirmationOf(orders: readonly ListedOrder[], { id, key }: { id: RecordId | null; key: string | null }): Confirmation {
  if (id !== null) return { state: 'sent', id };
  if (key === null) return orders.some(isWaiting) ? { state: 'waiting' } : { state: 'received' };
  const named = orders.filter((o) => o.outbox_id === key || o.idempotency_key === key);
  const placed = named.find((o) => !isWaiting(o));
  if (placed) return { state: 'sent', id: placed.id };
  return named.length > 0 ? { state: 'waiting' } : { state: 'none' };
}
