// TOTP enrolment, challenge, verification (aal2), the AAL rules on user updates and
// unenrolment, and the wrong-code limit, through supabase.auth.mfa.
import { describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { codeOf, decodeClaims, freshEmail, lastMail, withAuthHarness } from './test-support.ts';

vi.setConfig({ testTimeout: 30_000 });

const h = withAuthHarness();
const PW = 'correct horse 1';

const codeFor = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });

const wrongCode = (secret: string) => {
  const ok = new Set([-30_000, 0, 30_000].map((d) => codeFor(secret, d)));
  for (let i = 0; ; i++) {
    const candidate = String(i).padStart(6, '0');
    if (!ok.has(candidate)) return candidate;
  }
};

async function signedUp() {
  const email = freshEmail('mfa');
  const sb = h.client();
  const { error } = await sb.auth.signUp({ email, password: PW });
  expect(error).toBeNull();
  return { sb, email };
}

async function enrolled(sb: SupabaseClient) {
  const { data, error } = await sb.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezept-Plattform' });
  expect(error).toBeNull();
  return data!;
}

describe('TOTP', () => {
  it('enrols, challenges and verifies: the session becomes aal2 with amr totp', async () => {
    const { sb, email } = await signedUp();
    const factor = await enrolled(sb);
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('');
    // auth-js prefixes GoTrue's raw SVG; a '#' would cut the data URL short
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.qr_code).not.toContain('#');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain('otpauth://totp/');
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(decodeURIComponent(factor.totp.uri)).toContain(email);

    const before = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const listed = await sb.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);

    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode(factor.totp.secret) });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');

    const ok = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) });
    expect(ok.error).toBeNull();
    const claims = decodeClaims(ok.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual(['password', 'totp']);

    const aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await sb.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // a challenge is used once
    const replay = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) });
    expect(replay.error?.status).toBe(422);

    // refresh keeps aal2
    const refreshed = await sb.auth.refreshSession();
    expect(decodeClaims(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('a new sign-in is aal1 with nextLevel aal2; aal1 may not change e-mail/password or unenrol; challengeAndVerify upgrades', async () => {
    const { sb, email } = await signedUp();
    const factor = await enrolled(sb);
    expect((await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();

    const other = h.client();
    expect((await other.auth.signInWithPassword({ email, password: PW })).error).toBeNull();
    const aal = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const pw = await other.auth.updateUser({ password: 'another pass 9' });
    expect(pw.error?.status).toBe(401);
    expect(pw.error?.code).toBe('insufficient_aal');
    const mail = await other.auth.updateUser({ email: freshEmail('next') });
    expect(mail.error?.code).toBe('insufficient_aal');
    expect((await other.auth.updateUser({ data: { language: 'fr' } })).error).toBeNull();

    const drop = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(drop.error?.status).toBe(422);
    expect(drop.error?.code).toBe('insufficient_aal');
    const more = await other.auth.mfa.enroll({ factorType: 'totp' });
    expect(more.error?.status).toBe(403);
    expect(more.error?.code).toBe('insufficient_aal');

    expect((await other.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    expect((await other.auth.updateUser({ password: 'another pass 9' })).error).toBeNull();
  });

  it('unenrols a verified factor from aal2; the session falls back to aal1 on refresh', async () => {
    const { sb } = await signedUp();
    const factor = await enrolled(sb);
    expect((await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) })).error).toBeNull();
    const { data, error } = await sb.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    const refreshed = await sb.auth.refreshSession();
    expect(decodeClaims(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect(refreshed.data.user?.factors).toBeUndefined();
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('unenrols an unverified factor from aal1, and answers 404 for unknown factors', async () => {
    const { sb } = await signedUp();
    const factor = await enrolled(sb);
    expect((await sb.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const gone = await sb.auth.mfa.challenge({ factorId: factor.id });
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('mfa_factor_not_found');
  });

  it('answers 422 mfa_challenge_expired after 5 minutes and mfa_factor_not_found for an unknown challenge', async () => {
    const { sb } = await signedUp();
    const factor = await enrolled(sb);
    const unknown = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: crypto.randomUUID(), code: '123456' });
    expect(unknown.error?.status).toBe(422);
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id });
    h.clock.offsetMs = 301 * 1000;
    const late = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret, h.clock.offsetMs),
    });
    expect(late.error?.status).toBe(422);
    expect(late.error?.code).toBe('mfa_challenge_expired');
  });

  it('answers 429 after 5 wrong codes for a factor', async () => {
    const { sb } = await signedUp();
    const factor = await enrolled(sb);
    const wrong = wrongCode(factor.totp.secret);
    for (let i = 0; i < 5; i++) {
      const { error } = await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrong });
      expect(error?.code).toBe('mfa_verification_failed');
    }
    const limited = await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
  });

  it('refuses a second factor with the same friendly name', async () => {
    const { sb } = await signedUp();
    expect((await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toBeNull();
    const dup = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('mfa_factor_name_conflict');
  });

  // GoTrue's verifyPost issues a new session for every verified code (issueRefreshToken with
  // models.OTP), an e-mail change included: it is aal1 whatever the session that asked for the
  // change. The aal2 session is not touched; it keeps its level and learns the new address on refresh.
  it('an e-mail change code answers a new session of its own at aal1; the aal2 session stays aal2', async () => {
    const { sb } = await signedUp();
    const factor = await enrolled(sb);
    const upgraded = await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    const aal2Session = decodeClaims(upgraded.data!.access_token).session_id;
    const next = freshEmail('next');
    expect((await sb.auth.updateUser({ email: next })).error).toBeNull();

    const verified = await h.client().auth.verifyOtp({ type: 'email_change', email: next, token: codeOf(lastMail(h.mailbox, next)) });
    expect(verified.error).toBeNull();
    const claims = decodeClaims(verified.data.session!.access_token);
    expect(claims).toMatchObject({ aal: 'aal1', email: next });
    expect(claims.session_id).not.toBe(aal2Session);
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['otp']);

    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeClaims(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2', email: next, session_id: aal2Session });
  });

  it('logs out after MFA: the aal2 token no longer works', async () => {
    const { sb } = await signedUp();
    const factor = await enrolled(sb);
    const verified = await sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect((await sb.auth.signOut()).error).toBeNull();
    const res = await h.call('GET', '/user', { token: verified.data!.access_token });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('session_not_found');
  });
});
