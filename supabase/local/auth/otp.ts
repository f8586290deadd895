// E-mailed one-time tokens as GoTrue keeps them: a 6-digit code is mailed, the user row stores
// sha224(email + code) (prefixed 'pkce_' in the PKCE flow) in confirmation_token, recovery_token
// or email_change_token_new with its *_sent_at; the mailed link carries that stored value.
// Also the PKCE flow state (auth.flow_state): code_challenge -> auth code -> session.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { DbSession } from '../db/db.ts';
import { type Ctx, FLOW_STATE_EXPIRY_SECONDS, nowIso } from './context.ts';
import { AuthError, badRequest, notFound, unprocessable, validationFailed } from './errors.ts';
import { sendAuthMail, type MailKind } from './mails.ts';
import { str, type Body } from './http.ts';
import type { UserRow } from './users.ts';

export const PKCE_PREFIX = 'pkce_';

export const generateOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** GoTrue's crypto.GenerateTokenHash. */
export const tokenHash = (email: string, otp: string) => createHash('sha224').update(email + otp).digest('hex');

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's validatePKCEParams; null for the implicit flow. */
export function pkceParams(body: Body): Pkce | null {
  const challenge = str(body, 'code_challenge') ?? '';
  const method = (str(body, 'code_challenge_method') ?? '').toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge.length < 43 || challenge.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validationFailed('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  if (method !== 's256' && method !== 'plain') throw validationFailed(`unsupported code_challenge method "${method}"`);
  return { challenge, method };
}

/** authentication_method of a flow state, per verification type */
export type FlowMethod = 'email/signup' | 'recovery' | 'magiclink' | 'email_change';

export async function createFlowState(tx: DbSession, ctx: Ctx, userId: string, method: FlowMethod, pkce: Pkce): Promise<void> {
  const now = nowIso(ctx);
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method, now],
  );
}

/** The auth code of the user's newest flow state for `method` (GoTrue's issueAuthCode). */
export async function issueAuthCode(tx: DbSession, ctx: Ctx, userId: string, method: FlowMethod): Promise<string> {
  const row = (
    await tx.query<{ id: string; auth_code: string }>(
      `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
      [userId, method],
    )
  ).rows[0];
  if (!row) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  await tx.query('update auth.flow_state set auth_code_issued_at = $2, updated_at = $2 where id = $1', [row.id, nowIso(ctx)]);
  return row.auth_code;
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  created_at: Date | string;
}

/** grant_type=pkce: checks the verifier against the stored challenge; the flow state is used up. */
export async function consumeFlowState(
  tx: DbSession,
  ctx: Ctx,
  authCode: string,
  codeVerifier: string,
): Promise<{ userId: string; method: string } | AuthError> {
  const row = (await tx.query<FlowRow>('select * from auth.flow_state where auth_code = $1', [authCode])).rows[0];
  if (!row || !row.user_id) return notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  if (ctx.now() > created.getTime() + FLOW_STATE_EXPIRY_SECONDS * 1000) {
    await tx.query('delete from auth.flow_state where id = $1', [row.id]);
    return unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected =
    row.code_challenge_method === 'plain' ? codeVerifier : createHash('sha256').update(codeVerifier).digest('base64url');
  if (expected !== row.code_challenge) {
    return badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1', [row.id]);
  return { userId: row.user_id, method: row.authentication_method };
}

type TokenKind = 'confirmation' | 'recovery' | 'email_change';

export interface IssuedToken {
  otp: string;
  /** what the row holds and the link carries */
  stored: string;
}

/**
 * Stores a fresh token of `kind` on the user (and a flow state when PKCE). For an e-mail
 * change `email` is the new address, which is remembered in email_change.
 */
export async function setToken(
  tx: DbSession,
  ctx: Ctx,
  user: UserRow,
  kind: TokenKind,
  email: string,
  pkce: Pkce | null,
  flowMethod: FlowMethod,
): Promise<IssuedToken> {
  const otp = generateOtp();
  const stored = (pkce ? PKCE_PREFIX : '') + tokenHash(email, otp);
  const now = nowIso(ctx);
  if (pkce) await createFlowState(tx, ctx, user.id, flowMethod, pkce);
  if (kind === 'confirmation') {
    await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = $3 where id = $1', [user.id, stored, now]);
  } else if (kind === 'recovery') {
    await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1', [user.id, stored, now]);
  } else {
    await tx.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = '',
         email_change_confirm_status = 0, email_change_sent_at = $4, updated_at = $4 where id = $1`,
      [user.id, email, stored, now],
    );
  }
  return { otp, stored };
}

export function verifyLink(ctx: Ctx, stored: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token: stored, type, redirect_to: redirectTo });
  return `${ctx.config.apiUrl.replace(/\/+$/, '')}/auth/v1/verify?${q.toString()}`;
}

export async function mailToken(
  ctx: Ctx,
  kind: MailKind,
  to: string,
  token: IssuedToken,
  redirectTo: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  await sendAuthMail(ctx, { kind, to, code: token.otp, link: verifyLink(ctx, token.stored, kind, redirectTo), metadata });
}
