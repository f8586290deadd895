// What /orders shows of each order (spec §2 /orders, §3 Order, §4 Order status codes): the
// domain's rules applied to the mirrored orders and the medication details.
import type { Language, Medication, Order, Pharmacode, RecordId } from '../../domain/entities';
import { medicationName } from '../../domain/medication';
import { helperActor, type CaregiverGrant, type HelperActor } from '../../domain/caregivers/grants';
import { cancelState, STATUS_CANCELED } from '../../domain/order-cancel';
import { orderItemCount, ordersForToggle, partialDeliveries, splitOrders, type OrderToggle } from '../../domain/order-list';
import { orderStatus, orderStatusInfo, type OrderStatusColour, type OrderStatusLabel } from '../../domain/order-status';
import { trackingUrl } from '../../domain/tracking';

export type MedicationNames = ReadonlyMap<Pharmacode, Pick<Medication, 'dscrd' | 'dscrf'>>;

/** What of a grant names a helper. */
type NamingGrant = Pick<CaregiverGrant, 'patient_id' | 'helper_id' | 'helper_name'>;

/**
 * An order as the list gets it: `pending` while it waits on this device to be sent; placed from
 * this device, the outbox entry that placed it (`outbox_id`) or, as the server has it, its
 * `idempotency_key` (the same id). `acted_by`: who placed or cancelled it, as the server stamped it
 * (the patient, a helper: issue 41; the pharmacy's changes keep it).
 */
export type ListedOrder = Order & { pending?: boolean; outbox_id?: string; idempotency_key?: string | null; acted_by?: string | null };

export interface OrderProduct {
  pharmacode: Pharmacode;
  /** name in the language; null when the details are not mirrored (the pharmacode is shown) */
  name: string | null;
  amount: number;
}

/**
 * The progress indicator of a status's step (spec §4 "Progress step"). Decided: the steps run
 * 0 (open), 1 and 2 (in progress), 5 (in progress further on, or held up by a delivery delay),
 * 3 (finished or sent): `value` is the position in that run, of `max`; step 4 (canceled) is a
 * run of its own, shown full and marked canceled.
 */
export interface OrderProgress {
  value: number;
  max: number;
  canceled: boolean;
}

const STEP_RUN = [0, 1, 2, 5, 3] as const;
const CANCELED_STEP = 4;

export function orderProgress(step: number): OrderProgress {
  const max = STEP_RUN.length - 1;
  if (step === CANCELED_STEP) return { value: max, max, canceled: true };
  const at = (STEP_RUN as readonly number[]).indexOf(step);
  return { value: at < 0 ? 0 : at, max, canceled: false };
}

export interface OrderStatusView {
  code: number;
  label: OrderStatusLabel;
  colour: OrderStatusColour;
  progress: OrderProgress;
}

export interface TrackingView {
  deliveryNr: string;
  url: string;
}

/** A partial delivery: one package of the order (a child order) with its own status and tracking. */
export interface PackageRow {
  id: RecordId;
  status: OrderStatusView;
  products: OrderProduct[];
  tracking: TrackingView | null;
}

export interface OrderRow {
  /** the key of the row (a pending order's is temporary) */
  id: RecordId;
  /** the order number shown; null while the order waits on this device (it has none yet) */
  number: RecordId | null;
  createdAt: string;
  pending: boolean;
  /** the patient may cancel it: sent, and not started by the pharmacy (domain/order-cancel.ts) */
  cancellable: boolean;
  /** product lines of the order and its packages (spec §3) */
  productCount: number;
  status: OrderStatusView;
  /** the order's own items (an order in partial deliveries may hold none: its packages do) */
  products: OrderProduct[];
  packages: PackageRow[];
  /** the order's own postal tracking (its packages carry theirs) */
  tracking: TrackingView | null;
  comment: string | null;
  /** a helper placed it (issue 41): the patient sees who */
  orderedBy: HelperActor | null;
}

function statusView(code: number): OrderStatusView {
  const info = orderStatusInfo(code);
  return { code, label: info.label, colour: info.colour, progress: orderProgress(info.step) };
}

function productsOf(order: Order, medications: MedicationNames, language: Language): OrderProduct[] {
  return (order.webshop_order_item ?? []).map((item) => {
    const medication = medications.get(Number(item.pharmacode));
    return { pharmacode: item.pharmacode, name: medication ? medicationName(medication, language) : null, amount: item.amount };
  });
}

function trackingOf(order: Order): TrackingView | null {
  const url = trackingUrl(order);
  return url ? { deliveryNr: (order.delivery_nr ?? '').trim(), url } : null;
}

export function orderRow(order: ListedOrder, medications: MedicationNames, language: Language, helpers: readonly NamingGrant[] = []): OrderRow {
  const pending = order.pending === true;
  return {
    id: order.id,
    number: pending ? null : order.id,
    createdAt: order.created_at,
    pending,
    cancellable: !pending && cancelState(order) === 'open',
    productCount: orderItemCount(order),
    status: statusView(orderStatus(order)),
    products: productsOf(order, medications, language),
    packages: partialDeliveries(order).map((child) => ({
      id: child.id,
      status: statusView(orderStatus(child)),
      products: productsOf(child, medications, language),
      tracking: trackingOf(child),
    })),
    tracking: trackingOf(order),
    comment: order.comment?.trim() || null,
    // acted_by is the order's last writer from the patient's side: who placed it — or, once
    // cancelled, who cancelled it (the pharmacy's changes keep it): so named only while not cancelled
    orderedBy: order.status === STATUS_CANCELED ? null : helperActor(order.acted_by, order.customer_id, helpers),
  };
}

/** The rows of one side of the Open/Closed toggle, newest first (orders waiting on this device on top). */
export function orderRows(orders: readonly ListedOrder[], toggle: OrderToggle, medications: MedicationNames, language: Language, helpers: readonly NamingGrant[] = []): OrderRow[] {
  return (ordersForToggle(orders, toggle) as ListedOrder[]).map((o) => orderRow(o, medications, language, helpers));
}

export function orderCounts(orders: readonly Order[]): Record<OrderToggle, number> {
  const { open, closed } = splitOrders(orders);
  return { open: open.length, closed: closed.length };
}

/**
 * The side of the toggle to show: `?active=true|false` when given; otherwise the side of the
 * order named by `?id=` (so a link to a closed order shows it), else Open.
 */
export function toggleFor(orders: readonly Order[], active: string | null, id: RecordId | null): OrderToggle {
  if (active === 'false') return 'closed';
  if (active === 'true' || id === null) return 'open';
  const { closed } = splitOrders(orders);
  return closed.some((o) => o.id === id) ? 'closed' : 'open';
}

/** Every pharmacode the orders name (for their names), sorted. */
export function orderedPharmacodes(orders: readonly Order[]): Pharmacode[] {
  const codes = new Set<Pharmacode>();
  const visit = (o: Order) => {
    (o.webshop_order_item ?? []).forEach((i) => codes.add(Number(i.pharmacode)));
    (o.children ?? []).forEach(visit);
  };
  orders.forEach(visit);
  return [...codes].sort((a, b) => a - b);
}
