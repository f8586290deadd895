import { useCallback, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Pharmacode, Questionnaire } from '../../domain/entities';
import { allergyFlags, bmi, deriveQuestionnaireToggles, diagnosisFlags, questionnaireSchema, type QuestionnaireOutput } from '../../domain/schemas/questionnaire';
import { Msg, useMsg } from '../../i18n/msg';
import { CheckboxField } from '../form/checkbox-field';
import { TextField } from '../form/text-field';
import type { SaveDelivery } from '../save-feedback';
import { useSlices } from '../use-slices';
import { useProfileForm } from './use-profile-form';
import { YesNoField } from './yes-no-field';
import './profile-forms.css';

type Flag = (typeof diagnosisFlags)[number] | (typeof allergyFlags)[number];

/** The questionnaire as saved (spec §3, table webshop_customer_questionnaire; BMI is derived by the server). */
export type QuestionnaireSave = Omit<QuestionnaireOutput, 'external_medications'> & { external_medications: number[] };

/**
 * The form's values, typed per field: weight and size as typed (text, in the language's
 * spelling), the flags as booleans, the toggles yes/no/unanswered (null), the other medications
 * as their pharmacodes.
 */
export type QuestionnaireValues = Record<Flag, boolean> & {
  weight: string;
  size: string;
  has_diagnoses: boolean | null;
  d_others: string;
  has_allergies: boolean | null;
  a_other: string;
  external_medications: Pharmacode[];
};

/** A number as the patient writes it in the language (fr-CH: 72,5; de-CH: 72.5), no grouping. */
export type DecimalText = (value: number) => string;

export function questionnaireValues(stored: Questionnaire | null, decimal: DecimalText): QuestionnaireValues {
  const toggles = stored ? deriveQuestionnaireToggles(stored) : null;
  const flags = Object.fromEntries([...diagnosisFlags, ...allergyFlags].map((f) => [f, stored?.[f] === true])) as Record<Flag, boolean>;
  return {
    ...flags,
    weight: stored?.weight == null ? '' : decimal(stored.weight),
    size: stored?.size == null ? '' : decimal(stored.size),
    has_diagnoses: toggles?.has_diagnoses ?? null,
    d_others: stored?.d_others ?? '',
    has_allergies: toggles?.has_allergies ?? null,
    a_other: stored?.a_other ?? '',
    external_medications: [...(stored?.external_medications ?? [])],
  };
}

/** The values as the schema reads them: an unanswered toggle is missing, pharmacodes as their digits. */
const toInput = (v: QuestionnaireValues) => ({
  ...v,
  has_diagnoses: v.has_diagnoses ?? undefined,
  has_allergies: v.has_allergies ?? undefined,
  external_medications: v.external_medications.map(String),
});

const toSave = (o: QuestionnaireOutput): QuestionnaireSave => ({ ...o, external_medications: o.external_medications.map(Number) });
const valuesOfSaved = (decimal: DecimalText) => (s: QuestionnaireSave): Partial<QuestionnaireValues> => ({
  weight: decimal(s.weight),
  size: decimal(s.size),
  d_others: s.d_others,
  a_other: s.a_other,
  external_medications: s.external_medications,
  ...(Object.fromEntries([...diagnosisFlags, ...allergyFlags].map((f) => [f, s[f]])) as Record<Flag, boolean>),
});

export interface QuestionnaireFormProps {
  /** the latest questionnaire; null: none yet */
  stored: Questionnaire | null;
  onSave: (changed: Partial<QuestionnaireSave>) => Promise<SaveDelivery>;
  onSaved?: () => void;
  submitId?: string;
  /**
   * The other current medications: the chosen pharmacodes and a way to add or remove one; the
   * search itself (network) is the caller's (src/ui's medication search).
   */
  renderMedications: (chosen: readonly Pharmacode[], change: (next: readonly Pharmacode[]) => void) => ReactNode;
}

/**
 * The health questionnaire (spec §3, §5): weight and size with the BMI shown as they are typed,
 * "has diagnoses" / "has allergies" (derived from the stored flags) with their flags and texts
 * (a "no" clears them on save), and the other current medications.
 */
export function QuestionnaireForm({ stored, onSave, onSaved, submitId = 'profile.save', renderMedications }: QuestionnaireFormProps) {
  const intl = useIntl();
  const t = useMsg();
  const decimal = useCallback<DecimalText>((n) => intl.formatNumber(n, { useGrouping: false, maximumFractionDigits: 2 }), [intl]);
  const form = useProfileForm({
    stored: useMemo(() => questionnaireValues(stored, decimal), [stored, decimal]),
    existing: stored !== null,
    schema: questionnaireSchema,
    toInput,
    toSave,
    toValues: valuesOfSaved(decimal),
    onSave,
    successId: 'profile.questionnaire.saved',
    ...(onSaved && { onSaved }),
  });
  const v = form.values;
  // the measures and the diagnoses first; the allergies, then the medications and the actions in the frames after (each a layout of its own)
  const shown = useSlices(3, { first: 1, perFrame: 1 });
  const number = (text: string) => Number(text.trim().replace(',', '.'));
  const currentBmi = v.weight.trim() && v.size.trim() ? bmi(number(v.weight), number(v.size)) : null;
  const check = (name: Flag) => (
    <CheckboxField key={name} name={name} label={<Msg id={`profile.questionnaire.${name}`} />} checked={v[name]} onChange={(e) => form.set(name, e.target.checked)} />
  );
  // the details asked for after a "yes": the flags and a line for the rest
  const details = (legend: 'diagnoses' | 'allergies', flags: readonly Flag[], other: 'd_others' | 'a_other') => (
    <fieldset className="profile-fieldset profile-fieldset--indented">
      <legend className="visually-hidden">
        <Msg id={`profile.questionnaire.${legend}`} />
      </legend>
      {flags.map(check)}
      <TextField name={other} label={<Msg id={`profile.questionnaire.${other}`} />} value={v[other]} onChange={(e) => form.set(other, e.target.value)} />
    </fieldset>
  );
  return (
    <form ref={form.formRef} className="form profile-form" noValidate onSubmit={form.onSubmit}>
      <div className="profile-grid">
        <TextField name="weight" inputMode="decimal" autoComplete="off" label={<Msg id="profile.questionnaire.weight" />} value={v.weight} errorId={form.errors.weight} onChange={(e) => form.set('weight', e.target.value)} />
        <TextField name="size" inputMode="decimal" autoComplete="off" label={<Msg id="profile.questionnaire.size" />} value={v.size} errorId={form.errors.size} onChange={(e) => form.set('size', e.target.value)} />
      </div>
      <p className="profile-bmi" aria-live="polite">
        {currentBmi !== null && Number.isFinite(currentBmi) ? (
          <Msg id="profile.questionnaire.bmi" values={{ bmi: intl.formatNumber(currentBmi, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) }} />
        ) : (
          <Msg id="profile.questionnaire.bmiUnknown" />
        )}
      </p>

      <YesNoField name="has_diagnoses" legend={t('profile.questionnaire.hasDiagnoses')} value={v.has_diagnoses} onChange={(x) => form.set('has_diagnoses', x)} errorId={form.errors.has_diagnoses} />
      {v.has_diagnoses === true ? details('diagnoses', diagnosisFlags, 'd_others') : null}

      {shown > 1 ? (
        <>
          <YesNoField name="has_allergies" legend={t('profile.questionnaire.hasAllergies')} value={v.has_allergies} onChange={(x) => form.set('has_allergies', x)} errorId={form.errors.has_allergies} />
          {v.has_allergies === true ? details('allergies', allergyFlags, 'a_other') : null}
        </>
      ) : null}

      {shown > 2 ? (
        <>
          <section className="profile-medications" aria-labelledby="profile-medications-title">
            <h2 id="profile-medications-title" className="profile-fieldset__legend">
              <Msg id="profile.questionnaire.medications" />
            </h2>
            {renderMedications(v.external_medications, (next) => form.set('external_medications', [...next]))}
          </section>

          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={form.sending}>
              <Msg id={form.sending ? 'profile.basedata.saving' : submitId} />
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
