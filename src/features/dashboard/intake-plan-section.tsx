import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useDoseMarking, type DoseMarking } from '../../data/hooks/use-dose-marking';
import { useMayAct } from '../../data/hooks/use-session';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { doseStates } from '../../domain/doses/dose-marks';
import { withHelpers } from '../../domain/doses/marked-by';
import type { HelperActor } from '../../domain/caregivers/grants';
import type { DueDose } from '../../domain/doses/doses-due';
import type { CustomerId } from '../../domain/entities';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIOD_START_HOUR, INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';
import { paths } from '../../domain/paths';
import type { CalendarDate } from '../../domain/zoned-time';
import { Msg } from '../../i18n/msg';
import { AllTaken } from '../../ui/doses/all-taken';
import { DoseRow } from '../../ui/doses/dose-row';
import { notify } from '../../ui/notifications/notification-store';
import { useSlices } from '../../ui/use-slices';
import type { DashboardModel, PlanEntry, PlanPeriod } from './dashboard-rows';
import { MedicationName, MedicationPicture } from './medication-face';
import { currentHash, INTAKE_PLAN_ID, periodOfHash, periodToggleId, usePlanHash } from './plan-hash';
import { planShownAt, type PeriodShown } from './plan-parts';

const nextPeriod = (p: IntakePeriod): IntakePeriod => INTAKE_PERIODS[(INTAKE_PERIODS.indexOf(p) + 1) % INTAKE_PERIODS.length] as IntakePeriod;

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

function entryNotes(entry: PlanEntry) {
  return [
    entry.intake ? <Msg key="intake" id="dashboard.plan.intake" values={{ intake: entry.intake }} /> : null,
    entry.comment ? <Msg key="comment" id="dashboard.plan.comment" values={{ comment: entry.comment }} /> : null,
  ].filter((note) => note !== null);
}

interface PeriodProps {
  period: PlanPeriod;
  open: boolean;
  /** how much of it is rendered yet (plan-parts.ts) */
  shown: PeriodShown;
  onToggle: (period: IntakePeriod) => void;
  marking: DoseMarking;
  marksDay: CalendarDate;
  helpers: PlanMarks['helpers'];
  /** the doses can be marked here (not by a helper without the right to tick, issue 41) */
  editable: boolean;
}

/**
 * One period of the day: its heading is the button that opens and closes it (the current one is
 * open), saying how much of it is taken ("5 von 6 genommen", skipped ones counted too); open, its
 * doses as compact rows, "all taken" and the period's hours.
 */
function Period({ period, open, shown, onToggle, marking, marksDay, helpers, editable }: PeriodProps) {
  const toggleId = periodToggleId(period.period);
  const panelId = `${toggleId}-doses`;
  const due = useMemo(() => period.entries.map((e) => dueOf(e, period.period, marksDay)), [period, marksDay]);
  const states = useMemo(() => withHelpers(doseStates(due, marking.marks), helpers), [due, marking.marks, helpers]);
  const taken = states.filter((s) => s.outcome === 'taken').length;
  const skipped = states.filter((s) => s.outcome === 'skipped').length;
  const label = <Msg id={INTAKE_PERIOD_LABEL[period.period]} />;
  return (
    <li className={`dash-period${period.current ? ' dash-period--current' : ''}${open ? ' dash-period--open' : ''}`} aria-current={period.current ? 'time' : undefined}>
      <h3 className="dash-period__head">
        <button type="button" id={toggleId} className="dash-period__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => onToggle(period.period)}>
          <span className="dash-period__label">
            {/* elementtiming: the browser notes when the current period is first painted (the benchmark reads it;
                monitoring could). On the text's own box: a flex item (the label is a flex box), so the name
                span, not the heading, is the element the browser credits the text to */}
            <span className="dash-period__name" {...(period.current ? { elementtiming: 'intake-plan' } : {})}>
              {label}
            </span>
            {period.current ? (
              <>
                {' '}
                <span className="dash-now">
                  <Msg id="dashboard.plan.now" />
                </span>
              </>
            ) : null}
            <span className="dash-period__sum">
              <span className="visually-hidden">: </span>
              {due.length === 0 ? <Msg id="dashboard.plan.summaryNothing" /> : <Msg id="dashboard.plan.summary" values={{ taken, due: due.length, skipped }} />}
            </span>
          </span>
        </button>
      </h3>
      <div id={panelId} className="dash-period__panel" hidden={!open}>
        {open ? (
          <>
            {/* nothing to take: the heading says so */}
            {shown.rows > 0 ? (
              <ul className="dose-rows" aria-labelledby={toggleId}>
                {period.entries.slice(0, shown.rows).map((entry, i) => {
                  const state = states[i]!;
                  return (
                    <DoseRow
                      key={entry.prescriptionId}
                      id={`dash-med-${period.period}-${entry.prescriptionId}`}
                      name={<MedicationName face={entry} />}
                      period={label}
                      units={entry.units}
                      notes={entryNotes(entry)}
                      picture={<MedicationPicture face={entry} className="dash-med__picture" />}
                      state={state}
                      editable={editable}
                      onMark={(choice) => markAndSay(marking.mark([state], choice))}
                    />
                  );
                })}
              </ul>
            ) : null}
            {shown.foot ? (
              <div className="dash-period__foot">
                {editable ? <AllTaken outcomes={states.map((s) => s.outcome)} period={label} onAllTaken={() => markAndSay(marking.markAllTaken(due, { day: marksDay, period: period.period }))} /> : null}
                {/* the period's hours beside "all taken": no line of their own (issue 38) */}
                <p className="dash-period__hours">
                  <Msg id="dashboard.plan.hours" values={{ from: INTAKE_PERIOD_START_HOUR[period.period], to: INTAKE_PERIOD_START_HOUR[nextPeriod(period.period)] }} />
                </p>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
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

/** The open periods: the current one, and those the patient (or the address) opened while it is current. */
function useOpenPeriods(current: IntakePeriod | null): [ReadonlySet<IntakePeriod>, (period: IntakePeriod) => void, (period: IntakePeriod) => void] {
  const opening = (): Set<IntakePeriod> => new Set(current ? [current] : []);
  const [opened, setOpened] = useState(() => {
    const asked = periodOfHash(currentHash());
    return { current, open: asked ? opening().add(asked) : opening() };
  });
  // the clock moved on to another period: it is open, the others closed
  const open = opened.current === current ? opened.open : opening();
  const change = useCallback(
    (period: IntakePeriod, to: (was: boolean) => boolean) =>
      setOpened((before) => {
        const next = new Set(before.current === current ? before.open : current ? [current] : []);
        if (to(next.has(period))) next.add(period);
        else next.delete(period);
        return { current, open: next };
      }),
    [current],
  );
  const toggle = useCallback((period: IntakePeriod) => change(period, (was) => !was), [change]);
  const show = useCallback((period: IntakePeriod) => change(period, () => true), [change]);
  return [open, toggle, show];
}

/**
 * spec §2 dashboard "today's intake plan (morning, noon, evening, night)": the periods in the
 * order of the day, the one of now marked (aria-current="time", "now") and open, each of the
 * others one line saying how much of it is taken, opened with a tap (issue 38: today on one
 * screen). Each medication with its units for the period, intake scheme and comment, and (issue
 * 24) its check-off: taken by one tap, skipped with a reason behind "more", "all taken" for a
 * period; the way to the history and the eMediplan.
 */
export interface PlanMarks {
  customerId: CustomerId | null;
  /** the day the plan's doses are of (doseSlotAt(now).day: the night after midnight is the day before's) */
  day: CalendarDate;
  /** the mirror's marks of that day */
  marks: readonly DoseMark[];
  /** those of them a helper made, by markIdentity: the row names them (issue 41) */
  helpers: ReadonlyMap<string, HelperActor>;
}

export interface IntakePlanProps {
  model: DashboardModel;
  marks: PlanMarks;
  /** once the whole plan is rendered (what lies below it waits for that: plan-parts.ts); must keep its identity */
  onComplete?: () => void;
}

export function IntakePlanSection({ model, marks, onComplete }: IntakePlanProps) {
  const marking = useDoseMarking(marks.customerId, marks.marks);
  // issue 41: a helper without the right to tick sees the marks, without the buttons
  const mayTick = useMayAct('tick');
  const current = model.plan.find((p) => p.current)?.period ?? null;
  const [open, toggle, show] = useOpenPeriods(current);
  usePlanHash(show);
  // a part per frame (plan-parts.ts); an address into the plan (a reminder, the shortcut) finds all of it at once
  const [whole] = useState(() => currentHash() !== '');
  const empty = model.active.length === 0;
  const total = planShownAt(model.plan, open, Infinity).total;
  const parts = useSlices(total, { first: 1, perFrame: 1, whole: whole || empty });
  const shown = planShownAt(model.plan, open, parts);
  const complete = empty || parts >= total;
  useEffect(() => {
    if (complete) onComplete?.();
  }, [complete, onComplete]);
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
            {shown.periods.map((periodShown, i) => {
              const period = model.plan[i]!;
              return (
                <Period key={period.period} period={period} open={open.has(period.period)} shown={periodShown} onToggle={toggle} marking={marking} marksDay={marks.day} helpers={marks.helpers} editable={mayTick} />
              );
            })}
          </ol>
          {shown.links ? (
            <p className="dash-plan__links">
              <Link href={paths.dosesHistory.href()} className="dash-more">
                <Msg id="doses.history.link" />
              </Link>
              <Link href={paths.planEmediplan.href()} className="dash-more">
                <Msg id="emediplan.open" />
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
