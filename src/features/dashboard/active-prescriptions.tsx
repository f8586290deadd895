import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { DosageDisplay } from '../../ui/dosage-display';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { useDisclosure, wideWindow } from '../../ui/use-disclosure';
import type { ActiveRow } from './dashboard-rows';
import { MedicationRow } from './medication-face';

/** From this width (spec §9: a phone is narrower) the list is open from the start; on a phone one tap away (issue 38). */
const WIDE = '431px';

/** At most this many active prescriptions on the dashboard; all of them are on /prescriptions. */
export const ACTIVE_SHOWN = 2;

/**
 * spec §2 dashboard "active prescriptions": the first few, expiring soonest first, each with its
 * dosage and expiry on one line; the reorder link, and all of them one link away (/prescriptions).
 */
export function ActivePrescriptions({ rows }: { rows: readonly ActiveRow[] }) {
  const formatDate = useCalendarDate();
  const list = useDisclosure('dash-active-list', wideWindow(WIDE));
  if (rows.length === 0) return null;
  return (
    <section className="dash-card dash-active" aria-labelledby="dash-active-title">
      <h2 className="dash-active__head">
        <button type="button" id="dash-active-title" className="dash-toggle" {...list.button}>
          <Msg id="dashboard.active.title" />
        </button>
      </h2>
      <div {...list.panel}>
        <ul className="dash-rows">
          {rows.slice(0, ACTIVE_SHOWN).map((row) => (
            <MedicationRow key={row.id} face={row}>
              <p className="dash-row__detail dash-active__detail">
                <DosageDisplay dosage={row.dosage} />{' '}
                <span>
                  <Msg id="dashboard.active.validUntil" values={{ date: formatDate(row.expiresAt) }} />
                </span>
              </p>
            </MedicationRow>
          ))}
        </ul>
        <div className="dash-card__actions">
          <Link href={paths.order.href()} className="dash-more">
            <Msg id="dashboard.reorder" />
          </Link>
          <Link href={paths.prescriptions.href()} className="dash-more">
            <Msg id="dashboard.active.all" values={{ count: rows.length }} />
          </Link>
        </div>
      </div>
    </section>
  );
}
