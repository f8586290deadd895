import { useDeferredValue, useMemo } from 'react';
import { Link } from 'wouter';
import { ADHERENCE_DAYS, medicationAdherence, weekGrid, WEEK_DAYS } from '../../domain/doses/adherence';
import { MARK_WINDOW_DAYS } from '../../domain/doses/dose-marks';
import { doseSlotAt, type DoseSlot } from '../../domain/doses/dose-slot';
import { paths } from '../../domain/paths';
import { addDays, dateInTimeZone, toCalendarDate, type CalendarDate } from '../../domain/zoned-time';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { useSlices } from '../../ui/use-slices';
import { AdherenceFigure } from './adherence-figure';
import { DayName } from './day-name';
import type { DosesData } from './use-doses-data';
import { WeekGridFigure } from './week-grid';
import './doses.css';

/** The week to show: the day asked for (the week's last day), never after today. */
export function weekEndOf(asked: string | null, today: CalendarDate): CalendarDate {
  const day = asked ? toCalendarDate(asked) : null;
  return day !== null && day === asked && day < today ? day : today;
}

/**
 * /doses/history (issue 24): the week grid (7 days × 4 periods, a week at a time), the way to
 * fill in the last days, the last 30 days per medication, and the report for the doctor. All
 * from the mirror, so it reads offline.
 */
export function HistoryScreen({ data, now, week }: { data: DosesData; now: Date; week: string | null }) {
  const formatDate = useCalendarDate();
  const current = doseSlotAt(now);
  const today = dateInTimeZone(now);
  const end = weekEndOf(week, today);
  const grid = useMemo(() => weekGrid(data.prescriptions, data.marks, end, { current, supply: data.supply }), [data, end, current.day, current.period]); // eslint-disable-line react-hooks/exhaustive-deps
  const fillIn = Array.from({ length: MARK_WINDOW_DAYS + 1 }, (_, i) => addDays(today, -i));
  const later = addDays(end, WEEK_DAYS);
  // the week first; its table for assistive technology and the sections below it in the frames
  // after (each a layout of its own)
  const shown = useSlices(4, { first: 1, perFrame: 1 });
  return (
    <section className="page doses" aria-labelledby="doses-title">
      <h1 id="doses-title">
        <Msg id="title.dosesHistory" />
      </h1>

      <section aria-labelledby="doses-week-title">
        <h2 id="doses-week-title">
          <Msg id="doses.history.week" values={{ from: formatDate(grid.days[0] ?? end), to: formatDate(end) }} />
        </h2>
        <nav className="button-row doses__week-nav" aria-labelledby="doses-week-title">
          <Link href={paths.dosesHistory.href({ week: addDays(end, -WEEK_DAYS) })} className="button button--secondary">
            <Msg id="doses.history.previousWeek" />
          </Link>
          {end < today ? (
            <Link href={paths.dosesHistory.href({ week: later < today ? later : null })} className="button button--secondary">
              <Msg id="doses.history.nextWeek" />
            </Link>
          ) : null}
        </nav>
        <WeekGridFigure grid={grid} withTable={shown > 1} />
      </section>

      {shown > 2 ? (
        <section aria-labelledby="doses-fill-title">
          <h2 id="doses-fill-title">
            <Msg id="doses.history.fillIn" />
          </h2>
          <p>
            <Msg id="doses.history.fillInText" />
          </p>
          <ul className="doses__days">
            {fillIn.map((day) => (
              <li key={day}>
                <Link href={paths.dosesDay.href(day)} className="doses__day-link">
                  <DayName day={day} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {shown > 3 ? <AdherenceSection data={data} today={today} current={current} /> : null}
    </section>
  );
}

/**
 * The last 30 days per medication, counted in a component of its own from the data a render
 * behind (useDeferredValue): counting 30 days of doses is 30–35 ms at 4× CPU, and in the
 * screen's own render, with the week and its layout, a new read of the mirror (the data layer's
 * takeover, a pull) made one task of 60–70 ms. Now the week comes first, and the counting in a
 * render React may yield before and after.
 */
function AdherenceSection({ data, today, current }: { data: DosesData; today: CalendarDate; current: DoseSlot }) {
  const counted = useDeferredValue(data);
  const summary = useMemo(() => medicationAdherence(counted.prescriptions, counted.marks, today, { current, supply: counted.supply }), [counted, today, current.day, current.period]); // eslint-disable-line react-hooks/exhaustive-deps
  // the same element while the counts stand: the urgent render passes the figure by
  const figure = useMemo(() => <AdherenceFigure summary={summary} names={counted.names} days={ADHERENCE_DAYS} />, [summary, counted.names]);
  return (
    <section aria-labelledby="doses-adherence-title">
      <h2 id="doses-adherence-title">
        <Msg id="doses.history.adherenceTitle" values={{ days: ADHERENCE_DAYS }} />
      </h2>
      {figure}
      <p>
        <Link href={paths.dosesReport.href()} className="button button--primary">
          <Msg id="doses.history.reportLink" />
        </Link>
      </p>
    </section>
  );
}
