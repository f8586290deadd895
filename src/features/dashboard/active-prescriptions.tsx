import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { DosageDisplay } from '../../ui/dosage-display';
import { useCalendarDate } from '../../ui/use-calendar-date';
import type { ActiveRow } from './dashboard-rows';
import { MedicationRow } from './medication-face';

/** At most this many active prescriptions on the dashboard; all of them are on /prescriptions. */
export const ACTIVE_SHOWN = 5;

/** spec §2 dashboard "active prescriptions": expiring soonest first, with dosage and expiry; the reorder link. */
export function ActivePrescriptions({ rows }: { rows: readonly ActiveRow[] }) {
  const formatDate = useCalendarDate();
  if (rows.length === 0) return null;
  return (
    <section className="dash-card dash-active" aria-labelledby="dash-active-title">
      <h2 id="dash-active-title">
        <Msg id="dashboard.active.title" />
      </h2>
      <ul className="dash-rows">
        {rows.slice(0, ACTIVE_SHOWN).map((row) => (
          <MedicationRow key={row.id} face={row}>
            <p className="dash-row__detail">
              <DosageDisplay dosage={row.dosage} />
            </p>
            <p className="dash-row__detail">
              <Msg id="dashboard.active.validUntil" values={{ date: formatDate(row.expiresAt) }} />
            </p>
          </MedicationRow>
        ))}
      </ul>
      <div className="button-row">
        <Link href={paths.order.href()} className="button button--primary">
          <Msg id="dashboard.reorder" />
        </Link>
        <Link href={paths.prescriptions.href()} className="dash-more">
          <Msg id="dashboard.active.all" values={{ count: rows.length }} />
        </Link>
      </div>
    </section>
  );
}
