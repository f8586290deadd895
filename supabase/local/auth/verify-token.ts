// Finding the user a mailed token belongs to (by e-mail and code, or by the link's hash) and
// applying it: confirm the sign-up, consume a reset or magic link, or change the e-mail.
import type { DbSession } from '../db/db.ts';
import { type Ctx, nowIso, OTP_EXPIRY_SECONDS } from './context.ts';
import { unprocessable } from './errors.ts';
import { PKCE_PREFIX, type FlowMethod } from './otp.ts';
import type { AmrMethod } from './tokens.ts';
import { confirmUser, isConfirmed, isUniqueViolation, userByEmail, type UserRow } from './users.ts';

export const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];
/** what a verification turns out to be once its token is found */
export type Effective = 'signup' | 'recovery' | 'magiclink' | 'email_change';

export const isVerifyType = (t: string): t is VerifyType => (VERIFY_TYPES as readonly string[]).includes(t);

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

export interface Match {
  user: UserRow;
  effective: Effective;
}

/** The user a link's token (or a token_hash) belongs to. */
export async function findByHash(s: DbSession, ctx: Ctx, type: VerifyType, hash: string): Promise<Match | null> {
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
export async function findByEmail(s: DbSession, ctx: Ctx, type: VerifyType, email: string, hash: string): Promise<Match | null> {
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
export async function applyToken(tx: DbSession, ctx: Ctx, m: Match): Promise<void> {
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

export const amrFor = (effective: Effective): AmrMethod => (effective === 'recovery' ? 'recovery' : 'otp');

export const flowMethodFor = (effective: Effective): FlowMethod => (effective === 'signup' ? 'email/signup' : effective);

