import { useMsg } from '../../i18n/msg';
import type { OrderStatusView } from './order-rows';

/**
 * The progress indicator of an order's status (spec §4 "Progress step"): a bar of the step's
 * place in the run (order-rows.ts orderProgress), named for screen readers, its value read as
 * the status's label; a canceled order shows a full red bar.
 */
export function OrderProgress({ status }: { status: OrderStatusView }) {
  const t = useMsg();
  const { value, max, canceled } = status.progress;
  return (
    <div
      className={`order-progress order-progress--${status.colour}${canceled ? ' order-progress--canceled' : ''}`}
      role="progressbar"
      aria-label={t('orders.item.progress')}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={t(status.label)}
    >
      <span className="order-progress__fill" style={{ width: `${(value / max) * 100}%` }} />
    </div>
  );
}

/** The status label in its colour (spec §4), with the progress under it. */
export function OrderStatus({ status }: { status: OrderStatusView }) {
  const t = useMsg();
  return (
    <div className="order-status-block">
      <span className={`order-status order-status--${status.colour}`}>{t(status.label)}</span>
      <OrderProgress status={status} />
    </div>
  );
}
