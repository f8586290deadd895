import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { RefusedOrder } from '../../data/local/mirror-query';
import type { CaregiverGrant } from '../../domain/caregivers/grants';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { CancelOrderDialog } from './cancel-order-dialog';
import { confirmationOf } from './order-confirmation';
import { OrderItem } from './order-item';
import { useProgressiveList } from '../../ui/use-progressive-list';
import { orderCounts, orderRows, toggleFor, type ListedOrder, type MedicationNames } from './order-rows';
import { OrderToggle } from './order-toggle';
import { OrdersNotices } from './orders-notices';
import { RefusedOrders } from './refused-orders';
import './orders.css';

const NO_HELPERS: readonly CaregiverGrant[] = [];

export interface OrdersScreenProps {
  /** top-level orders of the mirror, those waiting on this device marked `pending` */
  orders: readonly ListedOrder[];
  /** names of the ordered products by pharmacode; missing ones show the pharmacode */
  medications: MedicationNames;
  refused: readonly RefusedOrder[];
  /** the patient's helpers (their grants): an order a helper placed names them (issue 41) */
  helpers?: readonly CaregiverGrant[];
  /** the last load of the orders failed while online (spec §8) */
  loadFailed: boolean;
  onEditRefused: (outboxId: string) => Promise<void>;
  onDiscardRefused: (outboxId: string) => Promise<void>;
  onReload: () => void;
  /** cancels an open order; answers the message id of a refusal on this device, null once stored */
  onCancel: (orderId: number) => Promise<string | null>;
}

interface Query {
  active: string | null;
  id: number | null;
  /** the idempotency key of an order finished before the server answered (paths.orders) */
  key: string | null;
  success: boolean;
}

export function ordersQuery(search: string): Query {
  const q = new URLSearchParams(search);
  const id = Number(q.get('id'));
  return {
    active: q.get('active'),
    id: q.get('id') && Number.isSafeInteger(id) ? id : null,
    key: q.get('key') || null,
    success: q.get('success') === '1' || q.get('success') === 'true',
  };
}

/**
 * /orders (spec §2) with its data given: the thank-you notice after an order (?success=1&id=, or
 * &key= while it has no number yet: it follows the order),
 * refused orders to correct, the Open/Closed toggle with counts (?active=true|false) and the
 * orders of the side, newest first; ?id= opens that order and brings it into view. An open order
 * can be cancelled, after a confirmation.
 */
export function OrdersScreen({ orders, medications, refused, helpers = NO_HELPERS, loadFailed, onEditRefused, onDiscardRefused, onReload, onCancel }: OrdersScreenProps) {
  const query = ordersQuery(useSearch());
  const [, navigate] = useLocation();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const language = useIntlLanguage();
  const listHeadingId = useId();
  const side = toggleFor(orders, query.active, query.id);
  const counts = orderCounts(orders);
  const confirmation = query.success ? confirmationOf(orders, query) : null;
  const rows = useMemo(() => orderRows(orders, side, medications, language, helpers), [orders, side, medications, language, helpers]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(query.id === null ? [] : [query.id]));
  const target = useRef<HTMLHeadingElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);

  // ?id= : open that order (also when the address changes while the page is shown) and bring it
  // into view once it is listed; after an order (?success=1) the thank-you notice, which names
  // it, takes the focus instead (the new order is the first of the list anyway)
  useEffect(() => {
    if (query.id !== null) setExpanded((s) => (s.has(query.id!) ? s : new Set([...s, query.id!])));
  }, [query.id]);
  useEffect(() => {
    if (query.success) thanks.current?.focus();
  }, [query.success]);
  const targetListed = !query.success && query.id !== null && rows.some((r) => r.number === query.id);
  // once per order and side: a cancelled order moves to the Closed side and is brought into view there
  const targetKey = `${query.id}@${side}`;
  // an order asked for by its number is focused once listed: then the whole list comes at once
  const listed = useProgressiveList(rows, { key: side, whole: query.id !== null });
  useEffect(() => {
    if (!targetListed || shown.current === targetKey || !target.current) return;
    shown.current = targetKey;
    target.current.scrollIntoView?.({ block: 'start' });
    target.current.focus({ preventScroll: true });
  }, [targetListed, targetKey]);

  // cancelled: the order shows as canceled at once, on the Closed side — shown there, open and
  // focused (its cancel button, which had the focus, is gone)
  const onCancelClosed = (cancelled: boolean) => {
    const id = cancelling;
    setCancelling(null);
    if (!cancelled || id === null) return;
    shown.current = null;
    navigate(paths.orders.href({ id }));
  };

  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="page orders-page" aria-labelledby="orders-title">
      <h1 id="orders-title">
        <Msg id="title.orders" />
      </h1>
      <OrdersNotices confirmation={confirmation} loadFailed={loadFailed} onReload={onReload} successRef={thanks} />
      <RefusedOrders refused={refused} medications={medications} language={language} onEdit={onEditRefused} onDiscard={onDiscardRefused} />
      <OrderToggle side={side} counts={counts} />
      <h2 id={listHeadingId} className="visually-hidden">
        <Msg id={`orders.heading.${side}`} />
      </h2>
      {rows.length > 0 ? (
        <ul className="orders-list" aria-labelledby={listHeadingId}>
          {listed.map((row) => (
            <OrderItem
              key={row.id}
              row={row}
              expanded={expanded.has(row.id)}
              onToggle={() => toggle(row.id)}
              onCancel={() => setCancelling(row.id)}
              ref={row.number !== null && row.number === query.id ? target : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="notice notice--info">
          <Msg id={`orders.empty.${side}`} />
        </p>
      )}
      <CancelOrderDialog orderId={cancelling} onConfirm={onCancel} onClose={onCancelClosed} />
    </section>
  );
}
