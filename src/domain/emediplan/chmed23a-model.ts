// The CHMED23A document (chmed23a/README.md, posology.md of ig-emediplan/specification):
// camelCase, booleans instead of 0/1, the unit on the posology. Daily and free-text
// posologies are modelled; single, cyclic and sequence posologies (t 3-5) are kept as the
// JSON objects they are, so a plan read and written again loses nothing.
import type { JsonValue } from './json-fields.ts';

export const MED_TYPE_23A = { plan: 1, prescription: 3 } as const;
/** Medication.auth: 1 a healthcare person, 2 the patient (plans only). */
export const AUTH_23A = { healthcarePerson: 1, patient: 2 } as const;
/** PosologyDetail.t */
export const POSOLOGY_TYPE = { daily: 1, freeText: 2, single: 3, cyclic: 4, sequence: 5 } as const;
/** PatientId.type: 1 insurance card number, 2 local id (with sId, the issuing system). */
export const PATIENT_ID_TYPE_23A = { insuranceCard: 1, localId: 2 } as const;

export interface Chmed23aExtension {
  nm: string;
  val?: string;
  schema: string;
  exts?: Chmed23aExtension[];
}

export interface Chmed23aPatientId {
  type: number;
  sId?: string;
  val: string;
}

export interface Chmed23aRiskCategory {
  id: number;
  rIds?: number[];
}

export interface Chmed23aMedicalData {
  dLstMen?: string;
  prem?: boolean;
  toG?: string;
  rcs?: Chmed23aRiskCategory[];
  /** kg */
  w?: number;
  /** cm */
  h?: number;
  exts?: Chmed23aExtension[];
}

/** The specification requires names, birth date and gender; readers cannot rely on it. */
export interface Chmed23aPatient {
  fName?: string;
  lName?: string;
  /** YYYY-MM-DD */
  bdt?: string;
  /** 1 male, 2 female, 3 other */
  gender?: number;
  street?: string;
  zip?: string;
  city?: string;
  country?: string;
  /** ISO 639-1, read in lower case */
  lng?: string;
  ids?: Chmed23aPatientId[];
  exts?: Chmed23aExtension[];
  mData?: Chmed23aMedicalData;
  phones?: string[];
  emails?: string[];
}

export interface Chmed23aDaily {
  t: 1;
  /** morning, noon, evening, night */
  ds: [number, number, number, number];
}

export interface Chmed23aFreeText {
  t: 2;
  text: string;
}

/** Single (3), cyclic (4), sequence (5): kept as read. */
export interface Chmed23aOtherPosology {
  t: 3 | 4 | 5;
  [key: string]: JsonValue;
}

export type Chmed23aPosologyDetail = Chmed23aDaily | Chmed23aFreeText | Chmed23aOtherPosology;

export interface Chmed23aPosology {
  dtFrom?: string;
  /** inclusive */
  dtTo?: string;
  inRes?: boolean;
  po: Chmed23aPosologyDetail;
  /** 1 before, 2 during, 3 after a meal */
  relMeal?: number;
  unit?: string;
  appInstr?: string;
  roa?: string;
  moa?: string;
}

/** t 1: v repetitions; t 2: within d units u; t 3: v repetitions within d units u. */
export type Chmed23aRepetition = { t: 1; v: number } | { t: 2; d: number; u: number } | { t: 3; v: number; d: number; u: number };

export interface Chmed23aMedicament {
  id: string;
  idType: number;
  pos?: Chmed23aPosology[];
  rsn?: string;
  autoMed?: boolean;
  prscbBy?: string;
  reps?: Chmed23aRepetition;
  isNotSub?: boolean;
  sic?: boolean;
  nbPack?: number;
  exts?: Chmed23aExtension[];
}

export interface Chmed23aHcPerson {
  gln?: string;
  fName: string;
  lName: string;
  zsr?: string;
}

export interface Chmed23aHcOrg {
  gln?: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  country?: string;
  zsr?: string;
}

export interface Chmed23aDocument {
  patient: Chmed23aPatient;
  hcPerson?: Chmed23aHcPerson;
  hcOrg?: Chmed23aHcOrg;
  meds: Chmed23aMedicament[];
  exts?: Chmed23aExtension[];
  /** 1 plan, 3 prescription (2, the polymedication check, is deprecated) */
  medType: number;
  id?: string;
  auth: number;
  /** GLN of the receiver of a prescription */
  rec?: string;
  dt: string;
  rmk?: string;
}
