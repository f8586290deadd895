// POST /otp and /magiclink (GoTrue's otp.go, magic_link.go): a magic link for a confirmed
// user, a sign-up confirmation for a new or unconfirmed one.
import { randomBytes } from 'node:crypto';
import { type Call, limitIp } from './context.ts';
import { AuthError, unprocessable, validationFailed } from './errors.ts';
import { bool, json, obj, readJson, str } from './http.ts';
import { pkceParams } from './otp.ts';
import { hashPassword } from './passwords.ts';
import { redirectOf, sendConfirmation, sendRecoveryKind, takeEmailQuota } from './send-mail.ts';
import { checkMetadataSize, insertUser, isConfirmed, isUniqueViolation, userByEmail, validateEmail } from './users.ts';

export async function otp(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const raw = str(body, 'email');
  if (!raw) {
    if (str(body, 'phone')) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    throw validationFailed('An email address is required');
  }
  const email = validateEmail(raw);
  const data = checkMetadataSize(obj(body, 'data') ?? {});
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
