// Issue 27 item 2: the patient in the code compared with the profile; a mismatch is told and
// confirmed, never silently accepted.
import { describe, expect, it } from 'vitest';
import type { Chmed16aPatient } from './chmed16a-model.ts';
import { comparePatient, nameWords, type NamedPatient } from './e-prescription-patient.ts';

const rx = (Patient: Chmed16aPatient) => ({ format: 'CHMED16A' as const, doc: { MedType: 3 as const, Id: 'r', Auth: 'x', Dt: '2026-01-01', Patient, Medicaments: [] } });
const PROFILE: NamedPatient = { firstName: 'Zoé', lastName: 'Müller-Brändli', birthDate: '1961-02-03' };

describe('comparePatient', () => {
  it.each<[string, Chmed16aPatient, NamedPatient, string, string, boolean]>([
    ['the same, as written', { FName: 'Zoé', LName: 'Müller-Brändli', BDt: '1961-02-03' }, PROFILE, 'same', 'same', false],
    ['umlauts spelled out, capitals, no accent', { FName: 'ZOE', LName: 'Mueller Braendli', BDt: '1961-02-03' }, PROFILE, 'same', 'same', false],
    ['a second given name in the code', { FName: 'Zoé Anna', LName: 'Müller-Brändli', BDt: '1961-02-03' }, PROFILE, 'same', 'same', false],
    ['another first name', { FName: 'Zora', LName: 'Müller-Brändli', BDt: '1961-02-03' }, PROFILE, 'different', 'same', true],
    ['another last name', { FName: 'Zoé', LName: 'Müller', BDt: '1961-02-03' }, PROFILE, 'different', 'same', true],
    ['another birth date (a child’s prescription)', { FName: 'Zoé', LName: 'Müller-Brändli', BDt: '2015-06-07' }, PROFILE, 'same', 'different', true],
    ['no patient in the code', {}, PROFILE, 'unknown', 'unknown', false],
    ['no birthday in the profile yet', { FName: 'Zoé', LName: 'Müller-Brändli', BDt: '1961-02-03' }, { ...PROFILE, birthDate: null }, 'same', 'unknown', false],
  ])('%s', (_, patient, profile, name, birthDate, mismatch) => {
    expect(comparePatient(rx(patient), profile)).toMatchObject({ name, birthDate, mismatch });
  });

  it('names the patient as the code gives it', () => {
    expect(comparePatient(rx({ FName: ' Zoé ', LName: 'Müller', BDt: '1961-02-03' }), PROFILE).inCode).toStrictEqual({ firstName: 'Zoé', lastName: 'Müller', birthDate: '1961-02-03' });
  });

  it.each([
    ['Müller-Brändli', ['muller', 'brandli']],
    ['MUELLER  braendli', ['muller', 'brandli']],
    ['Çelik', ['celik']],
    ['Weiß', ['weiss']],
  ])('nameWords(%s)', (name, words) => expect(nameWords(name)).toStrictEqual(words));
});
