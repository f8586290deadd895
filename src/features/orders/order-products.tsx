import { Msg } from '../../i18n/msg';
import type { OrderProduct, TrackingView } from './order-rows';

/** The products of an order or package: amount and name (the pharmacode when the name is not known). */
export function OrderProducts({ products }: { products: readonly OrderProduct[] }) {
  if (products.length === 0) return null;
  return (
    <ul className="order-products">
      {products.map((p) => (
        <li key={p.pharmacode}>
          <Msg
            id="orders.item.line"
            values={{ amount: p.amount, name: p.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: String(p.pharmacode) }} /> }}
          />
        </li>
      ))}
    </ul>
  );
}

/** spec §2/§7: the postal tracking link, in a new tab (said to screen readers). */
export function TrackingLink({ tracking }: { tracking: TrackingView }) {
  return (
    <a className="order-tracking" href={tracking.url} target="_blank" rel="noopener noreferrer">
      <Msg id="orders.item.tracking" values={{ nr: tracking.deliveryNr }} />
      <span className="visually-hidden">
        {' '}
        <Msg id="orders.item.newTab" />
      </span>
    </a>
  );
}
