// Is the scanned prescription the patient's own? The code names its patient (CHMED16A
// Patient.FName/LName/BDt, CHMED23A patient.fName/lName/bdt); the profile holds first name, last
// name and birthday. A mismatch is not a refusal — a parent sends a child's prescription, a name
// may be written another way — but the patient is told plainly and confirms before sending.
//
// Names compare without case, accents and the spelling of umlauts (Müller = Mueller = MULLER),
// hyphens and spaces alike; a first name matches when one is the other's first given names
// (Anna = Anna Maria). Birth dates compare as written (YYYY-MM-DD).
import type { EPrescriptionDocument } from './e-prescription.ts';

export interface NamedPatient {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
}

export type PatientCheck = 'same' | 'different' | 'unknown';

export interface PatientComparison {
  /** the patient the code names (what it leaves out is null) */
  inCode: NamedPatient;
  name: PatientCheck;
  birthDate: PatientCheck;
  /** something differs: the patient must confirm before sending */
  mismatch: boolean;
}

const given = (text: string | undefined | null): string | null => (text?.trim() ? text.trim() : null);

export function patientInCode(prescription: EPrescriptionDocument): NamedPatient {
  if (prescription.format === 'CHMED16A') {
    const p = prescription.doc.Patient;
    return { firstName: given(p.FName), lastName: given(p.LName), birthDate: given(p.BDt) };
  }
  const p = prescription.doc.patient;
  return { firstName: given(p.fName), lastName: given(p.lName), birthDate: given(p.bdt) };
}

/** The comparable form of a name: lower case, umlauts and accents to their base letter, words split. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/ß/gu, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // after the accents are gone, so that "Zoé" and "ZOE" meet as well as "Müller" and "Mueller"
    .replace(/ae|oe|ue/gu, (pair) => pair[0]!)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);
/** One list of given names is the start of the other. */
const startsAlike = (a: string[], b: string[]) => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length > 0 && short.every((w, i) => w === long[i]);
};

function compareNames(code: NamedPatient, profile: NamedPatient): PatientCheck {
  if (!code.lastName || !profile.lastName) return 'unknown';
  if (!sameWords(nameWords(code.lastName), nameWords(profile.lastName))) return 'different';
  if (!code.firstName || !profile.firstName) return 'same';
  return startsAlike(nameWords(code.firstName), nameWords(profile.firstName)) ? 'same' : 'different';
}

function compareBirthDates(code: string | null, profile: string | null): PatientCheck {
  if (!code || !profile) return 'unknown';
  return code.slice(0, 10) === profile.slice(0, 10) ? 'same' : 'different';
}

export function comparePatient(prescription: EPrescriptionDocument, profile: NamedPatient): PatientComparison {
  const inCode = patientInCode(prescription);
  const name = compareNames(inCode, profile);
  const birthDate = compareBirthDates(inCode.birthDate, profile.birthDate);
  return { inCode, name, birthDate, mismatch: name === 'different' || birthDate === 'different' };
}
