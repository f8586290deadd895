// Sign-up, the password and refresh/PKCE grants, GET/PUT /user and logout
// (GoTrue's signup.go, token.go, user.go, logout.go).
import { type Call, limitIp, nowIso } from './context.ts';
import { AuthError, badRequest, forbidden, invalidCredentials, requestRateLimit, unprocessable, validationFailed } from './errors.ts';
import { json, obj, readJson, str } from './http.ts';
import { consumeFlowState, pkceParams, setToken, mailToken } from './otp.ts';
import { checkPasswordStrength, hashPassword, passwordWeakness, verifyPassword } from './passwords.ts';
import { authenticate, issueSession, logoutSessions, refreshGrant } from './tokens.ts';
import {
  confirmUser,
  factorsOf,
  hasVerifiedFactor,
  insertUser,
  isBanned,
  isConfirmed,
  isUniqueViolation,
  checkMetadataSize,
  mergeMetadata,
  normaliseEmail,
  obfuscatedUser,
  userByEmail,
  userById,
  userJson,
  userMetadataOf,
  validateEmail,
} from './users.ts';
import { redirectOf, sendConfirmation, takeEmailQuota } from './send-mail.ts';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

// ---------------------------------------------------------------- POST /signup

export async function signup(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const rawEmail = str(body, 'email') ?? '';
  const phone = str(body, 'phone') ?? '';
  const password = str(body, 'password') ?? '';
  const data = checkMetadataSize(obj(body, 'data') ?? {});
  if (!rawEmail && !phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  limitIp(call);
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password, ctx.config.minimumPasswordLength);
  if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  const pkce = pkceParams(body);
  if (!rawEmail) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);

  const existing = await userByEmail(ctx.db, email);
  if (existing && isConfirmed(existing)) {
    if (!ctx.config.enableConfirmations) throw unprocessable('user_already_exists', 'User already registered');
    // GoTrue never tells a repeated sign-up apart when confirmations are on
    return json(obfuscatedUser(ctx, email, data));
  }
  const redirectTo = redirectOf(call);

  if (ctx.config.enableConfirmations) {
    takeEmailQuota(ctx, email);
    let user = existing;
    if (!user) {
      const passwordHash = await hashPassword(password, ctx.bcryptCost);
      try {
        user = await ctx.db.transaction((tx) => insertUser(tx, ctx, { email, passwordHash, data, confirmed: false }));
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('user_already_exists', 'User already registered');
        throw error;
      }
    }
    await sendConfirmation(ctx, user, redirectTo, pkce);
    const fresh = await userById(ctx.db, user.id);
    return json(await userJson(ctx.db, fresh ?? user));
  }

  // confirmations off: the user is confirmed at once and signed in
  const passwordHash = await hashPassword(password, ctx.bcryptCost);
  try {
    const session = await ctx.db.transaction(async (tx) => {
      let id: string;
      if (existing) {
        // an unconfirmed user (e.g. from /otp): the sign-up sets the password and confirms it
        id = existing.id;
        await tx.query('update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = $4 where id = $1', [
          id,
          passwordHash,
          JSON.stringify(checkMetadataSize(mergeMetadata(userMetadataOf(existing), data))),
          nowIso(ctx),
        ]);
        await confirmUser(tx, ctx, id);
      } else {
        id = (await insertUser(tx, ctx, { email, passwordHash, data, confirmed: true })).id;
      }
      return issueSession(tx, ctx, id, 'password', { userAgent: call.req.headers.get('user-agent') });
    });
    return json(session);
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable('user_already_exists', 'User already registered');
    throw error;
  }
}

// ---------------------------------------------------------------- POST /token

export async function token(call: Call): Promise<Response> {
  const grantType = call.url.searchParams.get('grant_type') ?? '';
  switch (grantType) {
    case 'password':
      return passwordGrant(call);
    case 'refresh_token': {
      const body = await readJson(call.req);
      limitIp(call, 'refresh');
      return json(await refreshGrant(call.ctx, str(body, 'refresh_token')));
    }
    case 'pkce':
      return pkceGrant(call);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const rawEmail = str(body, 'email') ?? '';
  const phone = str(body, 'phone') ?? '';
  const password = str(body, 'password') ?? '';
  if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (!rawEmail) {
    if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    throw validationFailed('missing email or phone');
  }
  limitIp(call);
  const email = normaliseEmail(rawEmail);
  // per address and e-mail: someone who knows a patient's e-mail cannot lock them out elsewhere
  const failureKey = `password:${call.ip ?? 'unknown'}:${email}`;
  if (ctx.limiter.isOver(failureKey, ctx.limits.passwordFailuresPerIpAndEmail)) throw requestRateLimit();

  const user = await userByEmail(ctx.db, email);
  const ok = await verifyPassword(password, user?.encrypted_password, ctx.bcryptCost);
  if (!user || !ok) {
    ctx.limiter.hit(failureKey);
    throw invalidCredentials();
  }
  if (isBanned(user, ctx.now())) throw badRequest('user_banned', 'User is banned');
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  ctx.limiter.reset(failureKey);

  const session = await ctx.db.transaction((tx) =>
    issueSession(tx, ctx, user.id, 'password', { userAgent: call.req.headers.get('user-agent') }),
  );
  const weak = passwordWeakness(password, ctx.config.minimumPasswordLength);
  return json(weak ? { ...session, weak_password: weak } : session);
}

async function pkceGrant(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const authCode = str(body, 'auth_code') ?? '';
  const codeVerifier = str(body, 'code_verifier') ?? '';
  if (!authCode || !codeVerifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  limitIp(call);
  const result = await ctx.db.transaction(async (tx) => {
    const flow = await consumeFlowState(tx, ctx, authCode, codeVerifier);
    if (flow instanceof AuthError) return flow;
    const user = await userById(tx, flow.userId);
    if (!user) return badRequest('user_not_found', 'User not found');
    return issueSession(tx, ctx, user.id, flow.method === 'recovery' ? 'recovery' : 'otp', {
      userAgent: call.req.headers.get('user-agent'),
    });
  });
  if (result instanceof AuthError) throw result;
  return json(result);
}

// ---------------------------------------------------------------- GET /user, PUT /user

export async function getUser(call: Call): Promise<Response> {
  const { user } = await authenticate(call.ctx, call.req);
  return json(await userJson(call.ctx.db, user));
}

export async function updateUser(call: Call): Promise<Response> {
  const { ctx } = call;
  const { user, session } = await authenticate(ctx, call.req);
  const body = await readJson(call.req);
  const rawEmail = str(body, 'email') ?? '';
  const password = str(body, 'password');
  const data = obj(body, 'data');
  const phone = str(body, 'phone') ?? '';
  const email = rawEmail ? validateEmail(rawEmail) : '';
  if (password !== undefined) checkPasswordStrength(password, ctx.config.minimumPasswordLength);
  if (obj(body, 'app_metadata')) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  // `nonce` and `current_password` are accepted and ignored (GoTrue's defaults require neither)
  const pkce = pkceParams(body);

  const emailChanges = email !== '' && email !== (user.email ?? '').toLowerCase();
  if ((password || emailChanges || phone) && session?.aal !== 'aal2' && hasVerifiedFactor(await factorsOf(ctx.db, user.id))) {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (emailChanges) {
    const other = await userByEmail(ctx.db, email);
    if (other && other.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  let passwordHash: string | null = null;
  if (password) {
    if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password, ctx.bcryptCost);
  }
  if (emailChanges) takeEmailQuota(ctx, email);

  const metadata = data ? checkMetadataSize(mergeMetadata(userMetadataOf(user), data)) : userMetadataOf(user);
  const now = nowIso(ctx);
  const emailToken = await ctx.db.transaction(async (tx) => {
    if (passwordHash) {
      // GoTrue's UpdatePassword: pending tokens are void and other sessions end
      await tx.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '', recovery_token = '',
           email_change_token_new = '', email_change_token_current = '', updated_at = $3 where id = $1`,
        [user.id, passwordHash, now],
      );
      await logoutSessions(tx, user.id, 'others', session?.id ?? null);
    }
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3 where id = $1', [
        user.id,
        JSON.stringify(metadata),
        now,
      ]);
    }
    if (emailChanges) return setToken(tx, ctx, user, 'email_change', email, pkce, 'email_change');
    return null;
  });
  if (emailToken) await mailToken(ctx, 'email_change', email, emailToken, redirectOf(call), metadata);
  const updated = (await userById(ctx.db, user.id)) ?? user;
  return json(await userJson(ctx.db, updated));
}

// ---------------------------------------------------------------- POST /logout

export async function logout(call: Call): Promise<Response> {
  const { ctx } = call;
  const { user, session } = await authenticate(ctx, call.req);
  const scope = call.url.searchParams.get('scope') || 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  await ctx.db.transaction((tx) => logoutSessions(tx, user.id, session ? scope : 'global', session?.id ?? null));
  return new Response(null, { status: 204 });
}
