import { Link } from 'wouter';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIOD_START_HOUR, INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import type { DashboardModel, PlanEntry, PlanPeriod } from './dashboard-rows';
import { MedicationName, MedicationPicture } from './medication-face';

/** Where the plan is, for the home-screen shortcut "Today's plan" (/dashboard#intake-plan). */
export const INTAKE_PLAN_ID = 'intake-plan';

const nextPeriod = (p: IntakePeriod): IntakePeriod => INTAKE_PERIODS[(INTAKE_PERIODS.indexOf(p) + 1) % INTAKE_PERIODS.length] as IntakePeriod;

function Entry({ entry }: { entry: PlanEntry }) {
  return (
    <li className="dash-med">
      <MedicationPicture face={entry} className="dash-med__picture" />
      <div className="dash-med__text">
        <p className="dash-med__name">
          <MedicationName face={entry} />
        </p>
        <p className="dash-med__units">
          <Msg id="dashboard.plan.units" values={{ units: entry.units }} />
        </p>
        {entry.intake ? (
          <p className="dash-med__note">
            <Msg id="dashboard.plan.intake" values={{ intake: entry.intake }} />
          </p>
        ) : null}
        {entry.comment ? (
          <p className="dash-med__note">
            <Msg id="dashboard.plan.comment" values={{ comment: entry.comment }} />
          </p>
        ) : null}
      </div>
    </li>
  );
}

function Period({ period }: { period: PlanPeriod }) {
  const headingId = `dash-period-${period.period}`;
  return (
    <li className={`dash-period${period.current ? ' dash-period--current' : ''}`} aria-current={period.current ? 'time' : undefined}>
      <div className="dash-period__head">
        {/* elementtiming: the browser notes when the current period is first painted (the benchmark reads it; monitoring could) */}
        <h3 id={headingId} className="dash-period__name" {...(period.current ? { elementtiming: 'intake-plan' } : {})}>
          <Msg id={INTAKE_PERIOD_LABEL[period.period]} />
          {period.current ? (
            <>
              {' '}
              <span className="dash-now">
                <Msg id="dashboard.plan.now" />
              </span>
            </>
          ) : null}
        </h3>
        <p className="dash-period__hours">
          <Msg id="dashboard.plan.hours" values={{ from: INTAKE_PERIOD_START_HOUR[period.period], to: INTAKE_PERIOD_START_HOUR[nextPeriod(period.period)] }} />
        </p>
      </div>
      {period.entries.length > 0 ? (
        <ul className="dash-meds" aria-labelledby={headingId}>
          {period.entries.map((entry) => (
            <Entry key={entry.prescriptionId} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="dash-period__nothing">
          <Msg id="dashboard.plan.nothing" />
        </p>
      )}
    </li>
  );
}

/** Without active prescriptions: what happens next, by where the patient stands. */
function EmptyPlan({ model }: { model: DashboardModel }) {
  const text = model.awaitingPrescription ? 'dashboard.plan.empty.awaiting' : model.hasSentPrescription ? 'dashboard.plan.empty.expired' : 'dashboard.plan.empty.none';
  return (
    <div className="dash-empty">
      <p>
        <Msg id={text} />
      </p>
      <div className="button-row">
        {model.awaitingPrescription ? null : (
          <Link href={paths.prescriptionsAdd.href()} className="button button--primary">
            <Msg id="dashboard.setup.sendLink" />
          </Link>
        )}
        <Link href={paths.prescriptionTutorial.href()} className="button button--secondary">
          <Msg id="title.prescriptionTutorial" />
        </Link>
      </div>
    </div>
  );
}

/**
 * spec §2 dashboard "today's intake plan (morning, noon, evening, night)": the period of now
 * first and marked (aria-current="time"), then the rest of the day; each medication with its
 * units for the period, picture, intake scheme and comment.
 */
export function IntakePlanSection({ model }: { model: DashboardModel }) {
  return (
    <section id={INTAKE_PLAN_ID} className="dash-plan" aria-labelledby="dash-plan-title" tabIndex={-1}>
      <h2 id="dash-plan-title">
        <Msg id="dashboard.plan.title" />
      </h2>
      {model.active.length === 0 ? (
        <EmptyPlan model={model} />
      ) : (
        <>
          {model.unreadableCount > 0 ? (
            <p className="notice notice--info">
              <Msg id="dashboard.plan.unreadable" values={{ count: model.unreadableCount }} />
            </p>
          ) : null}
          <ol className="dash-periods">
            {model.plan.map((period) => (
              <Period key={period.period} period={period} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
