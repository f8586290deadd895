// The two-factor commands against the local auth service (GoTrue-compatible) through the
// real supabase-js client: spec §4 Authentication "Two-factor", §7 factor calls, §8 errors.
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { freshEmail, withAuthHarness } from '../../../supabase/local/auth/test-support';
import { assuranceLevel, checkMfa, disableTwoFactor, enrollTotp, listFactors, qrCodeDataUrl, removeUnverifiedFactors, verifyEnrollment, verifySecondFactor } from './mfa';

vi.setConfig({ testTimeout: 30_000 });

const h = withAuthHarness();
const PW = 'Rezept-Test-2024!';

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
const wrongCode = (secret: string) => (codeFor(secret) === '000000' ? '111111' : '000000');

async function signedUp(): Promise<{ sb: SupabaseClient; email: string }> {
  const email = freshEmail('mfa');
  const sb = h.client();
  const { error } = await sb.auth.signUp({ email, password: PW });
  expect(error).toBeNull();
  return { sb, email };
}

async function signedInAgain(email: string): Promise<SupabaseClient> {
  const sb = h.client();
  const { error } = await sb.auth.signInWithPassword({ email, password: PW });
  expect(error).toBeNull();
  return sb;
}

describe('enrolment', () => {
  it('starts a TOTP enrolment with issuer Rezeptpost, a QR code image and the secret', async () => {
    const { sb, email } = await signedUp();
    const r = await enrollTotp(undefined, sb);
    if (!r.ok) throw new Error(r.kind);
    expect(r.value.qrCode).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(decodeURIComponent(r.value.qrCode.split(',')[1]!)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(r.value.secret).toMatch(/^[A-Z2-7]+$/);
    expect(r.value.uri).toContain('issuer=Rezeptpost');
    expect(decodeURIComponent(r.value.uri)).toContain(email);
    const listed = await listFactors(sb);
    expect(listed.ok && listed.value).toEqual({ verified: [], all: [{ id: r.value.factorId, status: 'unverified' }] });
  });

  it('removes unverified factors, so a reload starts afresh', async () => {
    const { sb } = await signedUp();
    await enrollTotp(undefined, sb);
    await enrollTotp(undefined, sb);
    expect(await removeUnverifiedFactors(sb)).toEqual({ ok: true, value: 2 });
    const listed = await listFactors(sb);
    expect(listed.ok && listed.value.all).toEqual([]);
  });

  it('activates with a valid code (the session becomes aal2); a wrong code is invalidCode with the provider message', async () => {
    const { sb } = await signedUp();
    const r = await enrollTotp(undefined, sb);
    if (!r.ok) throw new Error(r.kind);
    expect(await verifyEnrollment(r.value.factorId, wrongCode(r.value.secret), sb)).toEqual({
      ok: false,
      kind: 'invalidCode',
      message: 'Invalid TOTP code entered',
    });
    expect(await verifyEnrollment(r.value.factorId, codeFor(r.value.secret), sb)).toEqual({ ok: true, value: undefined });
    const listed = await listFactors(sb);
    expect(listed.ok && listed.value.verified).toEqual([{ id: r.value.factorId, status: 'verified' }]);
    expect(await assuranceLevel(sb)).toEqual({ ok: true, value: { currentLevel: 'aal2', nextLevel: 'aal2', needsSecondFactor: false } });
  });
});

describe('login confirmation and disabling', () => {
  async function withTwoFactor() {
    const { sb, email } = await signedUp();
    const r = await enrollTotp(undefined, sb);
    if (!r.ok) throw new Error(r.kind);
    expect((await verifyEnrollment(r.value.factorId, codeFor(r.value.secret), sb)).ok).toBe(true);
    return { email, secret: r.value.secret };
  }

  it('a new sign-in needs the second factor; a fresh code passes it', async () => {
    const { email, secret } = await withTwoFactor();
    const sb = await signedInAgain(email);
    expect(await assuranceLevel(sb)).toEqual({ ok: true, value: { currentLevel: 'aal1', nextLevel: 'aal2', needsSecondFactor: true } });
    expect(await verifySecondFactor(wrongCode(secret), sb)).toMatchObject({ ok: false, kind: 'invalidCode' });
    expect(await verifySecondFactor(codeFor(secret), sb)).toEqual({ ok: true, value: undefined });
    expect(await assuranceLevel(sb)).toMatchObject({ ok: true, value: { currentLevel: 'aal2', needsSecondFactor: false } });
  });

  it('too many wrong codes are rateLimited (spec §8 #at04)', async () => {
    const { email, secret } = await withTwoFactor();
    const sb = await signedInAgain(email);
    const kinds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await verifySecondFactor(wrongCode(secret), sb);
      if (!r.ok) kinds.push(r.kind);
    }
    expect(kinds.slice(0, 5)).toEqual(Array(5).fill('invalidCode'));
    expect(kinds[5]).toBe('rateLimited');
  });

  it('disabling at aal2 removes every factor, unverified ones included', async () => {
    const { email, secret } = await withTwoFactor();
    const sb = await signedInAgain(email);
    expect((await verifySecondFactor(codeFor(secret), sb)).ok).toBe(true);
    await enrollTotp(undefined, sb);
    expect(await disableTwoFactor(sb)).toEqual({ ok: true, value: 2 });
    const listed = await listFactors(sb);
    expect(listed.ok && listed.value.all).toEqual([]);
    // the next sign-in needs no second factor
    const again = await signedInAgain(email);
    expect(await assuranceLevel(again)).toMatchObject({ ok: true, value: { needsSecondFactor: false } });
  });

  it('disabling a verified factor from an aal1 session is insufficientAal', async () => {
    const { email } = await withTwoFactor();
    const sb = await signedInAgain(email);
    expect(await disableTwoFactor(sb)).toMatchObject({ ok: false, kind: 'insufficientAal' });
  });

  it('without any verified factor the login confirmation fails as unknown', async () => {
    const { sb } = await signedUp();
    expect(await verifySecondFactor('123456', sb)).toMatchObject({ ok: false, kind: 'unknown' });
  });
});

describe('failures never throw', () => {
  it('a client whose fetch fails answers network, signed out answers sessionMissing', async () => {
    const { sb } = await signedUp();
    expect(await listFactors(h.client())).toMatchObject({ ok: false, kind: 'sessionMissing' });
    const broken = { auth: { mfa: { listFactors: () => Promise.reject(new TypeError('fetch failed')) } } } as unknown as SupabaseClient;
    expect(await listFactors(broken)).toMatchObject({ ok: false, kind: 'unknown', message: 'fetch failed' });
    expect(sb).toBeTruthy();
  });

  it('checkMfa reads the RPC answer and classifies a failed request', async () => {
    const rpc = (answer: unknown) => ({ rpc: () => Promise.resolve(answer) }) as unknown as SupabaseClient;
    expect(await checkMfa(rpc({ data: true, error: null, status: 200 }))).toEqual({ ok: true, value: true });
    expect(await checkMfa(rpc({ data: false, error: null, status: 200 }))).toEqual({ ok: true, value: false });
    expect(await checkMfa(rpc({ data: null, error: { code: '', message: 'TypeError: fetch failed' }, status: 0 }))).toMatchObject({ ok: false, kind: 'network' });
    expect(await checkMfa(rpc({ data: null, error: { code: 'PGRST301', message: 'JWT expired' }, status: 401 }))).toMatchObject({ ok: false, kind: 'unknown' });
  });
});

describe('qrCodeDataUrl', () => {
  it('re-encodes the SVG that auth-js prefixes unencoded', () => {
    expect(qrCodeDataUrl('data:image/svg+xml;utf-8,<svg a="#1"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%22%231%22%2F%3E');
  });
});
