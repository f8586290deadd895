// What /dashboard shows (spec §2 dashboard, §4 Intake period, Prescriptions, Order status,
// Profile setup): the domain's rules applied to the mirrored record, orders and medication
// details at one instant. Pure: the view passes the clock, the screen renders the result.
import { parseDosage, type Dosage } from '../../domain/dosage';
import type { CustomerRecord, Language, Medication, Order, Pharmacode, Prescription, RecordId } from '../../domain/entities';
import { greetingAt, type GreetingId } from '../../domain/greeting';
import { intakePeriodAt, INTAKE_PERIODS, type IntakePeriod } from '../../domain/intake-plan';
import { latestById } from '../../domain/latest-by-id';
import { medicationName } from '../../domain/medication';
import { ordersForToggle, orderItemCount } from '../../domain/order-list';
import { orderStatus, orderStatusInfo, type OrderStatusInfo } from '../../domain/order-status';
import { daysUntilExpiry, expiringPrescriptions, isAwaitingPrescription, prescriptionsForToggle } from '../../domain/prescription-state';
import { setupFlags, setupSteps, type SetupStep } from '../../domain/setup-state';
import { intakePlan } from '../../domain/todays-plan';

export type MedicationLookup = ReadonlyMap<Pharmacode, Pick<Medication, 'dscrd' | 'dscrf' | 'pharmindex_images' | 'qty'>>;

/** A medication as a row shows it: name in the language (null: details not mirrored) and picture fields. */
export interface MedicationFace {
  pharmacode: Pharmacode;
  name: string | null;
  pictures: Medication['pharmindex_images'];
}

export interface PlanEntry extends MedicationFace {
  prescriptionId: RecordId;
  /** units in this period (0.5 possible) */
  units: number;
  comment: string | null;
  /** the intake scheme as prescribed ("zu den Mahlzeiten") */
  intake: string | null;
}

export interface PlanPeriod {
  period: IntakePeriod;
  /** the period of now (marked, and open on the dashboard) */
  current: boolean;
  entries: PlanEntry[];
}

export interface ExpiringRow extends MedicationFace {
  id: RecordId;
  expiresAt: string;
  /** 0 = today */
  days: number;
}

export interface ActiveRow extends MedicationFace {
  id: RecordId;
  dosage: Dosage | null;
  expiresAt: string;
}

export interface OpenOrderRow {
  id: RecordId;
  createdAt: string;
  status: OrderStatusInfo;
  /** product lines over the order and its sub-packages */
  itemCount: number;
  /** placed on this device, not on the server yet */
  pending: boolean;
}

/** What is still to do before the setup is complete: the tracked steps and the prescription's send method. */
export type SetupTodo = SetupStep | 'sendMethod';

export interface DashboardModel {
  greeting: GreetingId;
  firstName: string | null;
  /** the four periods in the order of the day (morning, noon, evening, night), the current one marked */
  plan: PlanPeriod[];
  /** prescriptions of the plan whose dosage cannot be read (left out of it) */
  unreadableCount: number;
  expiring: ExpiringRow[];
  /** every active prescription, expiring soonest first */
  active: ActiveRow[];
  openOrders: OpenOrderRow[];
  /** empty once the setup is complete (spec §4 hasSetup) */
  setupTodo: SetupTodo[];
  hasSentPrescription: boolean;
  /** a prescription is announced and not received yet */
  awaitingPrescription: boolean;
}

/**
 * A period's doses in the order of the prescriptions, as the eMediplan and the dose history list
 * them: known at the first render, so a row does not move when the medications' names arrive
 * after it (sorted by name, a new device's plan re-sorted itself under the patient's eyes).
 */
const byPrescription = (a: { prescriptionId: number }, b: { prescriptionId: number }): number => a.prescriptionId - b.prescriptionId;

const trimmed = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

/** The face of each pharmacode: its name in the language and its picture fields. */
export function faceOf(medications: MedicationLookup, language: Language): (pharmacode: Pharmacode) => MedicationFace {
  return (pharmacode) => {
    const medication = medications.get(Number(pharmacode));
    return { pharmacode, name: medication ? medicationName(medication, language) : null, pictures: medication?.pharmindex_images ?? null };
  };
}

export function dashboardModel(input: {
  customer: CustomerRecord | null;
  orders: readonly (Order & { pending?: boolean })[];
  medications: MedicationLookup;
  language: Language;
  now: Date;
}): DashboardModel {
  const { customer, orders, medications, language, now } = input;
  const prescriptions: readonly Prescription[] = customer?.webshop_customer_medication ?? [];
  const face = faceOf(medications, language);
  const byId = new Map(prescriptions.map((p) => [p.id, p]));

  // what was delivered ends a used single-use course (src/domain/intake-course.ts)
  const plan = intakePlan(prescriptions, now, { orders, medications });
  const current = intakePeriodAt(now);
  const periods = INTAKE_PERIODS.map((period) => ({
    period,
    current: period === current,
    entries: plan[period]
      .map((e) => {
        const p = byId.get(e.prescription_id);
        return { ...face(e.medication_id), prescriptionId: e.prescription_id, units: e.units, comment: trimmed(p?.comment), intake: trimmed(p?.intake) };
      })
      .sort(byPrescription),
  }));

  const daysLeft = new Map(prescriptions.map((p) => [p.id, daysUntilExpiry(p, now) ?? Number.POSITIVE_INFINITY]));
  const days = (p: Prescription) => daysLeft.get(p.id) ?? Number.POSITIVE_INFINITY;
  const active = prescriptionsForToggle(prescriptions, true, now)
    .slice()
    .sort((a, b) => days(a) - days(b) || a.id - b.id)
    .map((p) => {
      const dosage = parseDosage(p.dosage);
      return { ...face(p.medication_id), id: p.id, dosage: dosage.ok ? dosage.value : null, expiresAt: p.expires_at };
    });

  const flags = setupFlags(customer);
  const setupTodo: SetupTodo[] = flags.hasSetup
    ? []
    : [...setupSteps(flags).filter((s) => !s.done).map((s) => s.step), ...(flags.hasSentPrescription ? [] : ['sendMethod' as const])];

  return {
    greeting: greetingAt(now),
    firstName: trimmed(customer?.first_name),
    plan: periods,
    unreadableCount: plan.unreadable.length,
    expiring: expiringPrescriptions(prescriptions, now).map((p) => ({ ...face(p.medication_id), id: p.id, expiresAt: p.expires_at, days: daysUntilExpiry(p, now) ?? 0 })),
    active,
    openOrders: ordersForToggle(orders, 'open').map((o) => ({
      id: o.id,
      createdAt: o.created_at,
      status: orderStatusInfo(orderStatus(o)),
      itemCount: orderItemCount(o),
      pending: o.pending === true,
    })),
    setupTodo,
    hasSentPrescription: flags.hasSentPrescription,
    awaitingPrescription: isAwaitingPrescription(latestById(customer?.webshop_customer_additional_info)),
  };
}
