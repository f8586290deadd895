// The CHMED16A document (chmed16a/README.md: plan and polymedication check; chmed16a/
// prescription.md: prescription, revision 2 with HcPerson/HcOrg). Field names are the JSON's.
// What the specification marks optional is optional here; the patient's fields are all
// optional because plans leave them out (only Lng is required there, and readers default it).

import type { JsonValue } from './json-fields.ts';

export type Chmed16aMedType = 1 | 2 | 3;
export const MED_TYPE = { plan: 1, polymedicationCheck: 2, prescription: 3 } as const;

/** Medicament.IdType: 1 none (free text in Id), 2 GTIN, 3 pharmacode, 4 product number. */
export const ID_TYPE = { freeText: 1, gtin: 2, pharmacode: 3, productNumber: 4 } as const;

/** PatientId.Type 1: the insurance card number. */
export const PATIENT_ID_INSURANCE_CARD = 1;

/** Medication.Auth of a plan the patient made (chmed16a/README.md, Medication, Auth). */
export const AUTHOR_PATIENT = 'patient';

export interface Chmed16aPrivateField {
  Nm: string;
  Val?: string;
  PFields?: Chmed16aPrivateField[];
}

export interface Chmed16aPatientId {
  Type: number;
  Val: string;
}

export interface Chmed16aRiskCategory {
  Id: number;
  R?: number[];
}

export interface Chmed16aMeasurement {
  /** 1 weight, 2 height */
  Type: number;
  Val: string;
  /** 1 cm, 2 kg */
  Unit?: number;
}

export interface Chmed16aMedicalData {
  DLstMen?: string;
  Prem?: number;
  ToG?: string;
  Rc?: Chmed16aRiskCategory[];
  Meas?: Chmed16aMeasurement[];
  PFields?: Chmed16aPrivateField[];
}

export interface Chmed16aPatient {
  FName?: string;
  LName?: string;
  /** YYYY-MM-DD */
  BDt?: string;
  /** 1 male, 2 female */
  Gender?: number;
  Street?: string;
  Zip?: string;
  City?: string;
  /** ISO 639-1, read in lower case */
  Lng?: string;
  Phone?: string;
  Email?: string;
  /** GLN of the receiver of an electronic prescription */
  Rcv?: string;
  Ids?: Chmed16aPatientId[];
  Med?: Chmed16aMedicalData;
  PFields?: Chmed16aPrivateField[];
}

export interface Chmed16aTakingTime {
  /** seconds after the start of the cycle */
  Off: number;
  Du?: number;
  DoFrom?: number;
  DoTo?: number;
  A?: number;
  MA?: number;
}

export interface Chmed16aPosology {
  /** YYYY-MM-DD; required in plans, absent in prescriptions */
  DtFrom?: string;
  /** YYYY-MM-DD, inclusive */
  DtTo?: string;
  /** cycle length in seconds (default 86400); used with TT only */
  CyDu?: number;
  /** 1 reserve (as-needed) medication */
  InRes?: number;
  /**
   * up to four doses: morning, noon, evening, night; ignored when TT is given. A list the reader
   * cannot read (an entry that is no number) is kept as written: `numericDoses` tells.
   */
  D?: JsonValue[];
  TT?: Chmed16aTakingTime[];
}

export interface Chmed16aMedicament {
  Id: string;
  IdType: number;
  Pos?: Chmed16aPosology[];
  Unit?: string;
  TkgRsn?: string;
  AppInstr?: string;
  /** 1 self-medication */
  AutoMed?: number;
  PrscbBy?: string;
  Roa?: string;
  /** repetitions, in months (prescriptions) */
  Rep?: number;
  /** 1 must not be substituted (default 0) */
  Subs?: number;
  /** packages to deliver (default 1) */
  NbPack?: number;
  PFields?: Chmed16aPrivateField[];
}

export interface Chmed16aRecommendation {
  Id: string;
  PatAgr?: number;
  Rmk?: string;
}

export interface Chmed16aHcPerson {
  Gln: string;
  FName: string;
  LName: string;
  Zsr?: string;
}

export interface Chmed16aHcOrg {
  Name: string;
  NameAffix?: string;
  Street: string;
  Zip: string;
  City: string;
  Country?: string;
  Zsr?: string;
  Phone?: string;
  Email?: string;
}

export interface Chmed16aDocument {
  /** prescription revision (2 adds HcPerson/HcOrg); absent means 1 */
  rev?: number;
  Patient: Chmed16aPatient;
  Medicaments: Chmed16aMedicament[];
  Recoms?: Chmed16aRecommendation[];
  MedType: Chmed16aMedType;
  Id: string;
  /** a GLN, a name, or "patient" */
  Auth: string;
  Zsr?: string;
  /** ISO 8601 with offset */
  Dt: string;
  Rmk?: string;
  ValBy?: string;
  ValDt?: string;
  HcPerson?: Chmed16aHcPerson;
  HcOrg?: Chmed16aHcOrg;
  PSchema?: string;
  PFields?: Chmed16aPrivateField[];
}

/** A posology's D as numbers (each finite and not negative), or null when it holds anything else. */
export function numericDoses(d: readonly JsonValue[]): number[] | null {
  return d.every((n): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0) ? [...d] : null;
}
