import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useMedications } from '../../data/hooks/use-medications';
import { useOnline } from '../../data/hooks/use-online';
import { useOrders, type OrderView } from '../../data/hooks/use-orders';
import { useAreaLoad } from '../../data/hooks/use-pull-state';
import { useRefusedOrders, useReopenRefusedOrder, type RefusedOrder } from '../../data/hooks/use-refused-orders';
import { discardEntry } from '../../data/outbox/entry-commands';
import { isDraftEmpty } from '../../domain/order-draft';
import { paths } from '../../domain/paths';
import { notify } from '../../ui/notifications/notification-store';
import { Spinner } from '../../ui/spinner';
import { orderedPharmacodes } from './order-rows';
import { OrdersScreen } from './orders-screen';

/** Route /orders (spec §2): reads the local mirror only, so it works offline alike. */
export default function OrdersView() {
  const orders = useOrders();
  const refused = useRefusedOrders();
  // mounted once both are known, so the first medication query is for their codes (no flash of pharmacodes)
  return orders === undefined || refused === undefined ? <Spinner /> : <LoadedOrders orders={orders} refused={refused} />;
}

function LoadedOrders({ orders, refused }: { orders: OrderView[]; refused: RefusedOrder[] }) {
  const load = useAreaLoad('orders');
  const online = useOnline();
  const reopen = useReopenRefusedOrder();
  const [, navigate] = useLocation();
  const codes = useMemo(() => {
    const fromRefused = refused.flatMap((r) => Object.keys(r.medications).map(Number));
    return [...new Set([...orderedPharmacodes(orders), ...fromRefused])].sort((a, b) => a - b);
  }, [orders, refused]);
  const medications = useMedications(codes);

  const onEditRefused = useCallback(
    async (outboxId: string) => {
      const reopened = await reopen(outboxId);
      if (!reopened.ok) return;
      // back into the order flow: the summary to correct it, or the selection when nothing of it can be ordered
      navigate(isDraftEmpty(reopened.value) ? paths.orderSelect.href() : paths.orderFinish.href());
    },
    [reopen, navigate],
  );
  const onDiscardRefused = useCallback(async (outboxId: string) => {
    await discardEntry(outboxId);
    notify('info', 'orders.refused.discarded');
  }, []);

  if (load === undefined || medications === undefined) return <Spinner />;
  return (
    <OrdersScreen
      orders={orders}
      medications={medications}
      refused={refused}
      // spec §8 "Loading orders fails" — not while offline: the mirror is shown and the shell says why
      loadFailed={load.error !== null && online}
      onEditRefused={onEditRefused}
      onDiscardRefused={onDiscardRefused}
      onReload={() => globalThis.location.reload()}
    />
  );
}
