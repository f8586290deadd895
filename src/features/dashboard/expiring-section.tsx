import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import type { ExpiringRow } from './dashboard-rows';
import { MedicationRow } from './medication-face';

/**
 * spec §2 dashboard "expiring prescriptions", §4/§9: expiring within 14 days, soonest first,
 * each with its date; one reorder link for them all (the order flow starts at /order, where
 * each is chosen), and the way to send a new prescription (issue 25's renewals of these are
 * here, not on the running-low card as well).
 */
export function ExpiringSection({ rows }: { rows: readonly ExpiringRow[] }) {
  const formatDate = useCalendarDate();
  if (rows.length === 0) return null;
  return (
    <section className="dash-card dash-expiring" aria-labelledby="dash-expiring-title">
      <h2 id="dash-expiring-title">
        <Msg id="dashboard.expiring.title" />
      </h2>
      <ul className="dash-rows">
        {rows.map((row) => (
          <MedicationRow key={row.id} face={row}>
            <p className="dash-row__detail dash-expiring__when">
              <Msg id="dashboard.expiring.when" values={{ days: row.days, date: formatDate(row.expiresAt) }} />
            </p>
          </MedicationRow>
        ))}
      </ul>
      <div className="dash-card__actions">
        <Link href={paths.order.href()} className="dash-more">
          <Msg id="dashboard.expiring.reorder" />
        </Link>
        <Link href={paths.prescriptionsAdd.href()} className="dash-more">
          <Msg id="dashboard.renewal.send" />
        </Link>
      </div>
    </section>
  );
}
