import { describe, expect, it } from 'vitest';
import { languageAtSignIn } from './account-language.ts';

describe('languageAtSignIn', () => {
  // spec §1 (the user's stored language): after sign-in the account's language
  // applies; a choice on the device afterwards wins (the same session never applies it again)
  it.each([
    ['a sign-in: the account says fr, the device shows de', null, 's1', 'fr', 'de', { seen: 's1', show: 'fr' }],
    ['a sign-in after another one on this device', 's0', 's1', 'de', 'fr', { seen: 's1', show: 'de' }],
    ['a sign-in in the language already shown', null, 's1', 'de', 'de', { seen: 's1', show: null }],
    ['a sign-in of an account without a language', null, 's1', null, 'fr', { seen: 's1', show: null }],
    ['the same session again (reload, refresh, second factor): the device keeps its choice', 's1', 's1', 'fr', 'de', null],
    ['a token without a session id', 's1', null, 'fr', 'de', null],
  ] as const)('%s', (_case, seen, sessionId, account, shown, expected) => {
    expect(languageAtSignIn(seen, sessionId, account, shown)).toEqual(expected);
  });
});
