import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import type { OpenOrderRow } from './dashboard-rows';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** At most this many open orders on the dashboard; the rest are one link away. */
export const ORDERS_SHOWN = 3;

/**
 * spec §2 dashboard "orders overview": the open orders (§4: status below 90), newest first,
 * each a compact link to itself on /orders (number and date, then status and product count); an
 * order placed on this device and not sent yet says so (it has no number yet).
 */
export function OrdersOverview({ rows }: { rows: readonly OpenOrderRow[] }) {
  const formatDate = useCalendarDate();
  return (
    <section className="dash-card dash-orders" aria-labelledby="dash-orders-title">
      <h2 id="dash-orders-title">
        <Msg id="dashboard.orders.title" />
      </h2>
      {rows.length === 0 ? (
        <p>
          <Msg id="dashboard.orders.none" />
        </p>
      ) : (
        <ul className="dash-order-list">
          {rows.slice(0, ORDERS_SHOWN).map((row) => (
            <li key={row.id}>
              <Link href={row.pending ? paths.orders.href() : paths.orders.href({ id: row.id })} className="dash-order">
                <span className="dash-order__title">
                  <Msg id={row.pending ? 'dashboard.orders.newOrder' : 'dashboard.orders.order'} values={{ id: String(row.id), date: formatDate(row.createdAt) }} />
                </span>
                <span className="dash-order__facts">
                  <span className={`dash-status dash-status--${row.status.colour}`}>
                    <Msg id="dashboard.orders.status" values={{ status: <Msg id={row.status.label} />, hidden }} />
                  </span>{' '}
                  <span className="dash-order__items">
                    <Msg id="dashboard.orders.items" values={{ count: row.itemCount }} />
                  </span>
                </span>
                {row.pending ? (
                  <span className="dash-order__pending">
                    <Msg id="dashboard.orders.pending" />
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link href={paths.orders.href()} className="dash-more">
        <Msg id="dashboard.orders.all" />
      </Link>
    </section>
  );
}
