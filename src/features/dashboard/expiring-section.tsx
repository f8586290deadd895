import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import type { ExpiringRow } from './dashboard-rows';
import { MedicationName, MedicationRow } from './medication-face';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/**
 * spec §2 dashboard "expiring prescriptions", §4/§9: expiring within 14 days, soonest first,
 * each with its date and a reorder link (the order flow starts at /order).
 */
export function ExpiringSection({ rows }: { rows: readonly ExpiringRow[] }) {
  const formatDate = useCalendarDate();
  if (rows.length === 0) return null;
  return (
    <section className="dash-card dash-expiring" aria-labelledby="dash-expiring-title">
      <h2 id="dash-expiring-title">
        <Msg id="dashboard.expiring.title" />
      </h2>
      <p>
        <Msg id="dashboard.expiring.hint" />
      </p>
      <ul className="dash-rows">
        {rows.map((row) => (
          <MedicationRow key={row.id} face={row}>
            <p className="dash-row__detail dash-expiring__when">
              <Msg id="dashboard.expiring.when" values={{ days: row.days, date: formatDate(row.expiresAt) }} />
            </p>
            <Link href={paths.order.href()} className="button button--secondary dash-row__action">
              <Msg id="dashboard.expiring.reorder" values={{ name: <MedicationName face={row} />, hidden }} />
            </Link>
          </MedicationRow>
        ))}
      </ul>
    </section>
  );
}
