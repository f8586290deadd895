// Flows that go through the mailbox: password reset (code, implicit link, PKCE link),
// e-mail change by code, e-mail OTP, sign-up confirmation, and the e-mail send limit.
import { describe, expect, it, vi } from 'vitest';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { BASE, codeOf, decodeClaims, freshEmail, lastMail, linkOf, withAuthHarness } from './test-support.ts';

vi.setConfig({ testTimeout: 30_000 });

const h = withAuthHarness();
// a second handler on the same database with [auth.email] enable_confirmations = true
const confirming = withAuthHarness({ enableConfirmations: true }, {}, () => h.db);
const PW = 'correct horse 1';

async function signedUp(data: Record<string, unknown> = {}) {
  const email = freshEmail();
  const sb = h.client();
  const { data: res, error } = await sb.auth.signUp({ email, password: PW, options: { data } });
  expect(error).toBeNull();
  return { sb, email, user: res.user!, session: res.session! };
}

async function follow(link: string): Promise<URL> {
  const url = new URL(link);
  expect(url.origin).toBe(BASE);
  const res = await h.handler(new Request(url), url.pathname.slice('/auth/v1'.length));
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

// The reset mail is sent after the answer (recover.ts): each test waits for the mailbox first.
describe('password reset', () => {
  it('answers 200 {} for an unknown e-mail and sends nothing', async () => {
    const email = freshEmail('ghost');
    const { data, error } = await h.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:5173/profile/password/reset' });
    await h.mailbox.settled();
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(h.mailbox.list(email)).toHaveLength(0);
  });

  it('mails a link and a code (subject from user_metadata), and the code signs in with amr recovery', async () => {
    const { email } = await signedUp({ language: 'de', passwordResetSubject: 'Ihr neues Passwort' });
    const redirectTo = 'http://127.0.0.1:5173/profile/password/reset';
    const { error } = await h.client().auth.resetPasswordForEmail(email, { redirectTo });
    await h.mailbox.settled();
    expect(error).toBeNull();
    const mail = lastMail(h.mailbox, email);
    expect(mail?.subject).toBe('Ihr neues Passwort');
    expect(mail?.html).toContain('<a href=');
    const link = new URL(linkOf(mail));
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);

    const sb = h.client();
    const events: AuthChangeEvent[] = [];
    sb.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error: verifyError } = await sb.auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' });
    expect(verifyError).toBeNull();
    expect(decodeClaims(data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toContain('PASSWORD_RECOVERY');

    expect((await sb.auth.updateUser({ password: 'brand new pass 3' })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: 'brand new pass 3' })).error).toBeNull();
    // the code is used up
    const again = await h.client().auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
  });

  it('completes through the link: 303 to redirect_to with the session in the fragment (implicit flow)', async () => {
    const { email, user } = await signedUp();
    await h.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:5173/profile/password/reset' });
    await h.mailbox.settled();
    const location = await follow(linkOf(lastMail(h.mailbox, email)));
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:5173/profile/password/reset');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('refresh_token')).toBeTruthy();
    const sb = h.client();
    const { data } = await sb.auth.getUser(fragment.get('access_token')!);
    expect(data.user?.id).toBe(user.id);
    // a used link redirects with the error in the fragment
    const reused = await follow(linkOf(lastMail(h.mailbox, email)));
    const err = new URLSearchParams(reused.hash.slice(1));
    expect(err.get('error')).toBe('access_denied');
    expect(err.get('error_code')).toBe('otp_expired');
  });

  it('falls back to the site URL for a foreign redirect_to', async () => {
    const { email } = await signedUp();
    await h.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
    await h.mailbox.settled();
    const link = new URL(linkOf(lastMail(h.mailbox, email)));
    expect(link.searchParams.get('redirect_to')).toBe(h.config.siteUrl);
  });

  it('supports the PKCE flow: ?code= on the redirect, exchanged for a session (PASSWORD_RECOVERY)', async () => {
    const { email, user } = await signedUp();
    const sb = h.client({ flowType: 'pkce' });
    const events: AuthChangeEvent[] = [];
    sb.auth.onAuthStateChange((event) => void events.push(event));
    expect((await sb.auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:5173/profile/password/reset' })).error).toBeNull();
    await h.mailbox.settled();
    const link = new URL(linkOf(lastMail(h.mailbox, email)));
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const location = await follow(link.toString());
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data, error } = await sb.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    // auth-js passes the redirect type along at runtime (not in its declared type)
    expect((data as { redirectType?: string }).redirectType).toBe('recovery');
    expect(decodeClaims(data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toContain('PASSWORD_RECOVERY');
    // the code is single-use
    const again = await h.call('POST', '/token?grant_type=pkce', { body: { auth_code: code, code_verifier: 'x'.repeat(43) } });
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('flow_state_not_found');
  });

  it('refuses a wrong or expired code with 403 otp_expired', async () => {
    const { email } = await signedUp();
    await h.client().auth.resetPasswordForEmail(email);
    await h.mailbox.settled();
    const code = codeOf(lastMail(h.mailbox, email));
    const wrong = await h.client().auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'recovery' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    h.clock.offsetMs = 3601 * 1000;
    const late = await h.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(late.error?.code).toBe('otp_expired');
  });

  it('answers 429 over_request_rate_limit after 10 wrong codes for one e-mail', async () => {
    const { email } = await signedUp();
    await h.client().auth.resetPasswordForEmail(email);
    await h.mailbox.settled();
    const code = codeOf(lastMail(h.mailbox, email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      expect((await h.client().auth.verifyOtp({ email, token: wrong, type: 'recovery' })).error?.status).toBe(403);
    }
    const limited = await h.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
  });

  it('answers 429 over_email_send_rate_limit after 5 mails to one address within an hour, known or not', async () => {
    const { email } = await signedUp();
    const ghost = freshEmail('ghost');
    for (let i = 0; i < 5; i++) {
      expect((await h.client().auth.resetPasswordForEmail(email)).error).toBeNull();
      expect((await h.client().auth.resetPasswordForEmail(ghost)).error).toBeNull();
    }
    await h.mailbox.settled();
    expect(h.mailbox.list(email)).toHaveLength(5);
    for (const address of [email, ghost]) {
      const { error } = await h.client().auth.resetPasswordForEmail(address);
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_email_send_rate_limit');
    }
    h.clock.offsetMs = 3601 * 1000;
    expect((await h.client().auth.resetPasswordForEmail(email)).error).toBeNull();
  });
});

describe('e-mail change', () => {
  it('mails a code to the new address; verifyOtp email_change applies it', async () => {
    const { sb, email, user } = await signedUp({ language: 'fr' });
    const next = freshEmail('next');
    const { data, error } = await sb.auth.updateUser({ email: next, data: { emailSubject: 'Votre code' } });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    expect(data.user?.email).toBe(email);
    const mail = lastMail(h.mailbox, next);
    expect(mail?.subject).toBe('Votre code');
    expect(mail?.text).toContain('Votre code de confirmation');
    expect(h.mailbox.list(email)).toHaveLength(0);

    const wrong = await sb.auth.verifyOtp({ email: next, token: codeOf(mail) === '000000' ? '111111' : '000000', type: 'email_change' });
    expect(wrong.error?.code).toBe('otp_expired');

    const verified = await sb.auth.verifyOtp({ email: next, token: codeOf(mail), type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(next);
    expect(verified.data.user?.new_email).toBeUndefined();
    expect(verified.data.user?.id).toBe(user.id);
    expect(decodeClaims(verified.data.session!.access_token).email).toBe(next);
    expect((await h.client().auth.signInWithPassword({ email: next, password: PW })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: PW })).error?.code).toBe('invalid_credentials');
  });

  it('answers 422 email_exists for an address already taken', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const { error } = await a.sb.auth.updateUser({ email: b.email.toUpperCase() });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('resends the e-mail change code', async () => {
    const { sb, email } = await signedUp();
    const next = freshEmail('next');
    await sb.auth.updateUser({ email: next });
    expect((await h.client().auth.resend({ type: 'email_change', email })).error).toBeNull();
    expect(h.mailbox.list(next)).toHaveLength(2);
    const verified = await sb.auth.verifyOtp({ email: next, token: codeOf(lastMail(h.mailbox, next)), type: 'email_change' });
    expect(verified.error).toBeNull();
  });
});

describe('e-mail OTP', () => {
  it('mails a code for an existing user (magic link) that signs in with type email', async () => {
    const { email, user } = await signedUp();
    const { error } = await h.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    const { data, error: verifyError } = await h.client().auth.verifyOtp({ email, token: codeOf(lastMail(h.mailbox, email)), type: 'email' });
    expect(verifyError).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(decodeClaims(data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
  });

  it('refuses an unknown e-mail without create_user (422 otp_disabled) and creates the user otherwise', async () => {
    const email = freshEmail('otp');
    const refused = await h.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');
    expect((await h.client().auth.signInWithOtp({ email, options: { data: { language: 'de' } } })).error).toBeNull();
    const { data, error } = await h.client().auth.verifyOtp({ email, token: codeOf(lastMail(h.mailbox, email)), type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ language: 'de' });
  });
});

describe('sign-up with confirmations on', () => {
  it('returns the bare user, mails a confirmation, refuses sign-in until confirmed', async () => {
    const email = freshEmail('confirm');
    const sb = confirming.client();
    const { data, error } = await sb.auth.signUp({ email, password: PW, options: { data: { language: 'en' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const mail = lastMail(confirming.mailbox, email);
    expect(mail?.subject).toBe('Confirm Your Signup');

    const early = await sb.auth.signInWithPassword({ email, password: PW });
    expect(early.error?.status).toBe(400);
    expect(early.error?.code).toBe('email_not_confirmed');

    const verified = await sb.auth.verifyOtp({ email, token: codeOf(mail), type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);
    expect((await sb.auth.signInWithPassword({ email, password: PW })).error).toBeNull();

    // a repeated sign-up looks like a fresh one and reveals nothing
    const repeat = await sb.auth.signUp({ email, password: PW });
    expect(repeat.error).toBeNull();
    expect(repeat.data.user?.id).not.toBe(data.user?.id);
    expect(repeat.data.user?.identities).toEqual([]);
  });

  it('confirms through the link and resends the confirmation', async () => {
    const email = freshEmail('confirm');
    const sb = confirming.client();
    await sb.auth.signUp({ email, password: PW });
    expect((await sb.auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(confirming.mailbox.list(email)).toHaveLength(2);
    const url = new URL(linkOf(lastMail(confirming.mailbox, email)));
    const res = await confirming.handler(new Request(url), '/verify');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('signup');
    expect((await sb.auth.signInWithPassword({ email, password: PW })).error).toBeNull();
  });
});
