// What the dashboard's "running low" card shows (issue 25; spec §2 dashboard, §4 Prescriptions
// "Expiring"): the supply rules of src/domain/supply applied to the mirror at one instant. Pure;
// loaded with the card after the first paint (refill-side.tsx).
import type { DoseMark } from '../../domain/doses/dose-mark';
import type { CustomerRecord, DraftOrder, Language, Medication, Order, Pharmacode, RecordId } from '../../domain/entities';
import type { RenewalReason } from '../../domain/supply/refill-prompts';
import { patientSupply } from '../../domain/supply/patient-supply';
import type { ForecastPrescription } from '../../domain/supply/supply-forecast';
import { addDays, type CalendarDate } from '../../domain/zoned-time';
import { faceOf, type MedicationFace } from './dashboard-rows';

export interface RunningLowRow extends MedicationFace {
  prescriptionId: RecordId;
  /** the last day whose doses the stock covers (before today: ran out already) */
  lastCoveredDay: CalendarDate;
  /** the first day a dose is not covered */
  runsOutOn: CalendarDate;
  /** days from today to lastCoveredDay; below 0: ran out already */
  daysCovered: number;
}

export interface RenewalRow extends MedicationFace {
  prescriptionId: RecordId;
  expiresAt: CalendarDate;
  reason: RenewalReason;
}

export interface RefillModel {
  /** products running out within the lead time with nothing on its way, soonest first: exactly the preselected ones */
  runningLow: RunningLowRow[];
  /** prescriptions that expire before the product has to be reordered, soonest first */
  renewals: RenewalRow[];
  /** the draft's medications the card's button puts in place */
  preselection: DraftOrder['medications'];
}

/**
 * A product running low whose order is on its way already is left out: the patient has ordered
 * it (the open order is beside the card), and what the card lists is what its one button orders.
 */
export function refillModel(input: {
  customer: CustomerRecord | null;
  orders: readonly Order[];
  medications: ReadonlyMap<Pharmacode, Pick<Medication, 'dscrd' | 'dscrf' | 'pharmindex_images' | 'qty'>>;
  marks: readonly DoseMark[];
  leadDays: number;
  language: Language;
  now: Date;
}): RefillModel {
  // created_at comes with every mirrored prescription (the pull selects every column): a prescription's start
  const prescriptions = (input.customer?.webshop_customer_medication ?? []) as readonly ForecastPrescription[];
  const { prompts } = patientSupply({ prescriptions, orders: input.orders, marks: input.marks, medications: input.medications, now: input.now, leadDays: input.leadDays });
  const face = faceOf(input.medications, input.language);
  const runningLow = prompts.runningLow
    .filter((r) => String(r.pharmacode) in prompts.preselection)
    .map((r) => ({ ...face(r.pharmacode), prescriptionId: r.prescriptionId, lastCoveredDay: addDays(r.runsOutOn, -1), runsOutOn: r.runsOutOn, daysCovered: r.daysLeft - 1 }));
  const renewals = prompts.renewals.map((r) => ({ ...face(r.pharmacode), prescriptionId: r.prescriptionId, expiresAt: r.expiresAt, reason: r.reason }));
  return { runningLow, renewals, preselection: prompts.preselection };
}
