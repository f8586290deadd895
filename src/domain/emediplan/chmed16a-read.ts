// A parsed CHMED16A JSON object read into the model, as tolerant as the specification asks of
// readers: unknown fields are ignored, keys are matched in any case ("EMail"), numbers may come
// as strings, empty strings and empty lists count as absent ("DtTo":""), Lng is lower-cased.
// Only what cannot be read without guessing fails: no MedType 1-3, no Id, Auth or Dt, no
// Patient object, or a medicament without Id and a whole IdType (it is never dropped silently).
// A dose list that is not all numbers is kept as written (see readDoses).
import { err, ok, type Result } from '../result.ts';
import type {
  Chmed16aDocument,
  Chmed16aHcOrg,
  Chmed16aHcPerson,
  Chmed16aMeasurement,
  Chmed16aMedicalData,
  Chmed16aMedicament,
  Chmed16aMedType,
  Chmed16aPatient,
  Chmed16aPatientId,
  Chmed16aPosology,
  Chmed16aPrivateField,
  Chmed16aRecommendation,
  Chmed16aRiskCategory,
  Chmed16aTakingTime,
} from './chmed16a-model.ts';
import {
  compact,
  field,
  isJsonObject,
  readBoolean,
  readInteger,
  readList,
  readNumber,
  readText,
  type JsonObject,
  type JsonValue,
} from './json-fields.ts';

/** A 0/1 flag of CHMED16A, also from true/false. */
function readFlag(value: JsonValue | undefined): number | undefined {
  const b = readBoolean(value);
  return b === undefined ? undefined : b ? 1 : 0;
}

/** The object without its absent fields, or undefined when nothing is left. */
function nonEmpty<T extends object>(object: T): T | undefined {
  const out = compact(object);
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The doses as numbers; a list with an entry that is no number (or a negative one) is kept as
 * written, whole: dropping one entry would move the others to another time of day, dropping the
 * list would make the medicament arrive without a dosage. The summary says it cannot be read.
 */
function readDoses(value: JsonValue | undefined): JsonValue[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const numbers = value.map(readNumber);
  return numbers.every((n): n is number => n !== undefined && n >= 0) ? numbers : value;
}

function readIntegers(value: JsonValue | undefined): number[] | undefined {
  return readList(value, readInteger);
}

function privateField(v: JsonValue): Chmed16aPrivateField | undefined {
  if (!isJsonObject(v)) return undefined;
  const Nm = readText(field(v, 'Nm'));
  if (Nm === undefined) return undefined;
  return compact({ Nm, Val: readText(field(v, 'Val')), PFields: readList(field(v, 'PFields'), privateField) });
}

const privateFields = (o: JsonObject) => readList(field(o, 'PFields'), privateField);

function patientId(v: JsonValue): Chmed16aPatientId | undefined {
  if (!isJsonObject(v)) return undefined;
  const Type = readInteger(field(v, 'Type'));
  const Val = readText(field(v, 'Val'));
  return Type === undefined || Val === undefined ? undefined : { Type, Val };
}

function riskCategory(v: JsonValue): Chmed16aRiskCategory | undefined {
  if (!isJsonObject(v)) return undefined;
  const Id = readInteger(field(v, 'Id'));
  return Id === undefined ? undefined : compact({ Id, R: readIntegers(field(v, 'R')) });
}

function measurement(v: JsonValue): Chmed16aMeasurement | undefined {
  if (!isJsonObject(v)) return undefined;
  const Type = readInteger(field(v, 'Type'));
  const Val = readText(field(v, 'Val'));
  if (Type === undefined || Val === undefined) return undefined;
  return compact({ Type, Val, Unit: readInteger(field(v, 'Unit')) });
}

function medicalData(v: JsonValue | undefined): Chmed16aMedicalData | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  return nonEmpty({
    DLstMen: readText(field(v, 'DLstMen')),
    Prem: readFlag(field(v, 'Prem')),
    ToG: readText(field(v, 'ToG')),
    Rc: readList(field(v, 'Rc'), riskCategory),
    Meas: readList(field(v, 'Meas'), measurement),
    PFields: privateFields(v),
  });
}

function patient(v: JsonObject): Chmed16aPatient {
  return compact({
    FName: readText(field(v, 'FName')),
    LName: readText(field(v, 'LName')),
    BDt: readText(field(v, 'BDt')),
    Gender: readInteger(field(v, 'Gender')),
    Street: readText(field(v, 'Street')),
    Zip: readText(field(v, 'Zip')),
    City: readText(field(v, 'City')),
    Lng: readText(field(v, 'Lng'))?.trim().toLowerCase(),
    Phone: readText(field(v, 'Phone')),
    Email: readText(field(v, 'Email')),
    Rcv: readText(field(v, 'Rcv')),
    Ids: readList(field(v, 'Ids'), patientId),
    Med: medicalData(field(v, 'Med')),
    PFields: privateFields(v),
  });
}

function takingTime(v: JsonValue): Chmed16aTakingTime | undefined {
  if (!isJsonObject(v)) return undefined;
  const Off = readNumber(field(v, 'Off'));
  if (Off === undefined) return undefined;
  return compact({
    Off,
    Du: readNumber(field(v, 'Du')),
    DoFrom: readNumber(field(v, 'DoFrom')),
    DoTo: readNumber(field(v, 'DoTo')),
    A: readNumber(field(v, 'A')),
    MA: readNumber(field(v, 'MA')),
  });
}

function posology(v: JsonValue): Chmed16aPosology | undefined {
  if (!isJsonObject(v)) return undefined;
  return nonEmpty({
    DtFrom: readText(field(v, 'DtFrom')),
    DtTo: readText(field(v, 'DtTo')),
    CyDu: readNumber(field(v, 'CyDu')),
    InRes: readFlag(field(v, 'InRes')),
    D: readDoses(field(v, 'D')),
    TT: readList(field(v, 'TT'), takingTime),
  });
}

function medicament(v: JsonValue): Chmed16aMedicament | undefined {
  if (!isJsonObject(v)) return undefined;
  const Id = readText(field(v, 'Id'));
  const IdType = readInteger(field(v, 'IdType'));
  if (Id === undefined || IdType === undefined) return undefined;
  return compact({
    Id,
    IdType,
    Pos: readList(field(v, 'Pos'), posology),
    Unit: readText(field(v, 'Unit')),
    TkgRsn: readText(field(v, 'TkgRsn')),
    AppInstr: readText(field(v, 'AppInstr')),
    AutoMed: readFlag(field(v, 'AutoMed')),
    PrscbBy: readText(field(v, 'PrscbBy')),
    Roa: readText(field(v, 'Roa')),
    Rep: readInteger(field(v, 'Rep')),
    Subs: readFlag(field(v, 'Subs')),
    NbPack: readNumber(field(v, 'NbPack')),
    PFields: privateFields(v),
  });
}

function recommendation(v: JsonValue): Chmed16aRecommendation | undefined {
  if (!isJsonObject(v)) return undefined;
  const Id = readText(field(v, 'Id'));
  if (Id === undefined) return undefined;
  return compact({ Id, PatAgr: readFlag(field(v, 'PatAgr')), Rmk: readText(field(v, 'Rmk')) });
}

function hcPerson(v: JsonValue | undefined): Chmed16aHcPerson | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const Gln = readText(field(v, 'Gln'));
  const FName = readText(field(v, 'FName'));
  const LName = readText(field(v, 'LName'));
  if (Gln === undefined || FName === undefined || LName === undefined) return undefined;
  return compact({ Gln, FName, LName, Zsr: readText(field(v, 'Zsr')) });
}

function hcOrg(v: JsonValue | undefined): Chmed16aHcOrg | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const Name = readText(field(v, 'Name'));
  const Street = readText(field(v, 'Street'));
  const Zip = readText(field(v, 'Zip'));
  const City = readText(field(v, 'City'));
  if (Name === undefined || Street === undefined || Zip === undefined || City === undefined) return undefined;
  return compact({
    Name,
    NameAffix: readText(field(v, 'NameAffix')),
    Street,
    Zip,
    City,
    Country: readText(field(v, 'Country')),
    Zsr: readText(field(v, 'Zsr')),
    Phone: readText(field(v, 'Phone')),
    Email: readText(field(v, 'Email')),
  });
}

const isMedType = (n: number | undefined): n is Chmed16aMedType => n === 1 || n === 2 || n === 3;

function medicaments(v: JsonValue | undefined): Chmed16aMedicament[] | undefined {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return undefined;
  const out: Chmed16aMedicament[] = [];
  for (const entry of v) {
    const m = medicament(entry);
    if (m === undefined) return undefined;
    out.push(m);
  }
  return out;
}

export function readChmed16a(json: JsonObject): Result<Chmed16aDocument, 'bad_document'> {
  const MedType = readInteger(field(json, 'MedType'));
  const Id = readText(field(json, 'Id'));
  const Auth = readText(field(json, 'Auth'));
  const Dt = readText(field(json, 'Dt'));
  const patientJson = field(json, 'Patient');
  const meds = medicaments(field(json, 'Medicaments'));
  if (!isMedType(MedType) || Id === undefined || Auth === undefined || Dt === undefined) return err('bad_document');
  if (patientJson === undefined || !isJsonObject(patientJson) || meds === undefined) return err('bad_document');
  return ok(
    compact({
      rev: readInteger(field(json, 'rev')),
      Patient: patient(patientJson),
      Medicaments: meds,
      Recoms: readList(field(json, 'Recoms'), recommendation),
      MedType,
      Id,
      Auth,
      Zsr: readText(field(json, 'Zsr')),
      Dt,
      Rmk: readText(field(json, 'Rmk')),
      ValBy: readText(field(json, 'ValBy')),
      ValDt: readText(field(json, 'ValDt')),
      HcPerson: hcPerson(field(json, 'HcPerson')),
      HcOrg: hcOrg(field(json, 'HcOrg')),
      PSchema: readText(field(json, 'PSchema')),
      PFields: privateFields(json),
    }),
  );
}
