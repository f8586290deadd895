import { useMemo } from 'react';
import type { InsuranceRead } from '../../domain/entities';
import { insuranceSchema, type InsuranceOutput } from '../../domain/schemas/insurance';
import { Msg } from '../../i18n/msg';
import { ComboboxField } from '../form/combobox-field';
import { TextField } from '../form/text-field';
import type { SaveDelivery } from '../save-feedback';
import { useProfileForm } from './use-profile-form';
import './profile-forms.css';

/** The insurance as saved (spec §3 save form, table webshop_customer_insurance). */
export interface InsuranceSave {
  insurance: string;
  veka_nr: string;
  police_nr: string;
  additional_insurance: string | null;
  additional_insurance_nr: string | null;
}

interface Values {
  insurance: string;
  veka_nr: string;
  police_nr: string;
  additional_insurance: string;
  additional_insurance_nr: string;
}

const text = (v: string | null | undefined) => v ?? '';

export function insuranceValues(stored: Omit<InsuranceRead, 'id' | 'customer_id'> | null): Values {
  return {
    insurance: text(stored?.insurance_name),
    veka_nr: text(stored?.insurance_nr),
    police_nr: text(stored?.insurance_police_nr),
    additional_insurance: text(stored?.voluntary_insurance_name),
    additional_insurance_nr: text(stored?.voluntary_insurance_nr),
  };
}

const toSave = (o: InsuranceOutput): InsuranceSave => ({
  insurance: o.insurance,
  veka_nr: o.veka_nr,
  police_nr: o.police_nr,
  additional_insurance: o.additional_insurance || null,
  additional_insurance_nr: o.additional_insurance_nr || null,
});

const toValues = (s: InsuranceSave): Partial<Values> => ({ ...s, additional_insurance: text(s.additional_insurance), additional_insurance_nr: text(s.additional_insurance_nr) });

export interface InsuranceFormProps {
  /** the latest insurance in its read form (spec §3); null: none yet */
  stored: Omit<InsuranceRead, 'id' | 'customer_id'> | null;
  /** the insurer list (pharmindex_insurance.descr1, deduplicated and sorted) */
  insurers: readonly string[];
  onSave: (changed: Partial<InsuranceSave>) => Promise<SaveDelivery>;
  onSaved?: () => void;
  /** message id of the submit button */
  submitId?: string;
}

/**
 * Health insurance (spec §3, §5): insurer chosen from the list (a searchable combobox: there
 * are dozens), card number (spaces removed, 20 digits, starting 8075), policy number, and the
 * optional voluntary insurer with its number (digits only).
 */
export function InsuranceForm({ stored, insurers, onSave, onSaved, submitId = 'profile.save' }: InsuranceFormProps) {
  const schema = useMemo(() => insuranceSchema(insurers), [insurers]);
  const form = useProfileForm({
    stored: useMemo(() => insuranceValues(stored), [stored]),
    existing: stored !== null,
    schema,
    toSave,
    toValues,
    onSave,
    successId: 'profile.insurance.saved',
    ...(onSaved && { onSaved }),
  });
  const field = (name: keyof Values) => ({
    name,
    value: form.values[name],
    errorId: form.errors[name],
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
  });
  return (
    <form ref={form.formRef} className="form profile-form" noValidate onSubmit={form.onSubmit}>
      <ComboboxField
        name="insurance"
        label={<Msg id="profile.insurance.insurer" />}
        hint={<Msg id="profile.insurance.insurerHint" />}
        options={insurers}
        value={form.values.insurance}
        onChange={(v) => form.set('insurance', v)}
        errorId={form.errors.insurance}
        emptyId="profile.insurance.noInsurer"
        countId="profile.insurance.insurerCount"
      />
      <TextField {...field('veka_nr')} inputMode="numeric" autoComplete="off" label={<Msg id="profile.insurance.cardNumber" />} hint={<Msg id="profile.insurance.cardNumberHint" />} />
      <TextField {...field('police_nr')} autoComplete="off" label={<Msg id="profile.insurance.policyNumber" />} />
      <fieldset className="profile-fieldset">
        <legend className="profile-fieldset__legend profile-fieldset__legend--small">
          <Msg id="profile.insurance.voluntary" />
        </legend>
        <TextField {...field('additional_insurance')} autoComplete="off" label={<Msg id="profile.insurance.voluntaryName" />} />
        <TextField {...field('additional_insurance_nr')} inputMode="numeric" autoComplete="off" label={<Msg id="profile.insurance.voluntaryNumber" />} />
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          <Msg id={form.sending ? 'profile.basedata.saving' : submitId} />
        </button>
      </div>
    </form>
  );
}
