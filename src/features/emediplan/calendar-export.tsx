import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { planReminders, type Reminder } from '../../domain/emediplan/plan-reminders';
import { doseGlyph } from '../../domain/dose-glyph';
import { INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';
import { Msg, useMsg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { usePackUnit } from '../../ui/use-pack-unit';
import { downloadText } from './download-text';
import type { Emediplan } from './use-emediplan';

type State = 'idle' | 'busy' | 'done' | 'failed';

/**
 * "Add to my calendar": an iCalendar file (RFC 5545, src/domain/icalendar/plan-calendar.ts) with
 * one daily event per period that has medication, at the patient's times in Zurich, listing
 * what to take, with a reminder at the time, until the last expiry. The builder is loaded on the
 * first press only. A medication that ends earlier says until when.
 */
export function CalendarExport({ plan }: { plan: Emediplan }) {
  const intl = useIntl();
  const t = useMsg();
  const lang = useIntlLanguage();
  const formatDate = useCalendarDate();
  const packUnit = usePackUnit();
  const [state, setState] = useState<State>('idle');
  const reminders = useMemo(() => planReminders(plan.sheet), [plan.sheet]);
  const { until } = reminders;

  if (until === null) {
    return (
      <p className="emp-calendar__none">
        <Msg id="emediplan.calendar.nothing" />
      </p>
    );
  }

  const lineOf = ({ line, dose }: Reminder): string => {
    const unit = packUnit(line.unit);
    const values = { name: line.name ?? t('prescriptions.medicationFallback', { pharmacode: line.id }), dose: doseGlyph(dose) ?? intl.formatNumber(dose), unit: unit ?? '' };
    const text = t(unit ? 'emediplan.calendar.line' : 'emediplan.calendar.lineNoUnit', values);
    return line.to !== null && line.to < until ? t('emediplan.calendar.lineUntil', { line: text, date: formatDate(line.to) }) : text;
  };

  const add = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const { planCalendar } = await import('../../domain/icalendar/plan-calendar');
      const periods = Object.fromEntries(INTAKE_PERIODS.map((p) => [p, reminders.periods[p].map(lineOf)])) as Record<IntakePeriod, string[]>;
      const text = planCalendar({
        periods,
        until,
        now: new Date(),
        uid: `emediplan-${plan.customerId}@${location.hostname}`,
        lang,
        times: plan.times,
        calendarName: t('emediplan.calendar.name'),
      });
      downloadText(text, t('emediplan.calendar.fileName'), 'text/calendar;charset=utf-8');
      setState('done');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="emp-calendar">
      <p className="emp-calendar__hint">
        <Msg id="emediplan.calendar.hint" values={{ date: formatDate(until) }} />
      </p>
      <button type="button" className="button button--secondary" onClick={() => void add()} aria-disabled={state === 'busy' || undefined}>
        <Msg id="emediplan.calendar.add" />
      </button>
      <p className="emp-calendar__status" role="status">
        {state === 'done' ? <Msg id="emediplan.calendar.done" /> : state === 'failed' ? <Msg id="emediplan.calendar.failed" /> : null}
      </p>
    </div>
  );
}
