// The review parts of the summary (spec §2 /order/orderfinish: address, questionnaire,
// insurance with name, number and optional additional insurance, settings generic /
// replacement / probon allowed or not), read from the mirror's latest records (spec §4: the
// highest id counts) and the draft.
import type { Address, CustomerRecord, DraftOrder, OrderAddress, OrderDefaults } from '../../domain/entities';
import { readInsurance } from '../../domain/insurance';
import { latestById } from '../../domain/latest-by-id';
import { orderAddressOf } from '../../domain/order-draft';
import { allergyFlags, bmi, diagnosisFlags } from '../../domain/schemas/questionnaire';

export interface AddressSummary {
  address: OrderAddress | null;
  /** true: an address for this order only (the draft's); false: the profile's latest */
  forThisOrder: boolean;
}

/** The order's address; `forThisOrder` only while it differs from the profile's (it may have been stored there too). */
export function addressSummary(draft: DraftOrder, latest: Pick<Address, keyof OrderAddress> | null): AddressSummary {
  const profile = orderAddressOf(latest);
  if (!draft.address) return { address: profile, forThisOrder: false };
  const address = orderAddressOf(draft.address);
  return { address, forThisOrder: JSON.stringify(address) !== JSON.stringify(profile) };
}

export interface QuestionnaireSummary {
  weight: number | null;
  size: number | null;
  bmi: number | null;
  /** message ids of the declared diagnoses (profile.questionnaire.d_*) */
  diagnoses: string[];
  otherDiagnoses: string | null;
  /** message ids of the declared allergies (profile.questionnaire.a_*) */
  allergies: string[];
  otherAllergies: string | null;
  /** how many other current medications are listed */
  medications: number;
}

const text = (v: string | null | undefined): string | null => v?.trim() || null;
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

export function questionnaireSummary(customer: CustomerRecord | null): QuestionnaireSummary | null {
  const q = latestById(customer?.webshop_customer_questionnaire);
  if (!q) return null;
  const weight = num(q.weight);
  const size = num(q.size);
  return {
    weight,
    size,
    bmi: weight !== null && size !== null ? bmi(weight, size) : null,
    diagnoses: diagnosisFlags.filter((f) => q[f] === true).map((f) => `profile.questionnaire.${f}`),
    otherDiagnoses: text(q.d_others),
    allergies: allergyFlags.filter((f) => q[f] === true).map((f) => `profile.questionnaire.${f}`),
    otherAllergies: text(q.a_other),
    medications: (q.external_medications ?? []).length,
  };
}

export interface InsuranceSummary {
  name: string | null;
  number: string | null;
  additionalName: string | null;
  additionalNumber: string | null;
}

export function insuranceSummary(customer: CustomerRecord | null): InsuranceSummary | null {
  const row = latestById(customer?.webshop_customer_insurance);
  if (!row) return null;
  const i = readInsurance(row);
  return { name: text(i.insurance_name), number: text(i.insurance_nr), additionalName: text(i.voluntary_insurance_name), additionalNumber: text(i.voluntary_insurance_nr) };
}

export const SETTINGS = ['generic', 'substitute', 'probon', 'get_invoice'] as const;
export type Setting = (typeof SETTINGS)[number];

/** Each setting of the latest order defaults; none stored: all not allowed (as the order body sends them). */
export function settingsSummary(customer: CustomerRecord | null): Record<Setting, boolean> {
  const d: Partial<OrderDefaults> = latestById(customer?.webshop_customer_order_defaults) ?? {};
  return { generic: d.generic === true, substitute: d.substitute === true, probon: d.probon === true, get_invoice: d.get_invoice === true };
}

/** The comment the order carries: the draft's once edited, else the order defaults' standing comment. */
export function orderComment(draft: DraftOrder, customer: CustomerRecord | null): string {
  return draft.comment ?? latestById(customer?.webshop_customer_order_defaults)?.comment ?? '';
}
