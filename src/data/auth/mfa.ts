// Two-factor authentication with an authenticator app (spec §4 Authentication, §7): TOTP
// factors of Supabase Auth. No React; every command answers an AuthResult, never throws.
import { appRetryAfter, supabase, type AppClient } from '../supabase-client';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';
import { createSecondFactorLocks } from './second-factor-lock';

/** The app's locks of the login confirmation after too many wrong codes (second-factor-lock.ts). */
export const secondFactorLocks = createSecondFactorLocks({
  storage: () => globalThis.localStorage,
  now: () => Date.now(),
  retryAfter: { until: () => appRetryAfter.until() },
});

/** The issuer the authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Rezeptpost';

export interface TotpFactor {
  id: string;
  status: 'verified' | 'unverified';
}

export interface TotpFactors {
  /** verified TOTP factors (auth-js `totp` list); the first one confirms a login */
  verified: TotpFactor[];
  /** every factor of the user, verified or not */
  all: TotpFactor[];
}

export interface TotpEnrolment {
  factorId: string;
  /** the QR code as a data URL of an SVG image, for an <img> (never inserted as markup) */
  qrCode: string;
  /** base32 secret for manual entry */
  secret: string;
  /** otpauth:// URI */
  uri: string;
}

export interface AssuranceLevel {
  currentLevel: 'aal1' | 'aal2' | null;
  nextLevel: 'aal1' | 'aal2' | null;
  /** the required level is above the current one: the login-confirmation screen shows */
  needsSecondFactor: boolean;
}

const asFactor = (f: { id: string; status: string }): TotpFactor => ({ id: f.id, status: f.status === 'verified' ? 'verified' : 'unverified' });

/** The factors of the signed-in user (GET /user, so always fresh). */
export function listFactors(client: AppClient = supabase()): Promise<AuthResult<TotpFactors>> {
  return guarded(async () => {
    const { data, error } = await client.auth.mfa.listFactors();
    if (error || !data) return authFailure(error);
    return authOk({ verified: data.totp.map(asFactor), all: data.all.filter((f) => f.factor_type === 'totp').map(asFactor) });
  });
}

async function unenrollAll(client: AppClient, factors: TotpFactor[]): Promise<AuthResult<number>> {
  for (const factor of factors) {
    const { error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    if (error) return authFailure(error);
  }
  return authOk(factors.length);
}

/** Spec §4: "On load, unverified factors are removed". Answers how many were removed. */
export function removeUnverifiedFactors(client: AppClient = supabase()): Promise<AuthResult<number>> {
  return guarded(async () => {
    const listed = await listFactors(client);
    if (!listed.ok) return listed;
    return unenrollAll(
      client,
      listed.value.all.filter((f) => f.status === 'unverified'),
    );
  });
}

/** auth-js hands the raw SVG behind 'data:image/svg+xml;utf-8,'; re-encoded so any character is safe in a URL. */
export function qrCodeDataUrl(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;[^,]*,/u, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Starts a TOTP enrolment (POST /factors). The friendly name must be unique per user, so it carries a time stamp. */
export function enrollTotp(
  friendlyName = `${TOTP_ISSUER} ${new Date().toISOString()}`,
  client: AppClient = supabase(),
): Promise<AuthResult<TotpEnrolment>> {
  return guarded(async () => {
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', issuer: TOTP_ISSUER, friendlyName });
    if (error || !data) return authFailure(error);
    return authOk({ factorId: data.id, qrCode: qrCodeDataUrl(data.totp.qr_code), secret: data.totp.secret, uri: data.totp.uri });
  });
}

async function challengeAndVerify(client: AppClient, factorId: string, code: string): Promise<AuthResult<void>> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
  return error ? authFailure(error) : authOk(undefined);
}

/** Activates an enrolment with the first code of the app; the session becomes aal2. */
export function verifyEnrollment(factorId: string, code: string, client: AppClient = supabase()): Promise<AuthResult<void>> {
  return guarded(() => challengeAndVerify(client, factorId, code));
}

/** Login confirmation: the code is checked against the first verified TOTP factor; the session becomes aal2. */
export function verifySecondFactor(code: string, client: AppClient = supabase()): Promise<AuthResult<void>> {
  return guarded(async () => {
    const listed = await listFactors(client);
    if (!listed.ok) return listed;
    const factor = listed.value.verified[0];
    if (!factor) return { ok: false, kind: 'unknown', message: 'no verified factor' };
    return challengeAndVerify(client, factor.id, code);
  });
}

/**
 * Spec §4 "Disabling removes all factors". Unverified ones first: removing the verified
 * factor lowers the session to aal1 on the server, and further verified ones would need aal2.
 */
export function disableTwoFactor(client: AppClient = supabase()): Promise<AuthResult<number>> {
  return guarded(async () => {
    const listed = await listFactors(client);
    if (!listed.ok) return listed;
    const { all } = listed.value;
    return unenrollAll(client, [...all.filter((f) => f.status !== 'verified'), ...all.filter((f) => f.status === 'verified')]);
  });
}

/** The RPC check_mfa(): true when the user has no verified factor or the session is aal2. */
export function checkMfa(client: AppClient = supabase()): Promise<AuthResult<boolean>> {
  return guarded(async () => {
    const { data, error, status } = await client.rpc('check_mfa');
    // status 0: the request never got an answer (postgrest-js reports the failed fetch)
    if (error) return authFailure({ name: status === 0 ? 'AuthRetryableFetchError' : 'PostgrestError', status, code: error.code, message: error.message });
    return authOk(data === true);
  });
}

/** Current and required assurance level of the stored session (no network call). */
export function assuranceLevel(client: AppClient = supabase()): Promise<AuthResult<AssuranceLevel>> {
  return guarded(async () => {
    const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (error || !data) return authFailure(error);
    const { currentLevel, nextLevel } = data as { currentLevel: AssuranceLevel['currentLevel']; nextLevel: AssuranceLevel['nextLevel'] };
    return authOk({ currentLevel, nextLevel, needsSecondFactor: nextLevel === 'aal2' && currentLevel !== 'aal2' });
  });
}
