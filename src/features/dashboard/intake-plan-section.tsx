import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useDoseMarking, type DoseMarking } from '../../data/hooks/use-dose-marking';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { doseStates, type DoseState, type MarkChoice } from '../../domain/doses/dose-marks';
import type { DueDose } from '../../domain/doses/doses-due';
import type { CustomerId } from '../../domain/entities';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIOD_START_HOUR, INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';
import { paths } from '../../domain/paths';
import type { CalendarDate } from '../../domain/zoned-time';
import { Msg } from '../../i18n/msg';
import { DoseCheck } from '../../ui/doses/dose-check';
import { notify } from '../../ui/notifications/notification-store';
import type { DashboardModel, PlanEntry, PlanPeriod } from './dashboard-rows';
import { MedicationName, MedicationPicture } from './medication-face';

/** Where the plan is, for the home-screen shortcut "Today's plan" (/dashboard#intake-plan). */
export const INTAKE_PLAN_ID = 'intake-plan';

const nextPeriod = (p: IntakePeriod): IntakePeriod => INTAKE_PERIODS[(INTAKE_PERIODS.indexOf(p) + 1) % INTAKE_PERIODS.length] as IntakePeriod;

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** The plan's doses with their standing marks, and how to mark them (null: no patient). */
interface Checking {
  marking: DoseMarking;
  marksDay: CalendarDate;
}

/** A tap's mark on its way: a refusal (a day outside the window, no prescription) is said in a bubble. */
function markAndSay(pending: ReturnType<DoseMarking['mark']>): void {
  void pending.then((result) => {
    if (!result.ok && result.error !== 'signed_out') notify('danger', `doses.refused.${result.error}`);
  });
}

const dueOf = (entry: PlanEntry, period: IntakePeriod, day: CalendarDate): DueDose => ({
  prescription_id: entry.prescriptionId,
  pharmacode: entry.pharmacode,
  day,
  period,
  units: entry.units,
});

function Entry({ entry, period, state, checking }: { entry: PlanEntry; period: IntakePeriod; state: DoseState | null; checking: Checking | null }) {
  const nameId = `dash-med-${period}-${entry.prescriptionId}`;
  const onMark = (choice: MarkChoice) => {
    if (checking && state) markAndSay(checking.marking.mark([state], choice));
  };
  return (
    <li className="dash-med">
      <MedicationPicture face={entry} className="dash-med__picture" />
      <div className="dash-med__text">
        <p className="dash-med__name" id={nameId}>
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
        {checking && state ? <DoseCheck labelledBy={nameId} id={nameId} state={state} editable onMark={onMark} /> : null}
      </div>
    </li>
  );
}

function Period({ period, checking }: { period: PlanPeriod; checking: Checking | null }) {
  const headingId = `dash-period-${period.period}`;
  const due = useMemo(() => (checking ? period.entries.map((e) => dueOf(e, period.period, checking.marksDay)) : []), [checking, period]);
  const states = useMemo(() => (checking ? doseStates(due, checking.marking.marks) : []), [checking, due]);
  const allTaken = states.length > 1 && states.some((s) => s.outcome !== 'taken');
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
          {period.entries.map((entry, i) => (
            <Entry key={entry.prescriptionId} entry={entry} period={period.period} state={states[i] ?? null} checking={checking} />
          ))}
        </ul>
      ) : (
        <p className="dash-period__nothing">
          <Msg id="dashboard.plan.nothing" />
        </p>
      )}
      {checking && allTaken ? (
        <button
          type="button"
          className="button button--secondary dose-all-taken"
          onClick={() => markAndSay(checking.marking.markAllTaken(due, { day: checking.marksDay, period: period.period }))}
        >
          <Msg id="doses.allTaken" values={{ period: <Msg id={INTAKE_PERIOD_LABEL[period.period]} />, hidden }} />
        </button>
      ) : null}
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
 * units for the period, picture, intake scheme and comment, and (issue 24) its check-off:
 * taken or skipped, unmarked again, "all taken" for a period; the way to the history.
 */
export interface PlanMarks {
  customerId: CustomerId | null;
  /** the day the plan's doses are of (doseSlotAt(now).day: the night after midnight is the day before's) */
  day: CalendarDate;
  /** the mirror's marks of that day */
  marks: readonly DoseMark[];
}

export function IntakePlanSection({ model, marks }: { model: DashboardModel; marks: PlanMarks }) {
  const marking = useDoseMarking(marks.customerId, marks.marks);
  const checking = useMemo<Checking | null>(() => (marks.customerId ? { marking, marksDay: marks.day } : null), [marking, marks.customerId, marks.day]);
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
              <Period key={period.period} period={period} checking={checking} />
            ))}
          </ol>
          <p className="dash-plan__history">
            <Link href={paths.dosesHistory.href()} className="dash-more">
              <Msg id="doses.history.link" />
            </Link>
          </p>
          <p>
            <Link href={paths.planEmediplan.href()} className="button button--secondary">
              <Msg id="emediplan.open" />
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
