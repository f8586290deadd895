import { useCallback, useMemo, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useMedications } from '../../data/hooks/use-medications';
import { usePlaceOrder } from '../../data/hooks/use-place-order';
import { trackUsage } from '../../data/usage';
import type { CustomerRecord } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';
import { setDraftComment } from '../../domain/order-draft';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';
import { reasonText } from '../../domain/reason-text';
import { Spinner } from '../../ui/spinner';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { addressSummary, insuranceSummary, orderComment, questionnaireSummary, settingsSummary } from './finish-summary';
import { OrderFinishScreen } from './order-finish-screen';
import { finishLines } from './select-rows';
import { useOrderFlow, type OrderFlow } from './use-order-flow';

/**
 * Route /order/orderfinish (spec §2, §4 Order flow): the summary of the draft (Dexie) and the
 * finish. Finishing stores the order on this device (outbox, the entry id is the idempotency
 * key: never lost, never sent twice) and resets the draft; online it waits a moment for the
 * server: sent → /orders?success=1&id={id}; offline or no answer yet → /orders?success=1&key={its
 * idempotency key}, where the order waits to be sent (and the thanks follow it once it is); refused → here again, the order back in the draft, with what to
 * correct. With nothing orderable in the draft it redirects to the selection.
 */
export default function OrderFinishView() {
  const flow = useOrderFlow();
  const customer = useCustomerRecord();
  // the order on its way: the draft is empty meanwhile, which must not redirect to the selection
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (flow === undefined || customer === undefined) return <Spinner />;
  if (placing) return <Sending />;
  if (flow.empty) return <Redirect to={paths.orderSelect.href()} replace />;
  return <LoadedFinish flow={flow} customer={customer} refusal={refusal} setRefusal={setRefusal} setPlacing={setPlacing} />;
}

function Sending() {
  return (
    <section className="page page--narrow order-flow" aria-labelledby="order-finish-title">
      <h1 id="order-finish-title">
        <Msg id="title.orderFinish" />
      </h1>
      <p role="status">
        <Msg id="order.finish.sending" />
      </p>
      <Spinner />
    </section>
  );
}

interface LoadedProps {
  flow: OrderFlow;
  customer: CustomerRecord | null;
  refusal: string | null;
  setRefusal: (code: string | null) => void;
  setPlacing: (placing: boolean) => void;
}

function LoadedFinish({ flow, customer, refusal, setRefusal, setPlacing }: LoadedProps) {
  const [, navigate] = useLocation();
  const language = useIntlLanguage();
  const place = usePlaceOrder();
  const { orderable, draft, change } = flow;
  const codes = useMemo(() => Object.keys(orderable.medications).map(Number).sort((a, b) => a - b), [orderable]);
  const medications = useMedications(codes);
  const onComment = useCallback((comment: string) => void change((d) => setDraftComment(d, comment)), [change]);

  if (medications === undefined) return <Spinner />;
  const lines = finishLines(orderable, medications, language);

  const onFinish = async (comment: string) => {
    setRefusal(null);
    setPlacing(true);
    const outcome = await place(setDraftComment(orderable, comment));
    if (!outcome.ok) {
      setPlacing(false);
      notify('danger', outcome.error === 'order.addressMissing' ? 'order.finish.addressMissing' : reasonText(outcome.error));
      return;
    }
    const delivery = outcome.value.delivery;
    trackUsage('orderFinish', { state: delivery.state, products: lines.length });
    if (delivery.state === 'refused') {
      // the order is back in the draft (usePlaceOrder): corrected here and sent anew
      setRefusal(delivery.code);
      setPlacing(false);
      return;
    }
    // not sent yet: the key names the order, so the thanks follow it until it has its number
    navigate(delivery.state === 'sent' ? paths.orders.href({ success: true, id: delivery.orderId }) : paths.orders.href({ success: true, key: outcome.value.outboxId }));
  };

  return (
    <OrderFinishScreen
      lines={lines}
      address={addressSummary(draft, latestById(customer?.webshop_customer_address))}
      questionnaire={questionnaireSummary(customer)}
      insurance={insuranceSummary(customer)}
      settings={settingsSummary(customer)}
      comment={orderComment(draft, customer)}
      onComment={onComment}
      refusal={refusal}
      onFinish={onFinish}
    />
  );
}
