// JWT verification shared by every service of the local stack (PostgREST, Realtime,
// functions, auth): HS256 with the stack's secret, exp/nbf/iat with PostgREST's 30 s skew.
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type Claims = JWTPayload & { role?: string; sub?: string; aal?: string; session_id?: string };

export class JwtError extends Error {
  constructor(
    readonly code: 'missing' | 'invalid' | 'expired',
    message: string,
  ) {
    super(message);
  }
}

const keyCache = new Map<string, Uint8Array>();
const keyOf = (secret: string) => {
  let key = keyCache.get(secret);
  if (!key) keyCache.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
};

/** PostgREST's clock skew for exp/nbf/iat, in seconds */
const CLOCK_TOLERANCE = 30;
/** Verified tokens, as PostgREST's JWT cache keeps them: every request of a session carries the
 *  same token, and an HMAC verification costs more than the rest of a small read's planning. */
const verified = new Map<string, { secret: string; claims: Claims }>();
const VERIFIED_MAX = 1000;

export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    // a cached token is still checked for expiry on every use
    if (typeof hit.claims.exp === 'number' && hit.claims.exp + CLOCK_TOLERANCE < Date.now() / 1000) {
      verified.delete(token);
      throw new JwtError('expired', 'JWT expired');
    }
    return hit.claims;
  }
  let claims: Claims;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], clockTolerance: CLOCK_TOLERANCE });
    claims = payload as Claims;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', 'invalid JWT');
  }
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { secret, claims });
  return claims;
}

/** The bearer token of a request, else its apikey header (as Kong forwards it), else null. */
export function bearerOf(req: Request): string | null {
  const auth = req.headers.get('authorization');
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || null;
  return req.headers.get('apikey');
}

export async function signJwt(claims: Claims, secret: string, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(keyOf(secret));
}
