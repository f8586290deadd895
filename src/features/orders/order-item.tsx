import { forwardRef, useId, type ReactNode } from 'react';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { OrderProducts, TrackingLink } from './order-products';
import { OrderStatus } from './order-progress';
import type { OrderRow } from './order-rows';

interface Props {
  row: OrderRow;
  expanded: boolean;
  onToggle: () => void;
  /** asks to cancel the order (offered only while it may be: `row.cancellable`) */
  onCancel: () => void;
}

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/**
 * One order of /orders (spec §2): number, date, product count, status in its colour with the
 * progress, and — expanded — its products, its partial deliveries (each package with its own
 * status and tracking), its tracking link and comment. An order placed on this device and not
 * sent yet is marked as waiting. An open order (not started by the pharmacy) can be cancelled.
 * The heading takes the focus when the page opens on this order.
 */
export const OrderItem = forwardRef<HTMLHeadingElement, Props>(function OrderItem({ row, expanded, onToggle, onCancel }, headingRef) {
  const formatDate = useCalendarDate();
  const detailsId = useId();
  const title = row.number === null ? <Msg id="orders.item.titlePending" /> : <Msg id="orders.item.title" values={{ id: String(row.number) }} />;
  return (
    <li className={`order-item${row.pending ? ' order-item--pending' : ''}`} data-order-id={row.number ?? undefined}>
      <div className="order-item__head">
        {/* elementtiming: the browser notes when the list is first painted (npm run bench:browser reads it) */}
        <h3 className="order-item__title" ref={headingRef} tabIndex={-1} {...{ elementtiming: 'order' }}>
          {title}
        </h3>
        {row.pending ? (
          <p className="order-item__pending">
            <strong>
              <Msg id="orders.item.pending" />
            </strong>{' '}
            <Msg id="orders.item.pendingText" />
          </p>
        ) : null}
        <dl className="order-item__facts">
          <div>
            <dt>
              <Msg id="orders.item.date" />
            </dt>
            <dd>{formatDate(row.createdAt)}</dd>
          </div>
          {row.orderedBy ? (
            <div>
              <dt>
                <Msg id="orders.item.orderedBy" />
              </dt>
              <dd className="order-item__by">{row.orderedBy.name ?? <Msg id="orders.item.orderedByHelper" />}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Msg id="orders.item.products" />
            </dt>
            <dd>
              <Msg id="orders.item.productCount" values={{ count: row.productCount }} />
            </dd>
          </div>
          <div>
            <dt>
              <Msg id="orders.item.status" />
            </dt>
            <dd>
              <OrderStatus status={row.status} />
            </dd>
          </div>
        </dl>
        <div className="order-item__actions">
          <button type="button" className="button button--secondary order-item__toggle" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
            <Msg
              id={row.number === null ? 'orders.item.detailsPending' : 'orders.item.details'}
              values={{ id: String(row.number ?? ''), hidden }}
            />
          </button>
          {row.cancellable ? (
            <button type="button" className="button order-item__cancel" aria-haspopup="dialog" onClick={onCancel}>
              <Msg id="orders.cancel.button" values={{ id: String(row.id), hidden }} />
            </button>
          ) : null}
        </div>
      </div>
      <div id={detailsId} className="order-item__details" hidden={!expanded}>
        <OrderProducts products={row.products} />
        {row.tracking ? <TrackingLink tracking={row.tracking} /> : null}
        {row.packages.length > 0 ? (
          <>
            <h4 className="order-item__subtitle">
              <Msg id="orders.item.packages" />
            </h4>
            <ul className="order-packages">
              {row.packages.map((p) => (
                <li key={p.id} className="order-package">
                  <p className="order-package__title">
                    <Msg id="orders.item.package" values={{ id: String(p.id) }} />
                  </p>
                  <OrderStatus status={p.status} />
                  <OrderProducts products={p.products} />
                  {p.tracking ? <TrackingLink tracking={p.tracking} /> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {row.comment ? (
          <p className="order-item__comment">
            <strong>
              <Msg id="orders.item.comment" />
            </strong>{' '}
            {row.comment}
          </p>
        ) : null}
      </div>
    </li>
  );
});
