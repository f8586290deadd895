import { describe, expect, it } from 'vitest';
import { detectLanguage, missingTranslation, splitLanguagePrefix } from './languages';

describe('detectLanguage', () => {
  // spec §1 "The default is French if the browser language contains fr, otherwise German."
  it.each([
    ['fr-CH', 'fr'],
    ['fr', 'fr'],
    ['FR-fr', 'fr'],
    ['de-CH', 'de'],
    ['it-CH', 'de'],
    ['en-US', 'de'],
    ['', 'de'],
    [undefined, 'de'],
  ])('%s -> %s', (browser, lang) => {
    expect(detectLanguage(browser)).toBe(lang);
  });
});

describe('splitLanguagePrefix', () => {
  // spec §2 "/de/{any}, /fr/{any}, /de, /fr : set the language and redirect to the same path without the prefix (or to /)."
  it.each([
    ['/de', { lang: 'de', path: '/' }],
    ['/fr', { lang: 'fr', path: '/' }],
    ['/fr/', { lang: 'fr', path: '/' }],
    ['/fr/generics', { lang: 'fr', path: '/generics' }],
    ['/de/profile/password/reset', { lang: 'de', path: '/profile/password/reset' }],
  ])('%s', (path, expected) => {
    expect(splitLanguagePrefix(path)).toEqual(expected);
  });

  it.each(['/', '/dashboard', '/french', '/defaults', '/generics/fr'])('leaves %s alone', (path) => {
    expect(splitLanguagePrefix(path)).toBeNull();
  });
});

describe('missingTranslation', () => {
  // spec §8 "Missing translation: last segment of the key shown in quotes"
  it('shows the last key segment in quotes', () => {
    expect(missingTranslation('profile.insurance.card_number')).toBe('"card_number"');
    expect(missingTranslation('plain')).toBe('"plain"');
  });
});
