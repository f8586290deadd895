// Account flows through the stack's /auth/v1 with supabase-js (spec §3 Session, §4 Authentication,
// §5 password and e-mail rules, §7 Authentication service, §8 error catalogue, §9 limits).
import { describe, expect, it } from 'vitest';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { anonClient, mailsTo, randomEmail, signUpPatient, TEST_PASSWORD, waitForMail } from '../setup/clients.ts';
import { sleep } from './fixtures.ts';

const SITE = 'http://127.0.0.1:5173';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

// spec §7 POST /signup with options.data {language, platform, passwordResetSubject, emailSubject}
describe('sign-up and sign-in', () => {
  const data = { language: 'fr', platform: 'prescription-platform', passwordResetSubject: 'Réinitialisation (test)', emailSubject: 'Nouvelle adresse (test)' };

  it('sign-up answers a session whose user carries the metadata; GET /user agrees', async () => {
    const c = anonClient();
    const email = randomEmail('signup');
    const res = await c.auth.signUp({ email, password: TEST_PASSWORD, options: { data } });
    expect(res.error).toBeNull();
    const s = res.data.session!;
    expect(s).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'bearer' });
    expect(s.expires_in).toBeGreaterThan(0);
    expect(s.expires_at! * 1000).toBeGreaterThan(Date.now());
    expect(s.user).toMatchObject({ id: expect.any(String), email, user_metadata: expect.objectContaining(data) });
    const user = await c.auth.getUser();
    expect(user.data.user).toMatchObject({ id: s.user.id, email, user_metadata: expect.objectContaining(data) });

    // spec §1/§7: changing the language updates the stored language and subjects (merged)
    const upd = await c.auth.updateUser({ data: { language: 'de', passwordResetSubject: 'Passwort (Test)' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.user_metadata).toMatchObject({ ...data, language: 'de', passwordResetSubject: 'Passwort (Test)' });
  });

  it('sign-in answers a session; wrong password and unknown user are 400 invalid_credentials', async () => {
    const p = await signUpPatient();
    const c = anonClient();
    const ok = await c.auth.signInWithPassword({ email: p.email, password: p.password });
    expect(ok.error).toBeNull();
    expect(ok.data.session!.user.id).toBe(p.userId);
    for (const attempt of [{ email: p.email, password: 'wrong-password' }, { email: randomEmail('nobody'), password: TEST_PASSWORD }]) {
      const bad = await anonClient().auth.signInWithPassword(attempt);
      expect(bad.data.session).toBeNull();
      expect(bad.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
  });

  it('an existing e-mail cannot sign up again: 422', async () => {
    const p = await signUpPatient();
    const again = await anonClient().auth.signUp({ email: p.email, password: 'Another-Pass-2024' });
    expect(again.data.session).toBeNull();
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
  });

  // spec §5/§9: passwords of at least 8 characters (supabase/config.toml minimum_password_length)
  it('a password of 7 characters is refused as weak (422)', async () => {
    const res = await anonClient().auth.signUp({ email: randomEmail('weak'), password: 'Abc-123' });
    expect(res.data.session).toBeNull();
    expect(res.error?.status).toBe(422);
    expect(res.error?.code).toBe('weak_password');
  });

  // spec §7/§8: a 429 on sign-in is a case of its own
  it('repeated wrong passwords end in 429', async () => {
    const p = await signUpPatient();
    const statuses: number[] = [];
    for (let i = 0; i < 30 && !statuses.includes(429); i++) {
      const { error } = await anonClient().auth.signInWithPassword({ email: p.email, password: `wrong-${i}-password` });
      statuses.push(error!.status!);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
  });
});

// spec §4 Authentication: password reset (form, then sent confirmation), §8 does not reveal the e-mail
describe('password reset', () => {
  it('mails a code with the stored subject; the unknown e-mail gets the same answer and no mail', async () => {
    const subject = `Passwort neu setzen ${Date.now()}`;
    const p = await signUpPatient({ data: { passwordResetSubject: subject } });
    const known = await anonClient().auth.resetPasswordForEmail(p.email, { redirectTo: `${SITE}/profile/password/reset` });
    const unknownEmail = randomEmail('unknown');
    const unknown = await anonClient().auth.resetPasswordForEmail(unknownEmail, { redirectTo: `${SITE}/profile/password/reset` });
    expect(known.error).toBeNull();
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual(known.data);

    const mail = await waitForMail(p.email, (m) => m.subject === subject);
    const code = codeIn(mail.text)!;
    expect(code).toMatch(/^\d{6}$/);
    await sleep(300);
    expect(await mailsTo(unknownEmail)).toEqual([]);

    // a wrong code is refused
    const wrong = await anonClient().auth.verifyOtp({ email: p.email, token: code === '000000' ? '111111' : '000000', type: 'recovery' });
    expect(wrong.error?.status).toBe(403);

    // the code signs in (PASSWORD_RECOVERY), then the new password is set
    const c = anonClient();
    const events: AuthChangeEvent[] = [];
    c.auth.onAuthStateChange((e) => void events.push(e));
    const verified = await c.auth.verifyOtp({ email: p.email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(p.userId);
    expect(events).toContain('PASSWORD_RECOVERY');

    // spec §8: same password -> 'should be different'
    const same = await c.auth.updateUser({ password: p.password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect(same.error!.message).toContain('should be different');

    const changed = await c.auth.updateUser({ password: 'Neues-Passwort-2026', data: { require_pw_reset: false } });
    expect(changed.error).toBeNull();
    expect(changed.data.user!.user_metadata.require_pw_reset).toBe(false);

    expect((await anonClient().auth.signInWithPassword({ email: p.email, password: 'Neues-Passwort-2026' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: p.email, password: p.password })).error?.status).toBe(400);
    // the code is used up
    expect((await anonClient().auth.verifyOtp({ email: p.email, token: code, type: 'recovery' })).error?.status).toBe(403);
  });
});

// spec §4 E-mail change: a 6-digit code to the new address, confirmed; effective at next login
describe('e-mail change', () => {
  it('mails a code to the new address; verifyOtp email_change switches the sign-in e-mail', async () => {
    const p = await signUpPatient();
    const newEmail = randomEmail('changed');
    const subject = `Neue E-Mail ${Date.now()}`;
    const upd = await p.client.auth.updateUser({ email: newEmail, data: { emailSubject: subject, passwordResetSubject: 'PW' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.email).toBe(p.email); // pending until confirmed
    expect(upd.data.user!.new_email).toBe(newEmail);

    const mail = await waitForMail(newEmail, (m) => m.subject === subject);
    const code = codeIn(mail.text)!;
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await p.client.auth.verifyOtp({ email: newEmail, token: code === '000000' ? '111111' : '000000', type: 'email_change' });
    expect(wrong.error?.status).toBe(403);
    const ok = await p.client.auth.verifyOtp({ email: newEmail, token: code, type: 'email_change' });
    expect(ok.error).toBeNull();

    const next = await anonClient().auth.signInWithPassword({ email: newEmail, password: p.password });
    expect(next.error).toBeNull();
    expect(next.data.user).toMatchObject({ id: p.userId, email: newEmail });
    const old = await anonClient().auth.signInWithPassword({ email: p.email, password: p.password });
    expect(old.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  // spec §8: e-mail change, status 422 -> duplicate e-mail
  it('an e-mail that belongs to another account: 422 and no mail', async () => {
    const [p, other] = await Promise.all([signUpPatient(), signUpPatient()]);
    const res = await p.client.auth.updateUser({ email: other.email });
    expect(res.error?.status).toBe(422);
    expect(res.error?.code).toBe('email_exists');
    await sleep(300);
    expect(await mailsTo(other.email)).toEqual([]);
  });
});

// spec §4 session events (token refreshed, signed out), §7 POST /token?grant_type=refresh_token, /logout
describe('session', () => {
  it('refreshSession rotates both tokens and fires TOKEN_REFRESHED; the new token works', async () => {
    const p = await signUpPatient();
    const events: AuthChangeEvent[] = [];
    p.client.auth.onAuthStateChange((e) => void events.push(e));
    const before = (await p.client.auth.getSession()).data.session!;
    await sleep(1100); // a new iat
    const { data, error } = await p.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.access_token).not.toBe(before.access_token);
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    expect(events).toContain('TOKEN_REFRESHED');
    expect((await p.client.auth.getUser()).data.user?.id).toBe(p.userId);
  });

  it('signOut ends the session: SIGNED_OUT, the old tokens no longer work', async () => {
    const p = await signUpPatient();
    const events: AuthChangeEvent[] = [];
    p.client.auth.onAuthStateChange((e) => void events.push(e));
    const old = (await p.client.auth.getSession()).data.session!;
    expect((await p.client.auth.signOut()).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await p.client.auth.getSession()).data.session).toBeNull();

    const user = await anonClient().auth.getUser(old.access_token);
    expect(user.data.user).toBeNull();
    // GoTrue answers 403 session_not_found, which auth-js turns into AuthSessionMissingError
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: old.refresh_token });
    expect(refresh.data.session).toBeNull();
    expect(refresh.error?.status).toBe(400);
  });
});
