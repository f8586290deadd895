// Registration (spec §7 POST /signup): options.data carries the language, the platform and
// the localized subjects of the account mails, so the auth service writes later mails in
// the patient's language. With confirmations off (the local stack's and this project's
// setting) the answer is a session and the auth listener signs the patient in; with them
// on, the answer has no session and the patient confirms the mailed link first.
import type { Lang } from '../../i18n/languages';
import { appClient } from '../app-client';
import type { AppClient } from '../supabase-client';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';
import { languageMetadata } from './mail-subjects';
import { retryOnce } from './retry';
import { paths } from '../../domain/paths';

/** user_metadata.platform of accounts made here (the pharmacy's web shop has its own). */
export const PLATFORM = 'prescription-platform';

export interface SignUpOutcome {
  /** true when the patient is signed in now; false when a confirmation mail was sent */
  signedIn: boolean;
}

/** Where the confirmation link of a sign-up mail leads. */
export function signUpRedirect(origin: string | undefined = globalThis.location?.origin): string | undefined {
  return origin ? `${origin}${paths.dashboard.href()}` : undefined;
}

export function signUp(
  email: string,
  password: string,
  lang: Lang,
  client?: AppClient,
  redirectTo: string | undefined = signUpRedirect(),
): Promise<AuthResult<SignUpOutcome>> {
  return retryOnce(() =>
    guarded(async () => {
      const data = { ...(await languageMetadata(lang)), platform: PLATFORM };
      const { data: answer, error } = await (client ?? (await appClient())).auth.signUp({
        email,
        password,
        options: { data, ...(redirectTo ? { emailRedirectTo: redirectTo } : {}) },
      });
      return error ? authFailure(error) : authOk({ signedIn: !!answer.session });
    }),
  );
}
