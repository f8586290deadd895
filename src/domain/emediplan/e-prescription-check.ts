// What a scanned text means before it may be sent to the pharmacy (issue 27): read it
// (readEPrescription), refuse what is no prescription, cannot be read, or lies outside the validity
// the pharmacy accepts (e-prescription-validity.ts: one year from its date, not in the future),
// then the prescription's key and what the patient is shown. Nothing is stored for a refusal.
//
// The key (rx_id) is the prescription's own Id (CHMED16A `Id`, required and globally unique by
// the specification): the same prescription is sent once per patient. A code without an Id
// (CHMED23A makes it optional), or with a placeholder (the all-zero UUID real HIN links carry),
// is keyed by the SHA-256 of its CHMED text instead: the same code scanned again is the same
// prescription. The rule is the server's too (supabase/functions/_shared/chmed/prescription-code.ts).
import { prescriptionKey as keyOf } from '../../../supabase/functions/_shared/chmed/prescription-code.ts';
import type { ChmedError } from './chmed-transport.ts';
import { readEPrescription, type EPrescription, type NotAPrescription } from './e-prescription.ts';
import { comparePatient, type NamedPatient, type PatientComparison } from './e-prescription-patient.ts';
import { ePrescriptionSummary, type EPrescriptionSummary } from './e-prescription-summary.ts';
import { ePrescriptionValidity, type ValidityOptions } from './e-prescription-validity.ts';

/** Why a scanned text is not sent: the reader's codes, what it was instead, or its date. */
export type EPrescriptionRefusal = ChmedError | `not_a_prescription.${NotAPrescription}` | 'future' | 'too_old' | 'undated';

export interface CheckedEPrescription {
  prescription: EPrescription;
  summary: EPrescriptionSummary;
  rxId: string;
  patient: PatientComparison;
}

/** A refusal of a code that could be read (its date) says whose and from when it is: `summary`, `patient`. */
export type EPrescriptionCheck =
  | { ok: true; value: CheckedEPrescription }
  | { ok: false; error: EPrescriptionRefusal; summary?: EPrescriptionSummary; patient?: PatientComparison };

export { RX_ID_MAX } from '../../../supabase/functions/_shared/chmed/prescription-code.ts';

/** The key: the prescription's Id, else the code's hash — as the server keys it (prescription-code.ts). */
export const prescriptionKey = (summary: Pick<EPrescriptionSummary, 'id'>, chmed: string): Promise<string> => keyOf(summary.id, chmed);

export async function checkEPrescription(raw: string, now: Date, profile: NamedPatient, validity: ValidityOptions = {}): Promise<EPrescriptionCheck> {
  const read = await readEPrescription(raw);
  if (!read.ok) return { ok: false, error: 'found' in read ? `not_a_prescription.${read.found}` : read.error };
  const prescription = read.value;
  const summary = ePrescriptionSummary(prescription);
  const dated = ePrescriptionValidity(prescription.format === 'CHMED16A' ? { Dt: prescription.doc.Dt } : { dt: prescription.doc.dt }, now, validity);
  if (dated !== 'ok') return { ok: false, error: dated, summary, patient: comparePatient(prescription, profile) };
  return {
    ok: true,
    value: { prescription, summary, rxId: await prescriptionKey(summary, prescription.chmed), patient: comparePatient(prescription, profile) },
  };
}
