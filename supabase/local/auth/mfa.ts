// TOTP factors (GoTrue's mfa.go): enrol with a QR code, challenge, verify (the session becomes
// aal2 with amr totp and gets a new refresh token), unenrol (sessions of that factor fall back to aal1).
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  type Call,
  type Ctx,
  MFA_CHALLENGE_EXPIRY_SECONDS,
  MFA_MAX_ENROLLED_FACTORS,
  MFA_UNVERIFIED_FACTOR_EXPIRY_SECONDS,
  nowIso,
} from './context.ts';
import { AuthError, forbidden, notFound, requestRateLimit, unprocessable, validationFailed } from './errors.ts';
import { json, readJson, str } from './http.ts';
import { addAmrClaim, authenticate, rotateSessionToken, sessionJson, type Authed, type SessionRow } from './tokens.ts';
import { factorsOf, isUuid, type FactorRow } from './users.ts';

const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;

async function requireSession(ctx: Ctx, req: Request): Promise<Authed & { session: SessionRow }> {
  const authed = await authenticate(ctx, req);
  if (!authed.session) throw forbidden('session_not_found', 'A valid session is required for MFA');
  if (authed.user.is_anonymous) throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  return authed as Authed & { session: SessionRow };
}

async function loadFactor(ctx: Ctx, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = (
    await ctx.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId])
  ).rows[0];
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

const ms = (v: Date | string | null) => (v === null ? 0 : (v instanceof Date ? v : new Date(v)).getTime());

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'localhost';
  }
}

/** GoTrue answers the raw SVG; auth-js prefixes data:image/svg+xml;utf-8, so no '#' may appear in it. */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1, width: 200 });
  return svg.replace(/#ffffff/gi, 'white').replace(/#000000/gi, 'black').trim();
}

// ---------------------------------------------------------------- POST /factors

export async function enroll(call: Call): Promise<Response> {
  const { ctx } = call;
  const { user, session } = await requireSession(ctx, call.req);
  const body = await readJson(call.req);
  const factorType = str(body, 'factor_type') ?? '';
  const friendlyName = str(body, 'friendly_name') ?? '';
  if (factorType === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (factorType !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  const issuer = str(body, 'issuer') || hostOf(ctx.config.siteUrl);

  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer, label: user.email ?? user.id, secret, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD });
  const uri = totp.toString();
  const qr = await qrSvg(uri);
  const id = randomUUID();
  const now = nowIso(ctx);

  await ctx.db.transaction(async (tx) => {
    const expiredBefore = new Date(ctx.now() - MFA_UNVERIFIED_FACTOR_EXPIRY_SECONDS * 1000).toISOString();
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < $2`, [user.id, expiredBefore]);
    const factors = await factorsOf(tx, user.id);
    if (friendlyName.trim() && factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    if (factors.length >= MFA_MAX_ENROLLED_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
      [id, user.id, friendlyName, now, secret.base32],
    );
  });
  return json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret: secret.base32, uri } });
}

// ---------------------------------------------------------------- POST /factors/{id}/challenge

export async function challenge(call: Call, factorId: string): Promise<Response> {
  const { ctx } = call;
  const { user } = await requireSession(ctx, call.req);
  const factor = await loadFactor(ctx, user.id, factorId);
  if (factor.factor_type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  const id = randomUUID();
  const now = nowIso(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.query('insert into auth.mfa_challenges (id, factor_id, created_at) values ($1, $2, $3)', [id, factor.id, now]);
    await tx.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, now]);
  });
  return json({ id, type: factor.factor_type, expires_at: Math.floor(ctx.now() / 1000) + MFA_CHALLENGE_EXPIRY_SECONDS });
}

// ---------------------------------------------------------------- POST /factors/{id}/verify

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date | string;
  verified_at: Date | string | null;
}

export async function verifyFactor(call: Call, factorId: string): Promise<Response> {
  const { ctx } = call;
  const { user, session } = await requireSession(ctx, call.req);
  const factor = await loadFactor(ctx, user.id, factorId);
  const body = await readJson(call.req);
  const challengeId = str(body, 'challenge_id') ?? '';
  const code = (str(body, 'code') ?? '').trim();
  if (!code) throw validationFailed('Code needs to be non-empty');

  const failureKey = `mfa:${factor.id}`;
  if (ctx.limiter.isOver(failureKey, ctx.limits.mfaFailuresPerFactor)) throw requestRateLimit();

  const notFoundChallenge = () => unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (!isUuid(challengeId)) throw notFoundChallenge();
  const found = (
    await ctx.db.query<ChallengeRow>('select * from auth.mfa_challenges where id = $1 and factor_id = $2', [challengeId, factor.id])
  ).rows[0];
  if (!found) throw notFoundChallenge();
  if (found.verified_at) throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  if (ctx.now() > ms(found.created_at) + MFA_CHALLENGE_EXPIRY_SECONDS * 1000) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [found.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }

  const totp = new TOTP({ secret: Secret.fromBase32(factor.secret ?? ''), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD });
  const valid = /^\d{6}$/.test(code) && totp.validate({ token: code, timestamp: ctx.now(), window: 1 }) !== null;
  if (!valid) {
    ctx.limiter.hit(failureKey);
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  ctx.limiter.reset(failureKey);

  const now = nowIso(ctx);
  const result = await ctx.db.transaction(async (tx) => {
    const marked = await tx.query('update auth.mfa_challenges set verified_at = $2 where id = $1 and verified_at is null returning id', [
      found.id,
      now,
    ]);
    if (!marked.rows.length) return unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1 and status <> 'verified'`, [
      factor.id,
      now,
    ]);
    await addAmrClaim(tx, ctx, session.id, 'totp');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`, [session.id, factor.id, now]);
    const refresh = await rotateSessionToken(tx, ctx, user.id, session.id);
    // as GoTrue: the user's other sessions below aal2 end, other unverified TOTP factors go
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`, [user.id, session.id]);
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and id <> $2 and factor_type = 'totp' and status = 'unverified'`, [
      user.id,
      factor.id,
    ]);
    return sessionJson(tx, ctx, user.id, session.id, refresh);
  });
  if (result instanceof AuthError) throw result;
  return json(result);
}

// ---------------------------------------------------------------- DELETE /factors/{id}

export async function unenroll(call: Call, factorId: string): Promise<Response> {
  const { ctx } = call;
  const { user, session } = await requireSession(ctx, call.req);
  const factor = await loadFactor(ctx, user.id, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  const now = nowIso(ctx);
  await ctx.db.transaction(async (tx) => {
    // GoTrue's DowngradeSessionsToAAL1: the sessions this factor raised lose their totp claim
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
         and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = $2 where factor_id = $1`, [factor.id, now]);
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  });
  return json({ id: factor.id });
}
