// The printed eMediplan (chmed16a/README.md, "The medication plan") as rows, read from the
// CHMED16A document itself: the paper, its code, the screen's list of contents and the calendar
// all say what the code says. Decided where the layout leaves a choice:
// - one line per posology (a medicament with two posologies prints twice, as the standard's
//   table has one dosing scheme per row); a medicament without one prints once, without doses;
// - a posology with InRes 1 goes to the reserve block; the others to the main table;
// - D gives the four columns (fewer than four numbers: the rest are 0); timed doses (TT, which
//   make D void), no D, or a D that cannot be read (not all numbers, more than four) give no
//   columns: "see instructions", as the standard prints them;
// - the name is the caller's for the Id (the catalogue's name of a pharmacode), the Id itself
//   for free text (IdType 1), else null (the caller shows the code).
import type { Chmed16aDocument, Chmed16aMedicament, Chmed16aPosology } from './chmed16a-model.ts';
import { ID_TYPE, numericDoses } from './chmed16a-model.ts';

export type Doses = readonly [morning: number, noon: number, evening: number, night: number];

export interface SheetLine {
  /** the medicament's Id (a pharmacode with IdType 3) */
  id: string;
  idType: number;
  name: string | null;
  /** morning, noon, evening, night; null: no daily scheme ("see instructions") */
  doses: Doses | null;
  unit: string | null;
  /** YYYY-MM-DD */
  from: string | null;
  /** YYYY-MM-DD, the last day included */
  to: string | null;
  instructions: string | null;
  reason: string | null;
  selfMedication: boolean;
}

export interface SheetPatient {
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  /** CHMED16A: 1 male, 2 female */
  gender: 'male' | 'female' | null;
}

export interface PlanSheet {
  patient: SheetPatient;
  /** the document's date and time (Dt, ISO 8601 with offset): the issue date */
  issuedAt: string;
  regular: SheetLine[];
  reserve: SheetLine[];
  remark: string | null;
}

/** The catalogue's name of a medicament's Id, or null when it has none. */
export type NameOf = (id: string, idType: number) => string | null;

const text = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

function dosesOf(pos: Chmed16aPosology | undefined): Doses | null {
  if (!pos || (pos.TT && pos.TT.length > 0) || !pos.D || pos.D.length === 0) return null;
  const d = numericDoses(pos.D);
  if (d === null || d.length > 4) return null;
  const [morning = 0, noon = 0, evening = 0, night = 0] = d;
  return [morning, noon, evening, night];
}

function line(m: Chmed16aMedicament, pos: Chmed16aPosology | undefined, nameOf: NameOf): SheetLine {
  return {
    id: m.Id,
    idType: m.IdType,
    name: m.IdType === ID_TYPE.freeText ? text(m.Id) : nameOf(m.Id, m.IdType),
    doses: dosesOf(pos),
    unit: text(m.Unit),
    from: text(pos?.DtFrom),
    to: text(pos?.DtTo),
    instructions: text(m.AppInstr),
    reason: text(m.TkgRsn),
    selfMedication: m.AutoMed === 1,
  };
}

export function planSheet(doc: Chmed16aDocument, nameOf: NameOf): PlanSheet {
  const regular: SheetLine[] = [];
  const reserve: SheetLine[] = [];
  for (const m of doc.Medicaments) {
    const posologies = m.Pos && m.Pos.length > 0 ? m.Pos : [undefined];
    for (const pos of posologies) (pos?.InRes === 1 ? reserve : regular).push(line(m, pos, nameOf));
  }
  const { Patient: p } = doc;
  return {
    patient: {
      firstName: text(p.FName),
      lastName: text(p.LName),
      birthDate: text(p.BDt),
      gender: p.Gender === 1 ? 'male' : p.Gender === 2 ? 'female' : null,
    },
    issuedAt: doc.Dt,
    regular,
    reserve,
    remark: text(doc.Rmk),
  };
}
