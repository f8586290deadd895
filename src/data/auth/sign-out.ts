// Sign-out (spec §7 POST /logout). On success supabase-js fires SIGNED_OUT and the session
// store leaves for / with a full page load (session-store.ts). Without a connection the
// server cannot be told, and supabase-js then keeps the session; on a shared device the
// patient must still be able to leave, so the stored session is dropped here and the page
// reloads at / (the refresh token then simply expires on the server).
import { supabase, type AppClient, supabaseUrl } from '../supabase-client';
import { markExplicitSignOut, wipeLocalData } from '../local/wipe';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';

/** Where supabase-js keeps the session (its default key: sb-<first host label>-auth-token). */
export function storedSessionKey(url: string = supabaseUrl): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

export interface SignOutDeps {
  client?: AppClient;
  storage?: Pick<Storage, 'removeItem'> | undefined;
  leave?: () => void;
}

export async function signOut({
  client = supabase(),
  storage = globalThis.localStorage,
  leave = () => globalThis.location?.assign('/'),
}: SignOutDeps = {}): Promise<AuthResult<void>> {
  // the patient's own choice (the shell warned about unsent changes): the wipe takes everything
  markExplicitSignOut();
  const result = await guarded(async () => {
    const { error } = await client.auth.signOut();
    return error ? authFailure(error) : authOk(undefined);
  });
  if (!result.ok && (result.kind === 'offline' || result.kind === 'network' || result.kind === 'retryable')) {
    try {
      storage?.removeItem(storedSessionKey());
    } catch {
      // storage blocked: nothing was stored either
    }
    // the next page load starts signed out and would keep unsent changes: wipe now
    await wipeLocalData().catch(() => {});
    leave();
    return authOk(undefined);
  }
  return result;
}
