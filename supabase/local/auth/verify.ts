// POST /verify (a typed code or a token hash -> session) and GET /verify (a mailed link ->
// 303 to the app with the session or a PKCE code in the URL), as GoTrue's verify.go.
import { type Call, limitIp } from './context.ts';
import { AuthError, linkExpired, otpExpired, requestRateLimit, validationFailed } from './errors.ts';
import { json, readJson, str } from './http.ts';
import { issueAuthCode, PKCE_PREFIX, tokenHash } from './otp.ts';
import { redirectOf } from './send-mail.ts';
import { issueSession, type SessionJson } from './tokens.ts';
import { validateEmail } from './users.ts';
import { amrFor, applyToken, findByEmail, findByHash, flowMethodFor, isVerifyType } from './verify-token.ts';

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
    await applyToken(tx, ctx, match);
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
      await applyToken(tx, ctx, match);
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
