// Order status codes of spec §4: code -> label message id, colour, progress step;
// the status of an order with sub-packages; unfinished versus closed.
import type { Order, OrderStatusCode } from './entities.ts';

export type OrderStatusLabel =
  | 'order.status.open'
  | 'order.status.inProgress'
  | 'order.status.nota'
  | 'order.status.multipleDeliveries'
  | 'order.status.finished'
  | 'order.status.sent'
  | 'order.status.canceled';

export type OrderStatusColour = 'blue' | 'yellow' | 'orange' | 'green' | 'red';

export interface OrderStatusInfo {
  label: OrderStatusLabel;
  colour: OrderStatusColour;
  step: number;
  /** false when the code is not in the table of §4 and a fallback was used. */
  known: boolean;
}

/** Closed from this code on (spec §4: unfinished means below 90). */
export const CLOSED_FROM = 90;
/** Combined status of sub-packages when some are still below 90. */
export const STATUS_MULTIPLE_DELIVERIES = 10;
/** Combined status of sub-packages that are all closed but differ. */
export const STATUS_FINISHED = 90;

export const ORDER_STATUSES: Readonly<Record<OrderStatusCode, Omit<OrderStatusInfo, 'known'>>> = {
  0: { label: 'order.status.open', colour: 'blue', step: 0 },
  1: { label: 'order.status.inProgress', colour: 'yellow', step: 1 },
  2: { label: 'order.status.inProgress', colour: 'yellow', step: 2 },
  3: { label: 'order.status.inProgress', colour: 'yellow', step: 5 },
  4: { label: 'order.status.nota', colour: 'orange', step: 5 },
  10: { label: 'order.status.multipleDeliveries', colour: 'yellow', step: 2 },
  90: { label: 'order.status.finished', colour: 'green', step: 3 },
  98: { label: 'order.status.sent', colour: 'green', step: 3 },
  100: { label: 'order.status.sent', colour: 'green', step: 3 },
  99: { label: 'order.status.canceled', colour: 'red', step: 4 },
};

export function isKnownStatus(code: number): code is OrderStatusCode {
  return Object.prototype.hasOwnProperty.call(ORDER_STATUSES, code);
}

/** Closed means 90 or more. A non-finite code (NaN, missing) is not closed. */
export function isClosed(code: number): boolean {
  return Number.isFinite(code) && code >= CLOSED_FROM;
}

/** Unfinished means below 90; anything not closed counts, so odd codes stay in view. */
export function isUnfinished(code: number): boolean {
  return !isClosed(code);
}

/**
 * Label, colour and step of a status code. Unknown codes fall back by range so they agree
 * with isClosed/isUnfinished: closed ones read as finished (code 90), the rest (including
 * NaN) as in progress (code 1); `known` is then false so the caller may log it.
 */
export function orderStatusInfo(code: number): OrderStatusInfo {
  if (isKnownStatus(code)) return { ...ORDER_STATUSES[code], known: true };
  const fallback = isClosed(code) ? ORDER_STATUSES[90] : ORDER_STATUSES[1];
  return { ...fallback, known: false };
}

/** Spec §4: the shared value if all are equal; else 90 if every one is at least 90, else 10. */
export function combineStatuses(codes: readonly number[]): number | null {
  const [first] = codes;
  if (first === undefined) return null;
  if (codes.every((c) => c === first)) return first;
  return codes.every(isClosed) ? STATUS_FINISHED : STATUS_MULTIPLE_DELIVERIES;
}

/**
 * Effective status of an order. Choice: when the order has children (sub-packages) their
 * statuses decide and the parent's own status is left out, since the parent is only the
 * container of the partial deliveries; children with children are resolved the same way.
 * Without children the order's own status counts.
 */
export function orderStatus(order: Pick<Order, 'status' | 'children'>): number {
  const children = order.children ?? [];
  return combineStatuses(children.map(orderStatus)) ?? order.status;
}

export const isOrderClosed = (order: Pick<Order, 'status' | 'children'>): boolean => isClosed(orderStatus(order));
export const isOrderUnfinished = (order: Pick<Order, 'status' | 'children'>): boolean =>
  isUnfinished(orderStatus(order));
