// Sign-in with e-mail and password (spec §7 POST /token?grant_type=password). The session
// store learns of the new session through the auth listener; this only reports failures,
// as a kind the login view turns into #av00 (429) or #av02 (spec §8).
import { appClient } from '../app-client';
import type { AppClient } from '../supabase-client';
import { trackUsage } from '../usage';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';
import { retryOnce } from './retry';

export function signIn(email: string, password: string, client?: AppClient): Promise<AuthResult<void>> {
  return retryOnce(() =>
    guarded(async () => {
      const { error } = await (client ?? (await appClient())).auth.signInWithPassword({ email, password });
      return error ? authFailure(error) : authOk(undefined);
    }),
  ).then((result) => {
    if (!result.ok) trackUsage('failedLogin', { kind: result.kind });
    return result;
  });
}
