import { useMemo } from 'react';
import { saveDelivery } from '../../data/hooks/use-save';
import { useSavePeriodTimes } from '../../data/hooks/use-plan-settings';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIODS } from '../../domain/intake-plan';
import { PERIOD_TIME_COLUMN, periodTimeColumns, type PeriodTimeColumn, type PeriodTimes } from '../../domain/plan-settings';
import { planTimesSchema, type PlanTimesOutput } from '../../domain/schemas/plan-times';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { useProfileForm } from '../../ui/profile-forms/use-profile-form';
import type { SaveDelivery } from '../../ui/save-feedback';
import { useDisclosure, wideWindow } from '../../ui/use-disclosure';
import { EMP_WIDE } from './plan-contents';

type Values = Record<PeriodTimeColumn, string>;

const UNCHANGED: SaveDelivery = { state: 'refused', code: 'unchanged' };

/**
 * The plan's period times (kept with the patient's profile, synced to their other devices): the
 * columns of the printed plan and the times of the calendar's events and reminders. All four
 * are saved together, so the device never sends a set the server would find out of order.
 * On a phone the form is one tap away behind its heading, which says the times (issue 38); the
 * form stays mounted while hidden, so what was typed is kept.
 */
export function PlanTimesForm({ times }: { times: PeriodTimes }) {
  const save = useSavePeriodTimes();
  const stored = useMemo(() => periodTimeColumns(times), [times]);
  const form = useProfileForm<Values, typeof planTimesSchema, PlanTimesOutput>({
    stored,
    existing: false,
    schema: planTimesSchema,
    toSave: (output) => output,
    toValues: (saved) => saved,
    onSave: async (changed) => {
      const next = { ...stored, ...changed };
      if (INTAKE_PERIODS.every((p) => next[PERIOD_TIME_COLUMN[p]] === stored[PERIOD_TIME_COLUMN[p]])) return UNCHANGED;
      return saveDelivery(await save(next));
    },
    successId: 'emediplan.times.saved',
  });
  const panel = useDisclosure('emp-times-panel', wideWindow(EMP_WIDE));
  return (
    <section className="emp-times" aria-labelledby="emp-times-title">
      <h2 className="emp-times__head">
        <button type="button" id="emp-times-title" className="emp-toggle" {...panel.button}>
          <Msg id="emediplan.times.title" />
          <span className="emp-toggle__sum">
            <span className="visually-hidden">: </span>
            {INTAKE_PERIODS.map((p) => stored[PERIOD_TIME_COLUMN[p]]).join(', ')}
          </span>
        </button>
      </h2>
      <div {...panel.panel}>
        <p className="emp-times__hint" id="emp-times-hint">
          <Msg id="emediplan.times.hint" />
        </p>
        <form ref={form.formRef} className="form emp-times__form" noValidate onSubmit={form.onSubmit} aria-describedby="emp-times-hint">
          <div className="emp-times__fields">
            {INTAKE_PERIODS.map((period) => {
              const column = PERIOD_TIME_COLUMN[period];
              return (
                <TextField
                  key={period}
                  name={column}
                  type="time"
                  label={<Msg id={INTAKE_PERIOD_LABEL[period]} />}
                  value={form.values[column]}
                  errorId={form.errors[column]}
                  onChange={(e) => form.set(column, e.target.value)}
                />
              );
            })}
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={form.sending}>
              <Msg id={form.sending ? 'profile.basedata.saving' : 'emediplan.times.save'} />
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
