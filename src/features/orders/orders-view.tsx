import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useCancelOrder } from '../../data/hooks/use-cancel-order';
import { useCaregiverGrants } from '../../data/hooks/use-caregiver-grants';
import type { CaregiverGrant } from '../../domain/caregivers/grants';
import { useMedications } from '../../data/hooks/use-medications';
import { useOnline } from '../../data/hooks/use-online';
import { useOrders } from '../../data/hooks/use-orders';
import type { OrderView } from '../../data/local/mirror-reads';
import { useAreaLoad } from '../../data/hooks/use-pull-state';
import { useDiscardEntry, useRefusedOrders, useReopenRefusedOrder } from '../../data/hooks/use-refused-orders';
import type { RefusedOrder } from '../../data/local/mirror-query';
import { isDraftEmpty } from '../../domain/order-draft';
import { paths } from '../../domain/paths';
import { notify } from '../../ui/notifications/notification-store';
import { reasonText } from '../../domain/reason-text';
import { Spinner } from '../../ui/spinner';
import { ordersScreenCodes } from './orders-reads';
import { OrdersScreen } from './orders-screen';

/** Route /orders (spec §2): reads the local mirror only, so it works offline alike. */
export default function OrdersView() {
  const orders = useOrders();
  const refused = useRefusedOrders();
  const grants = useCaregiverGrants();
  // mounted once all are known, so the first medication query is for their codes (no flash of
  // pharmacodes) and an order a helper placed names them from the first paint
  return orders === undefined || refused === undefined || grants === undefined ? <Spinner /> : <LoadedOrders orders={orders} refused={refused} helpers={grants.helpers} />;
}

function LoadedOrders({ orders, refused, helpers }: { orders: OrderView[]; refused: RefusedOrder[]; helpers: readonly CaregiverGrant[] }) {
  const load = useAreaLoad('orders');
  const online = useOnline();
  const reopen = useReopenRefusedOrder();
  const discard = useDiscardEntry();
  const [, navigate] = useLocation();
  const codes = useMemo(() => ordersScreenCodes(orders, refused), [orders, refused]);
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
  const onDiscardRefused = useCallback(
    async (outboxId: string) => {
      await discard(outboxId);
      notify('info', 'orders.refused.discarded');
    },
    [discard],
  );

  const cancel = useCancelOrder();
  const onCancel = useCallback(
    async (orderId: number): Promise<string | null> => {
      const queued = await cancel(orderId);
      if (!queued.ok) return reasonText(queued.error);
      // honest feedback once it is known how far the cancel got (the list shows it canceled already)
      void queued.value.delivery.then((delivery) => {
        if (delivery.state === 'sent') notify('success', 'orders.cancel.done', { id: String(orderId) });
        // the pharmacy started it meanwhile: the orders are reloaded, the shell lists the refusal
        else if (delivery.state === 'refused') notify('danger', reasonText(delivery.code));
        else notify('info', 'orders.cancel.waiting');
      });
      return null;
    },
    [cancel],
  );

  if (load === undefined || medications === undefined) return <Spinner />;
  return (
    <OrdersScreen
      orders={orders}
      medications={medications}
      refused={refused}
      helpers={helpers}
      // spec §8 "Loading orders fails" — not while offline: the mirror is shown and the shell says why
      loadFailed={load.error !== null && online}
      onEditRefused={onEditRefused}
      onDiscardRefused={onDiscardRefused}
      onReload={() => globalThis.location.reload()}
      onCancel={onCancel}
    />
  );
}
