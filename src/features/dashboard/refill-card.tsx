import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { MedicationRow } from './medication-face';
import type { RefillModel } from './refill-rows';

/**
 * The "running low" card (issue 25): the products that run out within the lead time, each with
 * the last day it covers, and one button that puts exactly them with their usual amounts in the
 * draft and opens the selection; below, the prescriptions that expire before the next reorder,
 * each with its expiry date, and the way to send a new one. Those expiring within 14 days are
 * the expiring section's beside the card (spec §2), with the same way: one list of them, not
 * two (issue 38). Nothing to say: no card.
 */
export function RefillCard({ model, onReorder }: { model: RefillModel; onReorder: () => void }) {
  const formatDate = useCalendarDate();
  const { runningLow } = model;
  const renewals = model.renewals.filter((r) => r.reason === 'expires_before_reorder');
  if (runningLow.length === 0 && renewals.length === 0) return null;
  const RenewalHeading = runningLow.length > 0 ? 'h3' : 'h2';
  return (
    <section className="dash-card dash-refill" aria-labelledby={runningLow.length > 0 ? 'dash-refill-title' : 'dash-renewal-title'}>
      {runningLow.length > 0 ? (
        <>
          <h2 id="dash-refill-title">
            <Msg id="dashboard.refill.title" />
          </h2>
          <p>
            <Msg id="dashboard.refill.hint" />
          </p>
          <ul className="dash-rows">
            {runningLow.map((row) => (
              <MedicationRow key={row.prescriptionId} face={row}>
                <p className="dash-row__detail dash-refill__when">
                  {row.daysCovered < 0 ? (
                    <Msg id="dashboard.refill.out" values={{ date: formatDate(row.runsOutOn) }} />
                  ) : (
                    <Msg id="dashboard.refill.until" values={{ days: row.daysCovered, date: formatDate(row.lastCoveredDay) }} />
                  )}
                </p>
              </MedicationRow>
            ))}
          </ul>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={onReorder}>
              <Msg id="dashboard.refill.reorder" values={{ count: runningLow.length }} />
            </button>
          </div>
        </>
      ) : null}
      {renewals.length > 0 ? (
        <div className="dash-refill__renewals">
          <RenewalHeading id="dash-renewal-title">
            <Msg id="dashboard.renewal.title" />
          </RenewalHeading>
          <p>
            <Msg id="dashboard.renewal.hint" />
          </p>
          <ul className="dash-rows">
            {renewals.map((row) => (
              <MedicationRow key={row.prescriptionId} face={row}>
                <p className="dash-row__detail dash-refill__expires">
                  <Msg id="dashboard.renewal.beforeReorder" values={{ date: formatDate(row.expiresAt) }} />
                </p>
              </MedicationRow>
            ))}
          </ul>
          <div className="button-row">
            <Link href={paths.prescriptionsAdd.href()} className="button button--secondary">
              <Msg id="dashboard.renewal.send" />
            </Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}
