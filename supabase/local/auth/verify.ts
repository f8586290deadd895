// Mailed-token endpoints: POST /recover, /otp (/magiclink), /resend, and GET/POST /verify
// (GoTrue's recover.go, magic_link.go, resend.go, verify.go).
import type { DbSession } from '../db/db.ts';
import { type Call, type Ctx, limitIp, nowIso, OTP_EXPIRY_SECONDS } from './context.ts';
import { AuthError, emailRateLimit, linkExpired, otpExpired, requestRateLimit, unprocessable, validationFailed } from './errors.ts';
import { allowedRedirect, bool, json, obj, readJson, str } from './http.ts';
import { issueAuthCode, mailToken, PKCE_PREFIX, pkceParams, setToken, tokenHash, type FlowMethod, type Pkce } from './otp.ts';
import { hashPassword } from './passwords.ts';
import { randomBytes } from 'node:crypto';
import { issueSession, type AmrMethod, type SessionJson } from './tokens.ts';
import {
  confirmUser,
  insertUser,
  isConfirmed,
  isUniqueViolation,
  userByEmail,
  userMetadataOf,
  validateEmail,
  type UserRow,
} from './users.ts';

export const redirectOf = (call: Call, candidate?: string | null) =>
  allowedRedirect(candidate ?? call.url.searchParams.get('redirect_to'), call.ctx.config.siteUrl, call.ctx.config.apiUrl);

/** Counts one mail requested for `address`; 429 over_email_send_rate_limit past the limit. */
export function takeEmailQuota(ctx: Ctx, address: string): void {
  ctx.limiter.take(`mail:${address.toLowerCase()}`, ctx.limits.emailsPerAddress, emailRateLimit);
}

/** Stores a confirmation token and mails it (sign-up confirmation). Quota taken by the caller. */
export async function sendConfirmation(ctx: Ctx, user: UserRow, redirectTo: string, pkce: Pkce | null): Promise<void> {
  const email = user.email ?? '';
  const token = await ctx.db.transaction((tx) => setToken(tx, ctx, user, 'confirmation', email, pkce, 'email/signup'));
  await mailToken(ctx, 'signup', email, token, redirectTo, userMetadataOf(user));
}

async function sendRecoveryKind(ctx: Ctx, user: UserRow, kind: 'recovery' | 'magiclink', redirectTo: string, pkce: Pkce | null) {
  const email = user.email ?? '';
  const token = await ctx.db.transaction((tx) => setToken(tx, ctx, user, 'recovery', email, pkce, kind));
  await mailToken(ctx, kind, email, token, redirectTo, userMetadataOf(user));
}

// ---------------------------------------------------------------- POST /recover

export async function recover(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const raw = str(body, 'email');
  if (!raw) throw validationFailed('Password recovery requires an email');
  const email = validateEmail(raw);
  const pkce = pkceParams(body);
  limitIp(call);
  // counted whether or not the address is known, so a 429 reveals nothing either
  takeEmailQuota(ctx, email);
  const user = await userByEmail(ctx.db, email);
  if (user) await sendRecoveryKind(ctx, user, 'recovery', redirectOf(call), pkce);
  return json({});
}

// ---------------------------------------------------------------- POST /otp

export async function otp(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const raw = str(body, 'email');
  if (!raw) {
    if (str(body, 'phone')) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    throw validationFailed('An email address is required');
  }
  const email = validateEmail(raw);
  const data = obj(body, 'data') ?? {};
  const createUser = bool(body, 'create_user') ?? true;
  const pkce = pkceParams(body);
  limitIp(call);
  let user = await userByEmail(ctx.db, email);
  if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  takeEmailQuota(ctx, email);
  const redirectTo = redirectOf(call);
  if (!user) {
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'), ctx.bcryptCost);
    try {
      user = await ctx.db.transaction((tx) =>
        insertUser(tx, ctx, { email, passwordHash, data, confirmed: !ctx.config.enableConfirmations }),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await userByEmail(ctx.db, email);
      if (!user) throw error;
    }
  }
  if (!isConfirmed(user)) await sendConfirmation(ctx, user, redirectTo, pkce);
  else await sendRecoveryKind(ctx, user, 'magiclink', redirectTo, pkce);
  return json({});
}

// ---------------------------------------------------------------- POST /resend

export async function resend(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const type = str(body, 'type') ?? '';
  if (type === 'sms' || type === 'phone_change') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const raw = str(body, 'email');
  if (!raw) {
    if (type === 'signup') throw validationFailed('Type provided requires an email address');
    throw validationFailed('Missing email address or phone number');
  }
  const email = validateEmail(raw);
  const pkce = pkceParams(body);
  limitIp(call);
  takeEmailQuota(ctx, email);
  const user = await userByEmail(ctx.db, email);
  if (!user) return json({});
  const redirectTo = redirectOf(call);
  if (type === 'signup') {
    if (isConfirmed(user)) return json({});
    await sendConfirmation(ctx, user, redirectTo, pkce);
  } else {
    const newEmail = user.email_change;
    if (!newEmail) return json({});
    const token = await ctx.db.transaction((tx) => setToken(tx, ctx, user, 'email_change', newEmail, pkce, 'email_change'));
    await mailToken(ctx, 'email_change', newEmail, token, redirectTo, userMetadataOf(user));
  }
  return json({});
}

// ---------------------------------------------------------------- /verify

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];
/** what a verification turns out to be once its token is found */
type Effective = 'signup' | 'recovery' | 'magiclink' | 'email_change';

const isVerifyType = (t: string): t is VerifyType => (VERIFY_TYPES as readonly string[]).includes(t);

const ms = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).getTime());

function fresh(ctx: Ctx, sentAt: Date | string | null): boolean {
  const t = ms(sentAt);
  return t !== null && ctx.now() <= t + OTP_EXPIRY_SECONDS * 1000;
}

/** GoTrue's isOtpValid: the stored value equals the hash, or 'pkce_' + hash, and is not expired. */
function tokenMatches(ctx: Ctx, hash: string, stored: string | null, sentAt: Date | string | null): boolean {
  if (!stored || !hash) return false;
  return fresh(ctx, sentAt) && (stored === hash || stored === PKCE_PREFIX + hash);
}

interface Candidate {
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new';
  sentAt: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';
  effective: Effective;
}

function candidatesFor(type: VerifyType): Candidate[] {
  const confirmation: Candidate = { column: 'confirmation_token', sentAt: 'confirmation_sent_at', effective: 'signup' };
  const recovery = (effective: Effective): Candidate => ({ column: 'recovery_token', sentAt: 'recovery_sent_at', effective });
  switch (type) {
    case 'signup':
    case 'invite':
      return [confirmation];
    case 'recovery':
      return [recovery('recovery')];
    case 'magiclink':
      return [recovery('magiclink')];
    case 'email':
      return [confirmation, recovery('magiclink')];
    case 'email_change':
      return [{ column: 'email_change_token_new', sentAt: 'email_change_sent_at', effective: 'email_change' }];
  }
}

interface Match {
  user: UserRow;
  effective: Effective;
}

/** The user a link's token (or a token_hash) belongs to. */
async function findByHash(s: DbSession, ctx: Ctx, type: VerifyType, hash: string): Promise<Match | null> {
  for (const c of candidatesFor(type)) {
    const user = (
      await s.query<UserRow>(`select * from auth.users where ${c.column} <> '' and (${c.column} = $1 or ${c.column} = $2) limit 1`, [
        hash,
        PKCE_PREFIX + hash,
      ])
    ).rows[0];
    if (user && tokenMatches(ctx, hash, user[c.column], user[c.sentAt])) return { user, effective: c.effective };
  }
  return null;
}

/** The user of `email` whose token of `type` hashes from the typed code. */
async function findByEmail(s: DbSession, ctx: Ctx, type: VerifyType, email: string, hash: string): Promise<Match | null> {
  if (type === 'email_change') {
    const user = (
      await s.query<UserRow>(
        `select * from auth.users where lower(email_change) = lower($1) and (email_change_token_new = $2 or email_change_token_new = $3) limit 1`,
        [email, hash, PKCE_PREFIX + hash],
      )
    ).rows[0];
    return user && tokenMatches(ctx, hash, user.email_change_token_new, user.email_change_sent_at) ? { user, effective: 'email_change' } : null;
  }
  const user = await userByEmail(s, email);
  if (!user) return null;
  for (const c of candidatesFor(type)) {
    if (tokenMatches(ctx, hash, user[c.column], user[c.sentAt])) return { user, effective: c.effective };
  }
  return null;
}

/** Applies a verified token: confirm, recover, or change the e-mail. */
async function apply(tx: DbSession, ctx: Ctx, m: Match): Promise<void> {
  const now = nowIso(ctx);
  const id = m.user.id;
  switch (m.effective) {
    case 'signup':
      await confirmUser(tx, ctx, id);
      return;
    case 'recovery':
    case 'magiclink':
      await tx.query(`update auth.users set recovery_token = '', updated_at = $2 where id = $1`, [id, now]);
      if (!isConfirmed(m.user)) await confirmUser(tx, ctx, id);
      return;
    case 'email_change': {
      const newEmail = m.user.email_change ?? '';
      const taken = await userByEmail(tx, newEmail);
      if (taken && taken.id !== id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      try {
        await tx.query(
          `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
             email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, $3), updated_at = $3
           where id = $1`,
          [id, newEmail, now],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        throw error;
      }
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = $3
         where user_id = $1 and provider = 'email'`,
        [id, newEmail, now],
      );
      return;
    }
  }
}

const amrFor = (effective: Effective): AmrMethod => (effective === 'recovery' ? 'recovery' : 'otp');

const flowMethodFor = (effective: Effective): FlowMethod => (effective === 'signup' ? 'email/signup' : effective);

export async function verifyPost(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const type = str(body, 'type') ?? '';
  const token = str(body, 'token') ?? '';
  const tokenHashParam = str(body, 'token_hash') ?? '';
  const rawEmail = str(body, 'email') ?? '';
  const phone = str(body, 'phone') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if ((!token && !tokenHashParam) || (token && tokenHashParam)) throw validationFailed('Verify requires either a token or a token hash');
  let email = '';
  let hash: string;
  if (token) {
    if (phone && !rawEmail) throw otpExpired(); // no phone users here
    if (!rawEmail || phone) throw validationFailed('Only an email address or phone number should be provided on verify');
    email = validateEmail(rawEmail, 422);
    hash = tokenHash(email, token);
  } else {
    if (rawEmail || phone || str(body, 'redirect_to')) throw validationFailed('Only the token_hash and type should be provided');
    hash = tokenHashParam;
  }
  if (!isVerifyType(type)) throw validationFailed('Unsupported verification type');
  limitIp(call);
  const failureKey = email ? `otp:${email}` : null;
  if (failureKey && ctx.limiter.isOver(failureKey, ctx.limits.otpFailuresPerEmail)) throw requestRateLimit();

  const result = await ctx.db.transaction(async (tx) => {
    const match = email ? await findByEmail(tx, ctx, type, email, hash) : await findByHash(tx, ctx, type, hash);
    if (!match) return null;
    await apply(tx, ctx, match);
    return issueSession(tx, ctx, match.user.id, amrFor(match.effective), { userAgent: call.req.headers.get('user-agent') });
  });
  if (!result) {
    if (failureKey) ctx.limiter.hit(failureKey);
    throw email ? otpExpired() : linkExpired();
  }
  if (failureKey) ctx.limiter.reset(failureKey);
  return json(result);
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GoTrue's prepErrorRedirectURL: error in the fragment (and, for PKCE, the query). */
function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const url = new URL(redirectTo);
  const hq = new URLSearchParams();
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) hq.set('error', oauth);
  hq.set('error_code', error.code);
  hq.set('error_description', error.message);
  if (pkce) {
    if (oauth) url.searchParams.set('error', oauth);
    url.searchParams.set('error_code', error.code);
    url.searchParams.set('error_description', error.message);
  }
  hq.set('sb', '');
  url.hash = hq.toString();
  return url.toString();
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

export async function verifyGet(call: Call): Promise<Response> {
  const { ctx } = call;
  const q = call.url.searchParams;
  const type = q.get('type') ?? '';
  const token = q.get('token') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  limitIp(call);
  const redirectTo = redirectOf(call);
  const pkce = token.startsWith(PKCE_PREFIX);
  if (!isVerifyType(type)) return seeOther(errorRedirect(redirectTo, validationFailed('Unsupported verification type'), pkce));
  const hash = pkce ? token.slice(PKCE_PREFIX.length) : token;
  try {
    const outcome = await ctx.db.transaction(async (tx): Promise<{ code: string } | { session: SessionJson }> => {
      const match = await findByHash(tx, ctx, type, hash);
      if (!match) throw linkExpired();
      await apply(tx, ctx, match);
      if (pkce) return { code: await issueAuthCode(tx, ctx, match.user.id, flowMethodFor(match.effective)) };
      const session = await issueSession(tx, ctx, match.user.id, amrFor(match.effective), {
        userAgent: call.req.headers.get('user-agent'),
      });
      return { session };
    });
    if ('code' in outcome) {
      const url = new URL(redirectTo);
      url.searchParams.set('code', outcome.code);
      return seeOther(url.toString());
    }
    const s = outcome.session;
    const fragment = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: s.token_type,
      type,
    });
    return seeOther(`${redirectTo}#${fragment.toString()}`);
  } catch (error) {
    if (error instanceof AuthError) return seeOther(errorRedirect(redirectTo, error, pkce));
    throw error;
  }
}
