// The patient's own medication plan as an eMediplan: what the patient takes today by the one
// rule of ../intake-course.ts (the active prescriptions of spec §4, and a used single-use one
// until its pack is finished), written by the patient (Auth "patient" in CHMED16A, auth 2 in
// CHMED23A). Decided where the specification leaves a choice:
// - DtFrom is the plan's date (CHMED16A requires one; the platform keeps no start date), DtTo
//   the last day taken: the expiry, or the day a used single-use pack is finished (inclusive
//   in both, as expires_at is on the platform);
// - a dosage of 0-0-0-0 is reserve medication: InRes 1 without D (16A), inRes true with a daily
//   posology of zeros (23A requires a posology detail); an unreadable dosage gives no D (16A)
//   and no posology (23A) rather than a guess;
// - the unit is the catalogue's qtyu, left out when the catalogue has none (a wrong unit would
//   be worse than none); AppInstr is the intake scheme and the comment, joined by "; ";
// - gender 3 (other) has no CHMED16A code and is left out there.
import { DEFAULT_LANGUAGE, TIME_ZONE } from '../constants.ts';
import { parseDosage, type Dosage } from '../dosage.ts';
import type { Customer, Medication, Order, Prescription } from '../entities.ts';
import { intakeCourse, isTakenOn, type CoursePrescription } from '../intake-course.ts';
import { dateInTimeZone, toCalendarDate } from '../zoned-time.ts';
import { AUTHOR_PATIENT, ID_TYPE, MED_TYPE, PATIENT_ID_INSURANCE_CARD, type Chmed16aDocument, type Chmed16aMedicament } from './chmed16a-model.ts';
import { AUTH_23A, MED_TYPE_23A, PATIENT_ID_TYPE_23A, type Chmed23aDocument, type Chmed23aMedicament } from './chmed23a-model.ts';
import { compact } from './json-fields.ts';
import { isoInTimeZone } from './zoned-iso.ts';

export interface PlanPatient extends Pick<Customer, 'first_name' | 'last_name' | 'birthday' | 'gender' | 'language'> {
  /** The insurance card number (veka_nr, 20 digits); spaces are removed. */
  veka_nr?: string | null;
}

export interface PlanInput {
  patient: PlanPatient;
  prescriptions: readonly (Prescription & Pick<CoursePrescription, 'created_at'>)[];
  /** The catalogue entries of the prescribed medications (the unit; the pack size for the course). */
  medications: readonly Pick<Medication, 'pharmacode' | 'qtyu' | 'qty'>[];
  /** The patient's orders: what was delivered (when a used single-use pack is finished). */
  orders: readonly Order[];
}

export interface PlanOptions {
  now: Date;
  /** A new UUID: the plan's globally unique id. */
  id: string;
  timeZone?: string;
}

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

const isReserve = (dosage: Dosage): boolean => dosage.every((n) => n === 0);

interface PlanLine {
  id: string;
  unit: string | undefined;
  instructions: string | undefined;
  dosage: Dosage | null;
  from: string;
  to: string | undefined;
}

/** What both versions need of each prescription taken today, in the order given. */
function planLines(input: PlanInput, now: Date, timeZone: string): PlanLine[] {
  const units = new Map(input.medications.map((m) => [Number(m.pharmacode), text(m.qtyu)]));
  const supply = { orders: input.orders, medications: new Map(input.medications.map((m) => [Number(m.pharmacode), m])) };
  const today = dateInTimeZone(now, timeZone);
  return input.prescriptions.flatMap((p): PlanLine[] => {
    const course = intakeCourse(p, supply, timeZone);
    if (!isTakenOn(course, today)) return [];
    const dosage = parseDosage(p.dosage);
    const instructions = [text(p.intake), text(p.comment)].filter((t) => t !== undefined).join('; ');
    return [
      {
        id: String(p.medication_id),
        unit: units.get(Number(p.medication_id)),
        instructions: instructions || undefined,
        dosage: dosage.ok ? dosage.value : null,
        from: today,
        to: course.last?.day,
      },
    ];
  });
}

const cardNumber = (patient: PlanPatient): string | undefined => text(patient.veka_nr?.replace(/\s+/g, ''));

export function planFromPrescriptions(input: PlanInput, { now, id, timeZone = TIME_ZONE }: PlanOptions): Chmed16aDocument {
  const { patient } = input;
  const card = cardNumber(patient);
  const medicaments = planLines(input, now, timeZone).map(
    (line): Chmed16aMedicament =>
      compact({
        Id: line.id,
        IdType: ID_TYPE.pharmacode,
        Pos: [
          compact({
            DtFrom: line.from,
            DtTo: line.to,
            InRes: line.dosage && isReserve(line.dosage) ? 1 : undefined,
            D: line.dosage && !isReserve(line.dosage) ? [...line.dosage] : undefined,
          }),
        ],
        Unit: line.unit,
        AppInstr: line.instructions,
        AutoMed: 0,
      }),
  );
  return {
    Patient: compact({
      FName: text(patient.first_name),
      LName: text(patient.last_name),
      BDt: patient.birthday ? (toCalendarDate(patient.birthday, timeZone) ?? undefined) : undefined,
      Gender: patient.gender === 1 || patient.gender === 2 ? patient.gender : undefined,
      Lng: patient.language ?? DEFAULT_LANGUAGE,
      Ids: card ? [{ Type: PATIENT_ID_INSURANCE_CARD, Val: card }] : undefined,
    }),
    Medicaments: medicaments,
    MedType: MED_TYPE.plan,
    Id: id,
    Auth: AUTHOR_PATIENT,
    Dt: isoInTimeZone(now, timeZone),
  };
}

export function planFromPrescriptions23a(input: PlanInput, { now, id, timeZone = TIME_ZONE }: PlanOptions): Chmed23aDocument {
  const { patient } = input;
  const card = cardNumber(patient);
  const meds = planLines(input, now, timeZone).map(
    (line): Chmed23aMedicament =>
      compact({
        id: line.id,
        idType: ID_TYPE.pharmacode,
        // a posology needs its detail: without a readable dosage there is none to give
        pos: line.dosage
          ? [
              compact({
                dtFrom: line.from,
                dtTo: line.to,
                inRes: isReserve(line.dosage) ? true : undefined,
                po: { t: 1 as const, ds: [...line.dosage] as [number, number, number, number] },
                unit: line.unit,
                appInstr: line.instructions,
              }),
            ]
          : undefined,
        autoMed: false,
      }),
  );
  return {
    patient: compact({
      fName: text(patient.first_name),
      lName: text(patient.last_name),
      bdt: patient.birthday ? (toCalendarDate(patient.birthday, timeZone) ?? undefined) : undefined,
      gender: patient.gender ?? undefined,
      lng: patient.language ?? DEFAULT_LANGUAGE,
      ids: card ? [{ type: PATIENT_ID_TYPE_23A.insuranceCard, val: card }] : undefined,
    }),
    meds,
    medType: MED_TYPE_23A.plan,
    id,
    auth: AUTH_23A.patient,
    dt: isoInTimeZone(now, timeZone),
  };
}
