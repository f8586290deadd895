// A parsed CHMED23A JSON object read into the model, with the same tolerance as the CHMED16A
// reader (chmed16a-read.ts). Fails only without patient object, auth, dt or medType, or for a
// medicament without id/idType or a posology whose detail cannot be read (a daily posology
// must hold four doses >= 0, the specification's own rule).
import { err, ok, type Result } from '../result.ts';
import type {
  Chmed23aDocument,
  Chmed23aExtension,
  Chmed23aHcOrg,
  Chmed23aHcPerson,
  Chmed23aMedicalData,
  Chmed23aMedicament,
  Chmed23aPatient,
  Chmed23aPatientId,
  Chmed23aPosology,
  Chmed23aPosologyDetail,
  Chmed23aRepetition,
  Chmed23aRiskCategory,
} from './chmed23a-model.ts';
import { compact, field, isJsonObject, readBoolean, readInteger, readList, readNumber, readText, type JsonObject, type JsonValue } from './json-fields.ts';

/** A list of which every entry must be read; undefined when one cannot be. */
function readAll<T>(value: JsonValue | undefined, read: (v: JsonValue) => T | undefined): T[] | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return 'invalid';
  const out: T[] = [];
  for (const entry of value) {
    const r = read(entry);
    if (r === undefined) return 'invalid';
    out.push(r);
  }
  return out.length > 0 ? out : undefined;
}

function extension(v: JsonValue): Chmed23aExtension | undefined {
  if (!isJsonObject(v)) return undefined;
  const nm = readText(field(v, 'nm'));
  if (nm === undefined) return undefined;
  // schema is required; an extension without one cannot be interpreted, but keeping its name
  // and value costs nothing
  return compact({ nm, val: readText(field(v, 'val')), schema: readText(field(v, 'schema')) ?? '', exts: readList(field(v, 'exts'), extension) });
}

const extensions = (o: JsonObject) => readList(field(o, 'exts'), extension);

function patientId(v: JsonValue): Chmed23aPatientId | undefined {
  if (!isJsonObject(v)) return undefined;
  const type = readInteger(field(v, 'type'));
  const val = readText(field(v, 'val'));
  if (type === undefined || val === undefined) return undefined;
  return compact({ type, sId: readText(field(v, 'sId')), val });
}

function riskCategory(v: JsonValue): Chmed23aRiskCategory | undefined {
  if (!isJsonObject(v)) return undefined;
  const id = readInteger(field(v, 'id'));
  return id === undefined ? undefined : compact({ id, rIds: readList(field(v, 'rIds'), readInteger) });
}

function medicalData(v: JsonValue | undefined): Chmed23aMedicalData | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const out = compact({
    dLstMen: readText(field(v, 'dLstMen')),
    prem: readBoolean(field(v, 'prem')),
    toG: readText(field(v, 'toG')),
    rcs: readList(field(v, 'rcs'), riskCategory),
    w: readNumber(field(v, 'w')),
    h: readNumber(field(v, 'h')),
    exts: extensions(v),
  });
  return Object.keys(out).length > 0 ? out : undefined;
}

function patient(v: JsonObject): Chmed23aPatient {
  return compact({
    fName: readText(field(v, 'fName')),
    lName: readText(field(v, 'lName')),
    bdt: readText(field(v, 'bdt')),
    gender: readInteger(field(v, 'gender')),
    street: readText(field(v, 'street')),
    zip: readText(field(v, 'zip')),
    city: readText(field(v, 'city')),
    country: readText(field(v, 'country')),
    lng: readText(field(v, 'lng'))?.trim().toLowerCase(),
    ids: readList(field(v, 'ids'), patientId),
    exts: extensions(v),
    mData: medicalData(field(v, 'mData')),
    phones: readList(field(v, 'phones'), readText),
    emails: readList(field(v, 'emails'), readText),
  });
}

function posologyDetail(v: JsonValue | undefined): Chmed23aPosologyDetail | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const t = readInteger(field(v, 't'));
  if (t === 1) {
    const ds = field(v, 'ds');
    if (!Array.isArray(ds) || ds.length !== 4) return undefined;
    const [m, n, e, night] = ds.map(readNumber);
    if (m === undefined || n === undefined || e === undefined || night === undefined) return undefined;
    if (m < 0 || n < 0 || e < 0 || night < 0) return undefined;
    return { t: 1, ds: [m, n, e, night] };
  }
  if (t === 2) {
    const text = readText(field(v, 'text'));
    return text === undefined ? undefined : { t: 2, text };
  }
  if (t === 3 || t === 4 || t === 5) return { ...v, t };
  return undefined;
}

function posology(v: JsonValue): Chmed23aPosology | undefined {
  if (!isJsonObject(v)) return undefined;
  const po = posologyDetail(field(v, 'po'));
  if (po === undefined) return undefined;
  return compact({
    dtFrom: readText(field(v, 'dtFrom')),
    dtTo: readText(field(v, 'dtTo')),
    inRes: readBoolean(field(v, 'inRes')),
    po,
    relMeal: readInteger(field(v, 'relMeal')),
    unit: readText(field(v, 'unit')),
    appInstr: readText(field(v, 'appInstr')),
    roa: readText(field(v, 'roa')),
    moa: readText(field(v, 'moa')),
  });
}

function repetition(v: JsonValue | undefined): Chmed23aRepetition | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const t = readInteger(field(v, 't'));
  const value = readInteger(field(v, 'v'));
  const d = readInteger(field(v, 'd'));
  const u = readInteger(field(v, 'u'));
  if (t === 1 && value !== undefined) return { t, v: value };
  if (t === 2 && d !== undefined && u !== undefined) return { t, d, u };
  if (t === 3 && value !== undefined && d !== undefined && u !== undefined) return { t, v: value, d, u };
  return undefined;
}

function medicament(v: JsonValue): Chmed23aMedicament | undefined {
  if (!isJsonObject(v)) return undefined;
  const id = readText(field(v, 'id'));
  const idType = readInteger(field(v, 'idType'));
  const pos = readAll(field(v, 'pos'), posology);
  if (id === undefined || idType === undefined || pos === 'invalid') return undefined;
  return compact({
    id,
    idType,
    pos,
    rsn: readText(field(v, 'rsn')),
    autoMed: readBoolean(field(v, 'autoMed')),
    prscbBy: readText(field(v, 'prscbBy')),
    reps: repetition(field(v, 'reps')),
    isNotSub: readBoolean(field(v, 'isNotSub')),
    sic: readBoolean(field(v, 'sic')),
    nbPack: readNumber(field(v, 'nbPack')),
    exts: extensions(v),
  });
}

function hcPerson(v: JsonValue | undefined): Chmed23aHcPerson | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const fName = readText(field(v, 'fName'));
  const lName = readText(field(v, 'lName'));
  if (fName === undefined || lName === undefined) return undefined;
  return compact({ gln: readText(field(v, 'gln')), fName, lName, zsr: readText(field(v, 'zsr')) });
}

function hcOrg(v: JsonValue | undefined): Chmed23aHcOrg | undefined {
  if (v === undefined || !isJsonObject(v)) return undefined;
  const name = readText(field(v, 'name'));
  const street = readText(field(v, 'street'));
  const zip = readText(field(v, 'zip'));
  const city = readText(field(v, 'city'));
  if (name === undefined || street === undefined || zip === undefined || city === undefined) return undefined;
  return compact({ gln: readText(field(v, 'gln')), name, street, zip, city, country: readText(field(v, 'country')), zsr: readText(field(v, 'zsr')) });
}

export function readChmed23a(json: JsonObject): Result<Chmed23aDocument, 'bad_document'> {
  const patientJson = field(json, 'patient');
  const medType = readInteger(field(json, 'medType'));
  const auth = readInteger(field(json, 'auth'));
  const dt = readText(field(json, 'dt'));
  const meds = readAll(field(json, 'meds'), medicament);
  if (patientJson === undefined || !isJsonObject(patientJson) || meds === 'invalid') return err('bad_document');
  if (medType === undefined || auth === undefined || dt === undefined) return err('bad_document');
  return ok(
    compact({
      patient: patient(patientJson),
      hcPerson: hcPerson(field(json, 'hcPerson')),
      hcOrg: hcOrg(field(json, 'hcOrg')),
      meds: meds ?? [],
      exts: extensions(json),
      medType,
      id: readText(field(json, 'id')),
      auth,
      rec: readText(field(json, 'rec')),
      dt,
      rmk: readText(field(json, 'rmk')),
    }),
  );
}
