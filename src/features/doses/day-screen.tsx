import { useMemo } from 'react';
import { Link } from 'wouter';
import { useDoseMarking, type DoseMarking, type MarkResult } from '../../data/hooks/use-dose-marking';
import { useMayAct } from '../../data/hooks/use-session';
import { canMarkDay, doseStates, type DoseState } from '../../domain/doses/dose-marks';
import { dosesDueOn } from '../../domain/doses/doses-due';
import { withHelpers } from '../../domain/doses/marked-by';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';
import { paths } from '../../domain/paths';
import type { HelperActor } from '../../domain/caregivers/grants';
import { addDays, dateInTimeZone, toCalendarDate } from '../../domain/zoned-time';
import { Msg } from '../../i18n/msg';
import { AllTaken } from '../../ui/doses/all-taken';
import { DoseRow } from '../../ui/doses/dose-row';
import { notify } from '../../ui/notifications/notification-store';
import { useSlices } from '../../ui/use-slices';
import { DayName } from './day-name';
import type { DosesData } from './use-doses-data';
import './doses.css';

function say(pending: Promise<MarkResult>): void {
  void pending.then((result) => {
    if (!result.ok && result.error !== 'signed_out') notify('danger', `doses.refused.${result.error}`);
  });
}

interface PeriodProps {
  period: IntakePeriod;
  states: (DoseState & { by: HelperActor | null })[];
  editable: boolean;
  marking: DoseMarking;
  names: DosesData['names'];
}

function PeriodDoses({ period, states, editable, marking, names }: PeriodProps) {
  const headingId = `doses-period-${period}`;
  const label = <Msg id={INTAKE_PERIOD_LABEL[period]} />;
  return (
    <section className="doses__period" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      {states.length === 0 ? (
        <p className="doses__nothing">
          <Msg id="doses.day.nothing" />
        </p>
      ) : (
        <ul className="dose-rows" aria-labelledby={headingId}>
          {states.map((state) => (
            <DoseRow
              key={state.prescription_id}
              id={`doses-${period}-${state.prescription_id}`}
              name={names.get(state.pharmacode) ?? String(state.pharmacode)}
              period={label}
              units={state.units}
              state={state}
              editable={editable}
              onMark={(choice) => say(marking.mark([state], choice))}
            />
          ))}
        </ul>
      )}
      {editable ? <AllTaken outcomes={states.map((s) => s.outcome)} period={label} onAllTaken={() => say(marking.markAllTaken(states, { day: states[0]!.day, period }))} /> : null}
    </section>
  );
}

/**
 * /doses/day/{day} (issue 24, late entries): the plan of one day with each dose's mark, to fill
 * in afterwards ("yesterday evening I took it") — today and the 7 days before; an older day is
 * shown as it stands, a later one not at all. Marks made after their day show as entered later.
 */
export function DayScreen({ data, now, day }: { data: DosesData; now: Date; day: string }) {
  const valid = toCalendarDate(day) === day;
  const today = dateInTimeZone(now);
  // issue 41: a helper without the right to tick sees the day as it stands
  const mayTick = useMayAct('tick');
  const editable = valid && canMarkDay(day, now) && mayTick;
  const dayMarks = useMemo(() => data.marks.filter((m) => m.day === day), [data.marks, day]);
  const marking = useDoseMarking(data.customer.id, dayMarks);
  const due = useMemo(() => (valid && day <= today ? dosesDueOn(data.prescriptions, day, data.supply).doses : []), [data.prescriptions, data.supply, day, today, valid]);
  const periods = valid && day <= today ? INTAKE_PERIODS : [];
  // the first period first; the others and the day's navigation below them in the frames after (each a layout of its own)
  const shown = useSlices(periods.length + 1, { first: 1, perFrame: 1 });
  const states = useMemo(() => withHelpers(doseStates(due, marking.marks), data.markedBy), [due, marking.marks, data.markedBy]);
  return (
    <section className="page doses" aria-labelledby="doses-title">
      <h1 id="doses-title">
        <Msg id="title.dosesDay" />
      </h1>
      {!valid ? (
        <p className="notice notice--info">
          <Msg id="doses.day.invalid" />
        </p>
      ) : (
        <>
          <p className="doses__date">
            <Msg id="doses.day.heading" values={{ date: <DayName day={day} /> }} />
          </p>
          {day > today ? (
            <p className="notice notice--info">
              <Msg id="doses.day.future" />
            </p>
          ) : !editable ? (
            <p className="notice notice--info">
              <Msg id="doses.day.readOnly" />
            </p>
          ) : null}
          {periods.slice(0, shown).map((period) => (
            <PeriodDoses key={period} period={period} states={states.filter((s) => s.period === period)} editable={editable} marking={marking} names={data.names} />
          ))}
        </>
      )}
      {shown > periods.length ? (
        <nav className="button-row doses__day-nav" aria-labelledby="doses-title">
          {valid ? (
            <Link href={paths.dosesDay.href(addDays(day, -1))} className="button button--secondary">
              <Msg id="doses.day.previous" />
            </Link>
        ) : null}
        {valid && day < today ? (
          <Link href={paths.dosesDay.href(addDays(day, 1))} className="button button--secondary">
            <Msg id="doses.day.next" />
          </Link>
        ) : null}
        <Link href={paths.dosesHistory.href()} className="button button--secondary">
          <Msg id="doses.day.back" />
        </Link>
      </nav>
      ) : null}
    </section>
  );
}
