// E-mail change and stored language against the local auth service through the real
// supabase-js client: spec §4 "E-mail change", §1 language, §7 PUT /user and POST /verify.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { codeOf, freshEmail, lastMail, withAuthHarness } from '../../../supabase/local/auth/test-support';
import { confirmEmailChange, emailChangeRedirect, requestEmailChange, saveLanguage } from './account';

vi.setConfig({ testTimeout: 30_000 });

const h = withAuthHarness();
const PW = 'Rezept-Test-2024!';

async function signedUp(language = 'de'): Promise<{ sb: SupabaseClient; email: string }> {
  const email = freshEmail('account');
  const sb = h.client();
  const { error } = await sb.auth.signUp({ email, password: PW, options: { data: { language } } });
  expect(error).toBeNull();
  return { sb, email };
}

describe('e-mail change', () => {
  it('mails a 6-digit code to the new address with the subject of the language; the code confirms it', async () => {
    const { sb } = await signedUp();
    const next = freshEmail('new');
    expect(await requestEmailChange(next, 'fr', sb, 'http://127.0.0.1:4173/profile/email')).toEqual({ ok: true, value: undefined });
    const mail = lastMail(h.mailbox, next);
    expect(mail?.subject).toBe(fr['mail.subject.emailChange']);
    const { data } = await sb.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({ emailSubject: fr['mail.subject.emailChange'], passwordResetSubject: fr['mail.subject.passwordReset'] });
    expect(await confirmEmailChange(next, codeOf(mail), sb)).toEqual({ ok: true, value: undefined });
    const signIn = await h.client().auth.signInWithPassword({ email: next, password: PW });
    expect(signIn.error).toBeNull();
  });

  it('an address that is taken is emailExists (spec §8 422)', async () => {
    const { sb } = await signedUp();
    const { email: taken } = await signedUp();
    expect(await requestEmailChange(taken, 'de', sb)).toMatchObject({ ok: false, kind: 'emailExists' });
  });

  it('a wrong code is invalidCode (spec §8 wrong_code)', async () => {
    const { sb } = await signedUp();
    const next = freshEmail('new');
    expect((await requestEmailChange(next, 'de', sb)).ok).toBe(true);
    const wrong = codeOf(lastMail(h.mailbox, next)) === '000000' ? '111111' : '000000';
    expect(await confirmEmailChange(next, wrong, sb)).toMatchObject({ ok: false, kind: 'invalidCode' });
  });

  it('signed out is sessionMissing', async () => {
    expect(await requestEmailChange(freshEmail(), 'de', h.client())).toMatchObject({ ok: false, kind: 'sessionMissing' });
  });

  it('redirects back to the e-mail page of this origin', () => {
    expect(emailChangeRedirect('https://rezept.example')).toBe('https://rezept.example/profile/email');
    expect(emailChangeRedirect(undefined)).toBeUndefined();
  });
});

describe('saveLanguage', () => {
  it('stores the language and its subjects; the next reset mail comes in that language', async () => {
    const { sb, email } = await signedUp('de');
    expect(await saveLanguage('fr', sb)).toEqual({ ok: true, value: undefined });
    const { data } = await sb.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({
      language: 'fr',
      passwordResetSubject: fr['mail.subject.passwordReset'],
      emailSubject: fr['mail.subject.emailChange'],
    });
    await h.client().auth.resetPasswordForEmail(email);
    expect(lastMail(h.mailbox, email)?.subject).toBe(fr['mail.subject.passwordReset']);
    expect(await saveLanguage('de', sb)).toEqual({ ok: true, value: undefined });
    await h.client().auth.resetPasswordForEmail(email);
    expect(lastMail(h.mailbox, email)?.subject).toBe(de['mail.subject.passwordReset']);
  });

  it('signed out is sessionMissing and changes nothing', async () => {
    expect(await saveLanguage('fr', h.client())).toMatchObject({ ok: false, kind: 'sessionMissing' });
  });
});
