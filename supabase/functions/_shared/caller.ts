// The signed-in patient calling a function, checked by the function itself. The functions are
// deployed with --no-verify-jwt, so nothing rests on the gateway's verify_jwt: the CLI finds
// `[functions.<name>] verify_jwt` of config.toml only for lower-case names (it case-folds the
// keys, supabase/cli#3397), and that check refuses the new API keys, which are not JWTs.
//
// How a token is checked depends on how the project signs its tokens:
// - asymmetric signing keys (ES256/RS256/EdDSA with a kid): the signature is verified here
//   against the project's public keys, SUPABASE_JWKS as the platform passes them, else
//   <SUPABASE_URL>/auth/v1/.well-known/jwks.json (fetched once and cached by jose; an unknown
//   kid fetches again, so a rotated key is found). No round trip per call, and the check does
//   not depend on the auth server being up.
// - the legacy JWT secret (HS256): a function is not given that secret (hosted does not pass
//   it, and secrets named SUPABASE_* cannot be set), so the auth server decides: GET
//   /auth/v1/user with the token answers the user only for a valid, unexpired token of an
//   existing user whose session still exists. The same question settles an asymmetric token
//   whose key set cannot be fetched (supabase-js' getClaims does the same).
// A token that is not a user's (the anon key, a service-role key, an API key sb_…) is refused
// before either: a user's token has role `authenticated`, a subject and an expiry. Refused is
// 401 not_authenticated; an auth server that cannot be reached is 502 upstream_error, which is
// not the caller's fault. A token verified by keys is as good as its exp: one of a session
// signed out elsewhere stays valid until it expires (jwt_expiry), for PostgREST just the same.
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { FunctionEnv } from './env.ts';
import { anonClient, errorResponse, preflight, readJsonObject } from './http.ts';

export interface Caller {
  /** the Authorization header as received, forwarded to PostgREST */
  authorization: string;
  userId: string;
}

const ASYMMETRIC = ['ES256', 'RS256', 'EdDSA'];

/** jose's codes for a token that is not good; any other failure means the keys could not be had. */
const REFUSALS: ReadonlySet<string> = new Set([
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWS_INVALID',
  'ERR_JWT_INVALID',
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
]);

const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Where the project publishes its public signing keys (hosted, the CLI's stack and ours). */
export function jwksUrl(supabaseUrl: string): URL {
  return new URL('auth/v1/.well-known/jwks.json', supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`);
}

/** One resolver per project URL: jose keeps the fetched set in it. */
function remoteKeySet(supabaseUrl: string) {
  let keySet = remoteKeySets.get(supabaseUrl);
  if (!keySet) remoteKeySets.set(supabaseUrl, (keySet = createRemoteJWKSet(jwksUrl(supabaseUrl))));
  return keySet;
}

const unauthenticated = () => errorResponse(401, 'not_authenticated', 'Sign in first: a user access token is required.');

/** A user's claims: role authenticated, a subject, an expiry still ahead. */
function userOf(claims: JWTPayload): string | null {
  const live = typeof claims.exp === 'number' && claims.exp > Date.now() / 1000;
  return live && claims.role === 'authenticated' && typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
}

type Verdict = 'valid' | 'refused' | 'keys_unavailable';

async function verifyWithKeys(token: string, kid: string, env: FunctionEnv): Promise<Verdict> {
  const inline = env.jwks?.keys.some((key) => key.kid === kid) ? createLocalJWKSet(env.jwks) : null;
  try {
    const { payload } = await jwtVerify(token, inline ?? remoteKeySet(env.SUPABASE_URL), { algorithms: ASYMMETRIC });
    return userOf(payload) ? 'valid' : 'refused';
  } catch (error) {
    return REFUSALS.has(String((error as { code?: unknown }).code)) ? 'refused' : 'keys_unavailable';
  }
}

async function askAuthServer(token: string, userId: string, env: FunctionEnv): Promise<Verdict | Response> {
  const { data, error } = await anonClient(env).auth.getUser(token);
  if (!error) return data.user?.id === userId ? 'valid' : 'refused';
  const status = error.status ?? 0;
  if (status >= 400 && status < 500) return 'refused';
  return errorResponse(502, 'upstream_error', 'The sign-in service could not be reached.');
}

/** The verified caller, or the answer to send: 401 not_authenticated, 502 upstream_error. */
export async function verifyCaller(req: Request, env: FunctionEnv): Promise<Caller | Response> {
  const match = /^bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim());
  if (!match) return unauthenticated();
  const token = match[1] as string;
  let alg: unknown;
  let kid: unknown;
  let userId: string | null;
  try {
    ({ alg, kid } = decodeProtectedHeader(token));
    userId = userOf(decodeJwt(token));
  } catch {
    return unauthenticated();
  }
  if (!userId) return unauthenticated();
  let verdict: Verdict | Response = 'keys_unavailable';
  if (typeof alg === 'string' && ASYMMETRIC.includes(alg) && typeof kid === 'string') verdict = await verifyWithKeys(token, kid, env);
  if (verdict === 'keys_unavailable') verdict = await askAuthServer(token, userId, env);
  if (verdict instanceof Response) return verdict;
  return verdict === 'valid' ? { authorization: `Bearer ${token}`, userId } : unauthenticated();
}

/**
 * The start of a patient's POST: the preflight, the verified caller and the body as a JSON
 * object — or the answer to send (OPTIONS, 405, 401, 400 invalid_json).
 */
export async function callerRequest(req: Request, env: FunctionEnv): Promise<{ caller: Caller; body: Record<string, unknown> } | Response> {
  const early = preflight(req);
  if (early) return early;
  const caller = await verifyCaller(req, env);
  if (caller instanceof Response) return caller;
  const body = await readJsonObject(req);
  if (body instanceof Response) return body;
  return { caller, body };
}
