// Spec §5 Questionnaire (table webshop_customer_questionnaire, spec §3 names).
// weight (kg) and size (cm) are required numbers; inputs may send numeric strings. Not in the
// spec, chosen here: weight 1–400 kg, size 30–250 cm (limits.ts).
// has_diagnoses / has_allergies exist only in the form: when one is false its flags are
// cleared and its text emptied, and the output carries no has_* field. The form starts from
// deriveQuestionnaireToggles(stored record).
import * as v from 'valibot';
import { formObject, numberField, optionalText, pharmacodeField } from './fields';
import { limits } from './limits';
import { msg } from './messages';

export const diagnosisFlags = ['d_diabetes', 'd_high_bp', 'd_liver', 'd_blood_clotting', 'd_kidney', 'd_bronchi'] as const;
export const allergyFlags = ['a_penicillin', 'a_sulfonamide', 'a_asa'] as const;

type DiagnosisFlag = (typeof diagnosisFlags)[number];
type AllergyFlag = (typeof allergyFlags)[number];

const flag = v.nullish(v.boolean(msg.required), false);

const flagEntries = <const TKey extends string>(keys: readonly TKey[]) =>
  Object.fromEntries(keys.map((key) => [key, flag])) as Record<TKey, typeof flag>;

export const questionnaireSchema = v.pipe(
  formObject({
    weight: numberField(limits.weightKg.min, limits.weightKg.max, msg.weightRange),
    size: numberField(limits.sizeCm.min, limits.sizeCm.max, msg.sizeRange),
    has_diagnoses: v.boolean(msg.required),
    ...flagEntries(diagnosisFlags),
    d_others: optionalText,
    has_allergies: v.boolean(msg.required),
    ...flagEntries(allergyFlags),
    a_other: optionalText,
    external_medications: v.pipe(
      v.nullish(v.array(pharmacodeField, msg.pharmacode), []),
      v.transform((codes) => [...new Set(codes)]),
    ),
  }),
  v.transform(({ has_diagnoses, has_allergies, ...record }) => {
    if (!has_diagnoses) {
      for (const key of diagnosisFlags) record[key] = false;
      record.d_others = '';
    }
    if (!has_allergies) {
      for (const key of allergyFlags) record[key] = false;
      record.a_other = '';
    }
    return record;
  }),
);

export type QuestionnaireInput = v.InferInput<typeof questionnaireSchema>;
export type QuestionnaireOutput = v.InferOutput<typeof questionnaireSchema>;

/** The stored fields the toggles are derived from; null where the column is empty. */
export type QuestionnaireFlagsRecord = Partial<Record<DiagnosisFlag | AllergyFlag, boolean | null>> & {
  d_others?: string | null;
  a_other?: string | null;
};

/** The form-only toggles: on when any flag of the group is set or its text is not empty. */
export function deriveQuestionnaireToggles(record: QuestionnaireFlagsRecord): {
  has_diagnoses: boolean;
  has_allergies: boolean;
} {
  return {
    has_diagnoses: diagnosisFlags.some((key) => record[key] === true) || Boolean(record.d_others?.trim()),
    has_allergies: allergyFlags.some((key) => record[key] === true) || Boolean(record.a_other?.trim()),
  };
}

export { bmi } from '../bmi';
