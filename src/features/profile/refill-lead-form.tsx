import { useMemo } from 'react';
import { usePlanSettings, useSaveRefillLeadDays } from '../../data/hooks/use-plan-settings';
import { saveDelivery } from '../../data/hooks/use-save';
import { refillLeadDaysOf } from '../../domain/plan-settings';
import { REFILL_LEAD_MAX, REFILL_LEAD_MIN, refillLeadSchema, type RefillLeadOutput } from '../../domain/schemas/refill-lead';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { useProfileForm } from '../../ui/profile-forms/use-profile-form';
import type { SaveDelivery } from '../../ui/save-feedback';

const UNCHANGED: SaveDelivery = { state: 'refused', code: 'unchanged' };

/**
 * How many days before a medication runs out the dashboard asks to reorder (issue 25): kept
 * with the patient's profile (the plan settings, synced to their other devices), saved
 * through the outbox, offline too. Nothing stored: the default, 10 days.
 */
export function RefillLeadForm() {
  const settings = usePlanSettings();
  if (settings === undefined) return null;
  return <LoadedRefillLeadForm days={refillLeadDaysOf(settings)} />;
}

function LoadedRefillLeadForm({ days }: { days: number }) {
  const save = useSaveRefillLeadDays();
  const stored = useMemo(() => ({ refill_lead_days: String(days) }), [days]);
  const form = useProfileForm<{ refill_lead_days: string }, typeof refillLeadSchema, RefillLeadOutput>({
    stored,
    existing: true,
    schema: refillLeadSchema,
    toSave: (output) => output,
    toValues: (saved) => ({ refill_lead_days: String(saved.refill_lead_days) }),
    onSave: async (changed) => (changed.refill_lead_days === undefined ? UNCHANGED : saveDelivery(await save(changed.refill_lead_days))),
    successId: 'refillLead.saved',
  });
  return (
    <section className="refill-lead" aria-labelledby="refill-lead-title">
      <h2 id="refill-lead-title">
        <Msg id="refillLead.title" />
      </h2>
      <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit}>
        <TextField
          name="refill_lead_days"
          inputMode="numeric"
          label={<Msg id="refillLead.label" />}
          hint={<Msg id="refillLead.hint" values={{ min: REFILL_LEAD_MIN, max: REFILL_LEAD_MAX }} />}
          value={form.values.refill_lead_days}
          errorId={form.errors.refill_lead_days}
          onChange={(e) => form.set('refill_lead_days', e.target.value)}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={form.sending}>
            <Msg id={form.sending ? 'profile.basedata.saving' : 'refillLead.save'} />
          </button>
        </div>
      </form>
    </section>
  );
}
