// Checks of a phx_join: the access token as Realtime confirms it (valid signature, not
// expired, claims role and exp present) and the postgres_changes bindings of config.
import type { Claims } from './visibility.ts';
import { JwtError, verifyJwt } from '../jwt.ts';
import type { Binding } from './delivery.ts';
import { parseFilter } from './filter.ts';
import { bindingId } from './phoenix.ts';

/** A join (or token) refusal; the message is the reply's `reason`, "<Code>: <text>" as Realtime words it. */
export class JoinError extends Error {}

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Verifies a token as Realtime does: valid signature, not expired, role and exp present. */
export async function confirmToken(token: string, secret: string): Promise<Claims> {
  let claims: Claims;
  try {
    claims = await verifyJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError && error.code === 'expired') throw new JoinError('InvalidJWTToken: Token has expired');
    throw new JoinError('JwtSignatureError: Failed to validate JWT signature');
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new JoinError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
  }
  return claims;
}

/** The postgres_changes bindings of a join payload, with their ids (echoed in the join reply). */
export function parseBindings(list: unknown): Binding[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new JoinError('InvalidJoinPayload: config.postgres_changes must be a list');
  return list.map((p) => {
    if (!isObject(p) || typeof p.schema !== 'string' || (p.event !== undefined && typeof p.event !== 'string')) {
      throw new JoinError('InvalidJoinPayload: postgres_changes entries need event and schema');
    }
    const event = String(p.event ?? '*').toUpperCase();
    if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) throw new JoinError(`InvalidJoinPayload: unknown event ${String(p.event)}`);
    if (p.table !== undefined && p.table !== null && typeof p.table !== 'string') throw new JoinError('InvalidJoinPayload: table must be a string');
    if (p.filter !== undefined && p.filter !== null && typeof p.filter !== 'string') throw new JoinError('InvalidJoinPayload: filter must be a string');
    const filter = typeof p.filter === 'string' && p.filter !== '' ? p.filter : null;
    let conditions;
    try {
      conditions = parseFilter(filter);
    } catch (error) {
      throw new JoinError(`InvalidJoinPayload: ${(error as Error).message}`);
    }
    return { id: bindingId(p), event, schema: p.schema, table: typeof p.table === 'string' && p.table !== '' ? p.table : null, filter, conditions, active: true };
  });
}
