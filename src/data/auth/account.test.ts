// E-mail change and stored language against the local auth service through the real
// supabase-js client: spec §4 "E-mail change", §1 language, §7 PUT /user and POST /verify.
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { BASE, codeOf, decodeClaims, freshEmail, lastMail, withAuthHarness } from '../../../supabase/local/auth/test-support';
import { confirmEmailChange, emailChangeRedirect, requestEmailChange, saveLanguage } from './account';
import { assuranceLevel, enrollTotp, verifyEnrollment } from './mfa';
import { createSessionlessAuth } from './sessionless-auth';

vi.setConfig({ testTimeout: 30_000 });

const h = withAuthHarness();
const PW = 'Rezept-Test-2024!';
const verifier = () => createSessionlessAuth({ url: BASE, anonKey: h.config.anonKey, fetch: h.fetch });

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
    expect(await confirmEmailChange(next, codeOf(mail), sb, verifier())).toEqual({ ok: true, value: undefined });
    const signIn = await h.client().auth.signInWithPassword({ email: next, password: PW });
    expect(signIn.error).toBeNull();
  });

  // issue 22 item 1: GoTrue answers the code with a session of its own at aal1; supabase-js'
  // verifyOtp made it the patient's, and the login confirmation came back at once.
  it('with two-factor on, the session confirmed by the authenticator stays (aal2, same session) and names the new address', async () => {
    const { sb } = await signedUp();
    const enrolment = await enrollTotp(undefined, sb);
    if (!enrolment.ok) throw new Error(enrolment.kind);
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.value.secret) }).generate();
    expect((await verifyEnrollment(enrolment.value.factorId, code, sb)).ok).toBe(true);
    const sessionId = async () => decodeClaims((await sb.auth.getSession()).data.session!.access_token).session_id;
    const before = await sessionId();
    const events: AuthChangeEvent[] = [];
    sb.auth.onAuthStateChange((event) => void events.push(event));
    const next = freshEmail('new');
    expect((await requestEmailChange(next, 'de', sb)).ok).toBe(true);

    expect(await confirmEmailChange(next, codeOf(lastMail(h.mailbox, next)), sb, verifier())).toEqual({ ok: true, value: undefined });
    expect(await assuranceLevel(sb)).toEqual({ ok: true, value: { currentLevel: 'aal2', nextLevel: 'aal2', needsSecondFactor: false } });
    expect(await sessionId()).toBe(before);
    expect((await sb.auth.getSession()).data.session?.user.email).toBe(next);
    expect(events).not.toContain('SIGNED_IN');
    // the session /verify answered is ended on the server: only the patient's is left
    const { rows } = await h.db.query<{ id: string }>(`select s.id from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`, [next]);
    expect(rows.map((r) => r.id)).toEqual([before]);
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
    expect(await confirmEmailChange(next, wrong, sb, verifier())).toMatchObject({ ok: false, kind: 'invalidCode' });
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
    // the reset mail goes after the answer (supabase/local/auth/recover.ts)
    await h.client().auth.resetPasswordForEmail(email);
    // the reset mail goes out after the answer (equal time for known and unknown addresses)
    await h.mailbox.settled();
    expect(lastMail(h.mailbox, email)?.subject).toBe(fr['mail.subject.passwordReset']);
    expect(await saveLanguage('de', sb)).toEqual({ ok: true, value: undefined });
    await h.client().auth.resetPasswordForEmail(email);
    await h.mailbox.settled();
    expect(lastMail(h.mailbox, email)?.subject).toBe(de['mail.subject.passwordReset']);
  });

  it('signed out is sessionMissing and changes nothing', async () => {
    expect(await saveLanguage('fr', h.client())).toMatchObject({ ok: false, kind: 'sessionMissing' });
  });
});
