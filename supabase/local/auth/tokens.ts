// Sessions, refresh tokens and access tokens: rows in auth.sessions / auth.refresh_tokens /
// auth.mfa_amr_claims, HS256 JWTs with GoTrue's claims, refresh-token rotation with reuse
// detection, and the bearer check of authenticated endpoints.
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { DbSession } from '../db/db.ts';
import { type Ctx, nowIso, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from './context.ts';
import { AuthError, badRequest, forbidden, validationFailed } from './errors.ts';
import { appMetadataOf, isBanned, isUuid, userById, userJson, userMetadataOf, type UserRow } from './users.ts';

export type AmrMethod = 'password' | 'otp' | 'totp' | 'recovery';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  aal: string | null;
  not_after: Date | string | null;
  factor_id: string | null;
}

export interface AccessClaims {
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
}

const ms = (v: Date | string | null | undefined) => (v == null ? 0 : (v instanceof Date ? v : new Date(v)).getTime());

const newRefreshToken = () => randomBytes(18).toString('base64url');

async function insertRefreshToken(tx: DbSession, ctx: Ctx, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  const now = nowIso(ctx);
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $3, $4, $5)`,
    [token, userId, now, parent, sessionId],
  );
  return token;
}

/** Adds (or refreshes) an authentication method of the session, as GoTrue's AddClaimToSession. */
export async function addAmrClaim(tx: DbSession, ctx: Ctx, sessionId: string, method: AmrMethod): Promise<void> {
  const now = nowIso(ctx);
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, $2, $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, now, method],
  );
}

/** aal and amr of a session: aal2 once it holds a totp claim; amr newest first. */
export async function aalAndAmr(s: DbSession, sessionId: string): Promise<{ aal: 'aal1' | 'aal2'; amr: AccessClaims['amr'] }> {
  const { rows } = await s.query<{ authentication_method: string; updated_at: Date | string }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
    [sessionId],
  );
  const amr = rows
    .map((r) => ({ method: r.authentication_method, timestamp: Math.floor(ms(r.updated_at) / 1000) }))
    .sort((a, b) => b.timestamp - a.timestamp);
  return { aal: rows.some((r) => r.authentication_method === 'totp') ? 'aal2' : 'aal1', amr };
}

export async function signAccessToken(s: DbSession, ctx: Ctx, user: UserRow, sessionId: string) {
  const { aal, amr } = await aalAndAmr(s, sessionId);
  const iat = Math.floor(ctx.now() / 1000);
  const exp = iat + ctx.config.jwtExpiry;
  const claims: AccessClaims = {
    aud: user.aud || 'authenticated',
    exp,
    iat,
    iss: ctx.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: appMetadataOf(user),
    user_metadata: userMetadataOf(user),
    role: user.role || 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(keyOf(ctx.config.jwtSecret));
  return { token, exp };
}

/** The session answer: access_token, token_type, expires_in, expires_at, refresh_token, user. */
export async function sessionJson(tx: DbSession, ctx: Ctx, userId: string, sessionId: string, refreshToken: string): Promise<SessionJson> {
  const user = await userById(tx, userId);
  if (!user) throw new AuthError(500, 'unexpected_failure', 'User vanished while issuing a session');
  const { token, exp } = await signAccessToken(tx, ctx, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

export interface IssueOptions {
  userAgent?: string | null;
}

/** A new session (aal1) for a sign-in by `method`; updates last_sign_in_at. */
export async function issueSession(tx: DbSession, ctx: Ctx, userId: string, method: AmrMethod, opts: IssueOptions = {}): Promise<SessionJson> {
  const sessionId = randomUUID();
  const now = nowIso(ctx);
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent)
     values ($1, $2, $3, $3, 'aal1', $3::timestamptz at time zone 'utc', $4)`,
    [sessionId, userId, now, opts.userAgent ?? null],
  );
  await addAmrClaim(tx, ctx, sessionId, method);
  const refresh = await insertRefreshToken(tx, ctx, userId, sessionId, null);
  await tx.query('update auth.users set last_sign_in_at = $2 where id = $1', [userId, now]);
  await tx.query(`update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'`, [userId, now]);
  return sessionJson(tx, ctx, userId, sessionId, refresh);
}

/**
 * Revokes the session's live refresh tokens and issues a fresh one without a parent, so
 * a token from before (e.g. the aal1 one before MFA) can never be traded for this one.
 */
export async function rotateSessionToken(tx: DbSession, ctx: Ctx, userId: string, sessionId: string): Promise<string> {
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and revoked = false', [
    sessionId,
    nowIso(ctx),
  ]);
  return insertRefreshToken(tx, ctx, userId, sessionId, null);
}

interface RefreshRow {
  id: string;
  token: string;
  revoked: boolean | null;
  updated_at: Date | string | null;
  parent: string | null;
  session_id: string | null;
  user_id: string | null;
}

/** grant_type=refresh_token: rotation; a revoked token is refused (and its family revoked). */
export async function refreshGrant(ctx: Ctx, refreshToken: string | undefined): Promise<SessionJson> {
  if (!refreshToken) throw validationFailed('Refresh token is not valid');
  const notFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const result = await ctx.db.transaction(async (tx): Promise<SessionJson | AuthError> => {
    const row = (
      await tx.query<RefreshRow>(
        'select id, token, revoked, updated_at, parent, session_id, user_id from auth.refresh_tokens where token = $1 for update',
        [refreshToken],
      )
    ).rows[0];
    if (!row || !row.session_id) return notFound();
    const session = (await tx.query<SessionRow>('select * from auth.sessions where id = $1', [row.session_id])).rows[0];
    if (!session) return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    const user = await userById(tx, session.user_id);
    if (!user) return notFound();
    if (isBanned(user, ctx.now())) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (session.not_after && ms(session.not_after) < ctx.now()) {
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }
    let issued: string;
    if (row.revoked) {
      const active = (
        await tx.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
          [session.id],
        )
      ).rows[0];
      const withinReuse = ctx.now() - ms(row.updated_at) <= REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000;
      if (active && active.parent === row.token && withinReuse) {
        // the client lost the answer of its last refresh: hand it the current token again
        issued = active.token;
      } else {
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and revoked = false', [
          session.id,
          nowIso(ctx),
        ]);
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    } else {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [row.id, nowIso(ctx)]);
      issued = await insertRefreshToken(tx, ctx, user.id, session.id, row.token);
    }
    await tx.query(`update auth.sessions set refreshed_at = $2::timestamptz at time zone 'utc', updated_at = $2 where id = $1`, [
      session.id,
      nowIso(ctx),
    ]);
    return sessionJson(tx, ctx, user.id, session.id, issued);
  });
  if (result instanceof AuthError) throw result;
  return result;
}

export interface Authed {
  claims: AccessClaims;
  user: UserRow;
  session: SessionRow | null;
}

/** GoTrue's requireAuthentication: bearer JWT, its user, and the session it names. */
export async function authenticate(ctx: Ctx, req: Request): Promise<Authed> {
  const header = req.headers.get('authorization') ?? '';
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: AccessClaims;
  try {
    const { payload } = await jwtVerify(match[1]!, keyOf(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
      currentDate: new Date(ctx.now()),
    });
    claims = payload as unknown as AccessClaims;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = code === 'ERR_JWT_EXPIRED' ? 'token has invalid claims: token is expired' : (error as Error).message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await userById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | null = null;
  if (claims.session_id && claims.session_id !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = (await ctx.db.query<SessionRow>('select * from auth.sessions where id = $1', [claims.session_id])).rows[0] ?? null;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user, ctx.now())) throw forbidden('user_banned', 'User is banned');
  return { claims, user, session };
}

/** Deletes sessions (their refresh tokens and amr claims go with them). */
export async function logoutSessions(s: DbSession, userId: string, scope: 'global' | 'local' | 'others', sessionId: string | null) {
  if (scope === 'local' && sessionId) {
    await s.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others' && sessionId) {
    await s.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await s.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
