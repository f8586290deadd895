import { describe, expect, it } from 'vitest';
import { isOnSpecialtyList, medicationName, patientInformationText } from './medication.ts';

describe('medication name', () => {
  // spec §3 Medication: dscrd (German name), dscrf (French name)
  it.each([
    ['de', 'Dafalgan Tabl 500 mg', 'Dafalgan cpr 500 mg', 'Dafalgan Tabl 500 mg'],
    ['fr', 'Dafalgan Tabl 500 mg', 'Dafalgan cpr 500 mg', 'Dafalgan cpr 500 mg'],
    ['fr', 'Dafalgan Tabl 500 mg', null, 'Dafalgan Tabl 500 mg'],
    ['fr', 'Dafalgan Tabl 500 mg', '  ', 'Dafalgan Tabl 500 mg'],
  ] as const)('%s: %s / %s -> %s', (language, dscrd, dscrf, name) => {
    expect(medicationName({ dscrd, dscrf }, language)).toBe(name);
  });
});

describe('patient information text', () => {
  // spec §7 compendium: content_de / content_fr in the UI language; §8 missing text
  const both = { content_de: 'Was ist X?', content_fr: "Qu'est-ce que X?" };
  it.each([
    ['de', both, { text: 'Was ist X?', language: 'de', otherLanguage: false }],
    ['fr', both, { text: "Qu'est-ce que X?", language: 'fr', otherLanguage: false }],
    ['fr', { content_de: 'Was ist X?', content_fr: null }, { text: 'Was ist X?', language: 'de', otherLanguage: true }],
    ['de', { content_de: '  ', content_fr: 'Texte' }, { text: 'Texte', language: 'fr', otherLanguage: true }],
    ['de', { content_de: null, content_fr: null }, null],
    ['fr', null, null],
  ] as const)('%s %j -> %j', (language, info, expected) => {
    expect(patientInformationText(info, language)).toEqual(expected);
  });
});

describe('specialty list', () => {
  // spec §8: only drugs on the specialty list can be compared (nincd 10)
  it.each([
    [10, true],
    [20, false],
    [99, false],
    [null, false],
  ])('nincd %s -> %s', (nincd, onList) => {
    expect(isOnSpecialtyList({ nincd })).toBe(onList);
  });
});
