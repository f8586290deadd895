// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { languageStore } from './language-store';

// spec §1: one language per device: a language taken in one tab (a choice,
// or the account's at sign-in) shows in the others
describe('languageStore', () => {
  it('stores a choice for the next visit and follows what another tab stores', () => {
    languageStore.set('fr');
    expect(localStorage.getItem('lang')).toBe('fr');
    let changes = 0;
    const off = languageStore.subscribe(() => void changes++);
    dispatchEvent(new StorageEvent('storage', { key: 'lang', newValue: 'de', oldValue: 'fr' }));
    expect(languageStore.get()).toBe('de');
    dispatchEvent(new StorageEvent('storage', { key: 'lang', newValue: 'it' }));
    dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'fr' }));
    expect(languageStore.get()).toBe('de');
    expect(changes).toBe(1);
    off();
  });
});
