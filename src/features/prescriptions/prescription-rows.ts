// What one item of /prescriptions shows (spec §2, §3 Prescription, §4 Prescriptions): the
// domain's rules applied to the mirrored prescriptions, orders and medication details.
import { parseDosage, type Dosage } from '../../domain/dosage';
import type { Language, Medication, Order, Pharmacode, Prescription, RecordId } from '../../domain/entities';
import { medicationName } from '../../domain/medication';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { daysUntilExpiry, lastOrderedDates, prescriptionsForToggle } from '../../domain/prescription-state';
import { patientForecaster } from '../../domain/supply/patient-supply';
import type { ForecastPrescription } from '../../domain/supply/supply-forecast';
import { dateInTimeZone, type CalendarDate } from '../../domain/zoned-time';

/** How long a prescription's product lasts (issue 25): covered through a day, or out since one; an order on its way or not. */
export type SupplyLine = { kind: 'until'; day: CalendarDate; onTheWay: boolean } | { kind: 'out'; since: CalendarDate; onTheWay: boolean };

export interface PrescriptionRow {
  id: RecordId;
  pharmacode: Pharmacode;
  /** the product of the medication (its patient information), null when unknown */
  prdno: number | null;
  /** name in the language (dscrd/dscrf), or null when the details are not mirrored */
  name: string | null;
  /** picture fields of the medication details (spec §7 product pictures) */
  pictures: Medication['pharmindex_images'];
  dosage: Dosage | null;
  comment: string | null;
  expiresAt: string | null;
  singleUse: boolean;
  used: boolean;
  /** created_at of the latest order holding the medication; null: never ordered */
  lastOrderedAt: string | null;
}

export type MedicationLookup = ReadonlyMap<Pharmacode, Pick<Medication, 'dscrd' | 'dscrf' | 'pharmindex_images'> & Partial<Pick<Medication, 'prdno' | 'qty'>>>;

/** The supply line of a prescription (null: none, see supplyLineReader). */
export type SupplyLineOf = (prescriptionId: RecordId) => SupplyLine | null;

/**
 * The supply line of each active prescription that has a forecast (src/domain/supply: the newest
 * prescription of a product carries its forecast), read when a row asks for it: the list shows
 * its rows slice by slice, and each slice walks only its own rows' stock (issue 36: the walks of
 * 200 products in the list's first render were one task of 41–61 ms at 4× CPU).
 */
export function supplyLineReader(
  prescriptions: readonly Prescription[],
  orders: readonly Order[],
  marks: readonly DoseMark[],
  medications: MedicationLookup,
  now: Date,
): SupplyLineOf {
  const packs = new Map<Pharmacode, { qty: number | null }>();
  for (const [code, m] of medications) packs.set(code, { qty: m.qty ?? null });
  // created_at comes with every mirrored prescription (the pull selects every column): a prescription's start
  const forecaster = patientForecaster({ prescriptions: prescriptions as readonly ForecastPrescription[], orders, marks, medications: packs, now });
  const today = dateInTimeZone(now);
  return (prescriptionId) => {
    const f = forecaster.forecastOf(prescriptionId);
    if (f?.kind !== 'forecast') return null;
    const onTheWay = f.onTheWay > 0;
    return f.lastCoveredDay >= today ? { kind: 'until', day: f.lastCoveredDay, onTheWay } : { kind: 'out', since: f.runsOutOn, onTheWay };
  };
}

/**
 * The rows of one side of the Active/Expired toggle. Order (chosen): active ones expiring
 * soonest first, expired ones latest expiry first; no expiry date last; then by id.
 */
export function prescriptionRows(
  prescriptions: readonly Prescription[],
  orders: readonly Order[],
  medications: MedicationLookup,
  active: boolean,
  language: Language,
  now: Date,
): PrescriptionRow[] {
  const listed = prescriptionsForToggle(prescriptions, active, now);
  // read once each, not at every comparison of the sort
  const untilExpiry = new Map(listed.map((p) => [p.id, daysUntilExpiry(p, now) ?? Number.POSITIVE_INFINITY]));
  const days = (p: Prescription) => untilExpiry.get(p.id) ?? Number.POSITIVE_INFINITY;
  const ordered = lastOrderedDates(orders);
  const direction = active ? 1 : -1;
  return listed
    .slice()
    .sort((a, b) => {
      const [da, db] = [days(a), days(b)];
      if (da !== db) return da === Number.POSITIVE_INFINITY ? 1 : db === Number.POSITIVE_INFINITY ? -1 : (da - db) * direction;
      return a.id - b.id;
    })
    .map((p) => {
      const medication = medications.get(Number(p.medication_id));
      const dosage = parseDosage(p.dosage);
      return {
        id: p.id,
        pharmacode: p.medication_id,
        prdno: typeof medication?.prdno === 'number' ? medication.prdno : null,
        name: medication ? medicationName(medication, language) : null,
        pictures: medication?.pharmindex_images ?? null,
        dosage: dosage.ok ? dosage.value : null,
        comment: p.comment?.trim() ? p.comment.trim() : null,
        expiresAt: p.expires_at,
        singleUse: p.single_use,
        used: p.used,
        lastOrderedAt: ordered.get(p.medication_id) ?? null,
      };
    });
}
