import { describe, expect, it } from 'vitest';
import type { Prescription } from '../entities.ts';
import { decodeChmed16a } from './chmed16a.ts';
import type { Chmed16aDocument } from './chmed16a-model.ts';
import { fixture } from './emediplan-test-support.ts';
import { planFromPrescriptions } from './plan-from-prescriptions.ts';
import { planReminders } from './plan-reminders.ts';
import { planSheet, type NameOf } from './plan-sheet.ts';

const NAMES: Record<string, string> = { '2333266': 'Dafalgan Tabl 1 g', '1028665': 'Ibuprofen Sandoz Filmtabl 400 mg' };
const nameOf: NameOf = (id, idType) => (idType === 3 ? (NAMES[id] ?? null) : null);

const doc = (medicaments: Chmed16aDocument['Medicaments'], patient: Chmed16aDocument['Patient'] = { FName: 'Zoé', LName: 'Müller', BDt: '1958-04-03', Gender: 2, Lng: 'fr' }): Chmed16aDocument => ({
  Patient: patient,
  Medicaments: medicaments,
  MedType: 1,
  Id: '9196a4e4-3439-4714-b89a-89402db30c02',
  Auth: 'patient',
  Dt: '2026-03-20T10:00:00+01:00',
});

// chmed16a/README.md "The medication plan": one row per medication, the four columns, reserve apart
describe('planSheet: the printed plan read from the document', () => {
  it('the specification\'s example (Maxima Matter) prints its six medicaments with their doses, in its order', async () => {
    const decoded = await decodeChmed16a(fixture('chmed16a-maxima-matter-compressed.txt'));
    if (!decoded.ok) throw new Error(decoded.error);
    const sheet = planSheet(decoded.value.doc, () => null);
    expect(sheet.patient).toStrictEqual({ firstName: 'Maxima', lastName: 'Matter', birthDate: '1981-01-12', gender: 'female' });
    expect(sheet.issuedAt).toBe('2016-09-12T11:46:09+02:00');
    expect(sheet.regular.map((l) => [l.id, l.doses, l.unit, l.from, l.reason])).toStrictEqual([
      ['971867', [0, 0, 0, 0], 'STK', '2016-09-12', 'Akne'],
      ['4461382', [0, 1, 0, 0], 'STK', '2016-02-10', 'Blutverdünnung'],
      ['2355687', [1, 0, 1, 0], 'STK', '2016-02-10', 'Bluthochdruck/Herz'],
      ['1426310', [0, 0, 1, 0], 'STK', '2016-02-10', 'Cholesterinsenker'],
      ['809693', [1, 0, 0, 0], 'STK', '2016-02-10', 'Bluthochdruck/Wasser'],
      ['1551274', [1, 0, 0, 0], 'STK', '2016-02-10', 'Bluthochdruck/Wasser'],
    ]);
    expect(sheet.reserve).toStrictEqual([]);
    expect(sheet.remark).toBeNull();
  });

  it.each<[string, Chmed16aDocument['Medicaments'][number], 'regular' | 'reserve', object]>([
    [
      'a daily scheme with a half dose',
      { Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-12-31', D: [1, 0, 0.5, 0] }], Unit: 'Tabl', AppInstr: 'vor dem Essen', AutoMed: 0 },
      'regular',
      { name: 'Dafalgan Tabl 1 g', doses: [1, 0, 0.5, 0], unit: 'Tabl', from: '2026-03-20', to: '2026-12-31', instructions: 'vor dem Essen', selfMedication: false },
    ],
    ['fewer than four doses: the rest are 0', { Id: '2333266', IdType: 3, Pos: [{ D: [1, 1] }] }, 'regular', { doses: [1, 1, 0, 0], unit: null }],
    ['reserve (InRes 1)', { Id: '1028665', IdType: 3, Pos: [{ DtFrom: '2026-03-20', InRes: 1 }], AppInstr: 'bei Schmerzen' }, 'reserve', { name: 'Ibuprofen Sandoz Filmtabl 400 mg', doses: null, instructions: 'bei Schmerzen' }],
    ['timed doses make D void: see instructions', { Id: '2333266', IdType: 3, Pos: [{ D: [1, 0, 0, 0], TT: [{ Off: 3600, A: 1 }] }] }, 'regular', { doses: null }],
    ['no posology at all', { Id: '2333266', IdType: 3 }, 'regular', { doses: null, from: null, to: null }],
    ['free text names itself', { Id: 'Essigwickel', IdType: 1, Pos: [{ InRes: 1 }], AutoMed: 1 }, 'reserve', { name: 'Essigwickel', selfMedication: true }],
    ['an unknown pharmacode has no name', { Id: '5555555', IdType: 3, Pos: [{ D: [0, 0, 0, 1] }] }, 'regular', { name: null, id: '5555555' }],
  ])('%s', (_, medicament, block, expected) => {
    const sheet = planSheet(doc([medicament]), nameOf);
    expect(sheet[block]).toHaveLength(1);
    expect(sheet[block][0]).toMatchObject(expected);
    expect(sheet[block === 'regular' ? 'reserve' : 'regular']).toHaveLength(0);
  });

  it('prints a medicament once per posology', () => {
    const sheet = planSheet(doc([{ Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-03-26', D: [1, 0, 0, 0] }, { DtFrom: '2026-03-27', D: [0.5, 0, 0, 0] }, { InRes: 1 }] }]), nameOf);
    expect(sheet.regular.map((l) => [l.doses, l.from])).toStrictEqual([
      [[1, 0, 0, 0], '2026-03-20'],
      [[0.5, 0, 0, 0], '2026-03-27'],
    ]);
    expect(sheet.reserve).toHaveLength(1);
  });

  it.each<[number | undefined, string | null]>([
    [1, 'male'],
    [2, 'female'],
    [undefined, null],
  ])('gender %s', (gender, expected) => {
    expect(planSheet(doc([], { FName: 'A', LName: 'B', ...(gender === undefined ? {} : { Gender: gender }) }), nameOf).patient.gender).toBe(expected);
  });

  it('the platform\'s own plan: active prescriptions, 0-0-0-0 as reserve, DtTo the expiry', () => {
    const rx = (over: Partial<Prescription>): Prescription => ({ id: 1, customer_id: 'c', medication_id: 2333266, dosage: [1, 0, 1, 0], comment: null, expires_at: '2026-12-31', single_use: false, used: false, intake: null, ...over });
    const plan = planFromPrescriptions(
      {
        patient: { first_name: 'Sandra', last_name: 'Meier', birthday: '1962-05-14', gender: 2, language: 'de' },
        prescriptions: [rx({}), rx({ id: 2, medication_id: 1028665, dosage: [0, 0, 0, 0], comment: 'bei Schmerzen' })],
        medications: [{ pharmacode: 2333266, qty: 20, qtyu: 'Tabl' }],
        orders: [],
      },
      { now: new Date('2026-03-20T10:00:00+01:00'), id: 'x' },
    );
    const sheet = planSheet(plan, nameOf);
    expect(sheet.regular.map((l) => [l.name, l.doses, l.unit, l.from, l.to])).toStrictEqual([['Dafalgan Tabl 1 g', [1, 0, 1, 0], 'Tabl', '2026-03-20', '2026-12-31']]);
    expect(sheet.reserve.map((l) => [l.name, l.instructions])).toStrictEqual([['Ibuprofen Sandoz Filmtabl 400 mg', 'bei Schmerzen']]);
  });
});

describe('planReminders: what the calendar reminds of, per period', () => {
  const sheet = planSheet(
    doc([
      { Id: '2333266', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-06-30', D: [1, 0, 1, 0] }], Unit: 'Tabl' },
      { Id: '1028665', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2026-11-05', D: [0, 0, 0, 0.5] }], Unit: 'Tabl' },
      { Id: '7777777', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2027-12-31', InRes: 1 }] },
      { Id: '8888888', IdType: 3, Pos: [{ DtFrom: '2026-03-20', DtTo: '2028-12-31', D: [0, 0, 0, 0] }] },
    ]),
    nameOf,
  );

  it('lists each medication under the periods with a dose, and ends with the latest of them (reserve and zero lines do not count)', () => {
    const { periods, until } = planReminders(sheet);
    expect(Object.fromEntries(Object.entries(periods).map(([p, r]) => [p, r.map((x) => [x.line.id, x.dose])]))).toStrictEqual({
      morning: [['2333266', 1]],
      noon: [],
      evening: [['2333266', 1]],
      night: [['1028665', 0.5]],
    });
    expect(until).toBe('2026-11-05');
  });

  it('nothing to remind: no end', () => {
    expect(planReminders({ regular: [] })).toStrictEqual({ periods: { morning: [], noon: [], evening: [], night: [] }, until: null });
  });
});
