// Sign-out at the auth service (spec §7 POST /logout). On success supabase-js fires
// SIGNED_OUT; the session's owner (src/data/session) then wipes the mirror and leaves for /.
// Without a connection the server cannot be told, and supabase-js then keeps the session; on
// a shared device the patient must still be able to leave, so the stored session is dropped
// here (the refresh token then simply expires on the server) and the answer says 'local':
// no SIGNED_OUT event will come, the owner ends the session itself.
import { supabase, type AppClient } from '../supabase-client';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';
import { storedSessionKey } from '../stored-session';


export interface SignOutDeps {
  client?: AppClient;
  storage?: Pick<Storage, 'removeItem'> | undefined;
}

/** 'server': signed out at the auth service (SIGNED_OUT follows); 'local': offline, only this device forgot the session. */
export type SignedOutWhere = 'server' | 'local';

export async function signOutOfAuth({ client = supabase(), storage = globalThis.localStorage }: SignOutDeps = {}): Promise<AuthResult<SignedOutWhere>> {
  const result = await guarded(async () => {
    const { error } = await client.auth.signOut();
    return error ? authFailure(error) : authOk<SignedOutWhere>('server');
  });
  if (!result.ok && (result.kind === 'offline' || result.kind === 'network' || result.kind === 'retryable')) {
    try {
      storage?.removeItem(storedSessionKey());
    } catch {
      // storage blocked: nothing was stored either
    }
    return authOk('local');
  }
  return result;
}
