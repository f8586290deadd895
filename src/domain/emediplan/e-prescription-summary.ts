// What the patient sees of a scanned prescription before sending it to the pharmacy: who
// prescribed it, when, and per medicament what and how. The doctor is the code's HcPerson; a
// code without one (revision 1, most HIN codes) names the signer in its link (`i`: "Dr. Anna
// Müller (amueller)", the HIN id in brackets left out), else its Auth when that is no GLN. Defaults of the specifications
// applied here (the documents keep what was written): CHMED16A Subs 0 and NbPack 1; CHMED23A
// isNotSub false, nbPack 1, and no repetition object means "once more" (v = 1).
import type { Dosage } from '../dosage.ts';
import { numericDoses, type Chmed16aMedicament, type Chmed16aPosology } from './chmed16a-model.ts';
import type { Chmed23aMedicament, Chmed23aRepetition } from './chmed23a-model.ts';
import type { EPrescriptionDocument } from './e-prescription.ts';
import type { JsonValue } from './json-fields.ts';

export type MedicamentIdType = 'free_text' | 'gtin' | 'pharmacode' | 'product_number' | 'unknown';
const ID_TYPES: Readonly<Record<number, MedicamentIdType>> = { 1: 'free_text', 2: 'gtin', 3: 'pharmacode', 4: 'product_number' };

export type RepetitionUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
const TIME_UNITS: readonly RepetitionUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'];

/** How often (times) and/or how long (within) the prescription may be redeemed again. */
export interface Repetitions {
  times?: number;
  within?: { value: number; unit: RepetitionUnit };
}

export interface PrescribedMedicament {
  id: string;
  idType: MedicamentIdType;
  /** morning, noon, evening, night; null when no simple daily dosage is given */
  dosage: Dosage | null;
  /**
   * The dose list as written when it cannot be read (an entry that is no number, more than four
   * entries), its entries joined by " – ": kept and shown as unreadable, never cut or dropped.
   */
  unreadableDosage: string | null;
  reserve: boolean;
  unit: string | null;
  instructions: string | null;
  repetitions: Repetitions | null;
  substitutionAllowed: boolean;
  packages: number;
  /** last day of the treatment (inclusive), when given */
  until: string | null;
  /** CHMED23A may give several posologies one after the other; the dosage is the first's */
  posologies: number;
}

export interface EPrescriptionSummary {
  id: string | null;
  /** Dt of the document (ISO 8601 with offset) */
  date: string;
  doctor: { name: string | null; gln: string | null; organisation: string | null };
  remark: string | null;
  medicaments: PrescribedMedicament[];
}

const GLN = /^\d{13}$/;
const idType = (n: number): MedicamentIdType => ID_TYPES[n] ?? 'unknown';
const joined = (texts: readonly (string | undefined)[]): string | null => {
  const unique = [...new Set(texts.filter((t): t is string => t !== undefined))];
  return unique.length > 0 ? unique.join('; ') : null;
};

/** Up to four doses; the missing ones are 0. */
function fourDoses(d: readonly number[]): Dosage {
  const [m = 0, n = 0, e = 0, night = 0] = d;
  return [m, n, e, night];
}

const asWritten = (entry: JsonValue): string => (typeof entry === 'string' ? entry : JSON.stringify(entry));

/** D read as four doses, or as written when it cannot be (ignored when taking times are given: chmed16a/README.md, Posology). */
function doses16a(pos: Chmed16aPosology | undefined): Pick<PrescribedMedicament, 'dosage' | 'unreadableDosage'> {
  if (!pos?.D || pos.TT) return { dosage: null, unreadableDosage: null };
  const numbers = numericDoses(pos.D);
  if (numbers !== null && numbers.length <= 4) return { dosage: fourDoses(numbers), unreadableDosage: null };
  return { dosage: null, unreadableDosage: pos.D.map(asWritten).join(' – ') };
}

function medicament16a(m: Chmed16aMedicament): PrescribedMedicament {
  const pos = m.Pos?.[0];
  return {
    id: m.Id,
    idType: idType(m.IdType),
    ...doses16a(pos),
    reserve: pos?.InRes === 1,
    unit: m.Unit ?? null,
    instructions: m.AppInstr ?? null,
    // "the number of repetitions in months, e.g. permanent prescription for 6 months"
    repetitions: m.Rep !== undefined ? { within: { value: m.Rep, unit: 'month' } } : null,
    substitutionAllowed: m.Subs !== 1,
    packages: m.NbPack ?? 1,
    until: pos?.DtTo ?? null,
    posologies: m.Pos?.length ?? 0,
  };
}

function repetitions23a(reps: Chmed23aRepetition | undefined): Repetitions {
  if (reps === undefined) return { times: 1 };
  const within = (d: number, u: number) => {
    const unit = TIME_UNITS[u - 1];
    return unit ? { within: { value: d, unit } } : {};
  };
  if (reps.t === 1) return { times: reps.v };
  if (reps.t === 2) return within(reps.d, reps.u);
  return { times: reps.v, ...within(reps.d, reps.u) };
}

function medicament23a(m: Chmed23aMedicament): PrescribedMedicament {
  const pos = m.pos ?? [];
  const first = pos[0];
  return {
    id: m.id,
    idType: idType(m.idType),
    dosage: first?.po.t === 1 ? first.po.ds : null,
    // the reader refuses a daily posology that is not four numbers
    unreadableDosage: null,
    reserve: first?.inRes === true,
    unit: first?.unit ?? null,
    instructions: joined(pos.flatMap((p) => [p.po.t === 2 ? p.po.text : undefined, p.appInstr])),
    repetitions: repetitions23a(m.reps),
    substitutionAllowed: m.isNotSub !== true,
    packages: m.nbPack ?? 1,
    until: first?.dtTo ?? null,
    posologies: pos.length,
  };
}

/** The signer's name of a HIN link's `i` ("Dr. Anna Müller (amueller)": without the HIN id), or null. */
export function signerName(issuer: string | undefined): string | null {
  const name = issuer?.replace(/\s*\([^()]*\)\s*$/, '').trim();
  return name ? name : null;
}

/** The name a prescription goes by wherever it is listed: its doctor, else the practice; null when it names neither. */
export const prescriberOf = (doctor: Pick<EPrescriptionSummary['doctor'], 'name' | 'organisation'> | null | undefined): string | null => doctor?.name ?? doctor?.organisation ?? null;

export function ePrescriptionSummary(prescription: EPrescriptionDocument & { issuer?: string }): EPrescriptionSummary {
  const signer = signerName(prescription.issuer);
  if (prescription.format === 'CHMED16A') {
    const { doc } = prescription;
    const person = doc.HcPerson;
    // revision 1 has no HcPerson: Auth is the doctor's GLN, or else a name
    const authGln = GLN.test(doc.Auth) ? doc.Auth : null;
    return {
      id: doc.Id,
      date: doc.Dt,
      doctor: {
        name: person ? `${person.FName} ${person.LName}` : (signer ?? (authGln ? null : doc.Auth)),
        gln: person?.Gln ?? authGln,
        organisation: doc.HcOrg?.Name ?? null,
      },
      remark: doc.Rmk ?? null,
      medicaments: doc.Medicaments.map(medicament16a),
    };
  }
  const { doc } = prescription;
  return {
    id: doc.id ?? null,
    date: doc.dt,
    doctor: {
      name: doc.hcPerson ? `${doc.hcPerson.fName} ${doc.hcPerson.lName}` : signer,
      gln: doc.hcPerson?.gln ?? null,
      organisation: doc.hcOrg?.name ?? null,
    },
    remark: doc.rmk ?? null,
    medicaments: doc.meds.map(medicament23a),
  };
}
