// The JWT step of a PostgREST request: the bearer token (or the apikey header, as Kong
// forwards it) verified with the stack's secret; PGRST301/302/303 as 401 otherwise.
import { bearerOf, JwtError, verifyJwt, type Claims } from '../jwt.ts';
import { RestError } from './errors.ts';

/** Roles the authenticator may switch to on hosted Supabase. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

const invalidToken = (code: string, message: string) =>
  new RestError(401, code, message, null, null, { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` });

export async function authenticate(req: Request, secret: string): Promise<Claims> {
  const token = bearerOf(req);
  if (!token) {
    throw new RestError(401, 'PGRST302', 'No API key found in request', null, 'No `apikey` request header or url param was found.', {
      'WWW-Authenticate': 'Bearer',
    });
  }
  const parts = token.split('.').length;
  if (parts !== 3) throw invalidToken('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  let claims: Claims;
  try {
    claims = await verifyJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError && error.code === 'expired') throw invalidToken('PGRST303', 'JWT expired');
    throw invalidToken('PGRST301', 'JWT cryptographic operation failed');
  }
  if (claims.role !== undefined && (typeof claims.role !== 'string' || !API_ROLES.has(claims.role))) {
    throw new RestError(401, '42501', `permission denied to set role "${String(claims.role)}"`, null, null, { 'WWW-Authenticate': 'Bearer' });
  }
  return claims;
}

export const roleOf = (claims: Claims | null) => (typeof claims?.role === 'string' ? claims.role : 'anon');
