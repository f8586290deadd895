// Account settings of the signed-in user (spec §4 E-mail change, §1 language, §7 PUT /user
// and POST /verify). No React; every command answers an AuthResult, never throws.
import type { Lang } from '../../i18n/languages';
import { supabase, type AppClient } from '../supabase-client';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';
import { refreshNow } from './fresh-session';
import { languageMetadata, mailSubjects } from './mail-subjects';
import { appSessionlessAuth, type SessionlessAuth } from './sessionless-auth';
import { paths } from '../../domain/paths';

/** Where the link in the e-mail-change mail leads: back to the e-mail page of this app. */
export function emailChangeRedirect(origin: string | undefined = globalThis.location?.origin): string | undefined {
  return origin ? `${origin}${paths.profileEmail.href()}` : undefined;
}

/**
 * Step 1 of the e-mail change: PUT /user { email, data: { passwordResetSubject, emailSubject } }.
 * The auth service mails a 6-digit code (and a link) to the new address, with the subject of `lang`.
 */
export function requestEmailChange(
  newEmail: string,
  lang: Lang,
  client: AppClient = supabase(),
  redirectTo: string | undefined = emailChangeRedirect(),
): Promise<AuthResult<void>> {
  return guarded(async () => {
    const data = await mailSubjects(lang);
    const { error } = await client.auth.updateUser({ email: newEmail, data: { ...data } }, redirectTo ? { emailRedirectTo: redirectTo } : undefined);
    return error ? authFailure(error) : authOk(undefined);
  });
}

/**
 * Step 2: POST /verify { type: 'email_change', email: <new>, token }, sent by a client that keeps
 * no session (sessionless-auth.ts): the patient's session stays as it is — with two-factor on,
 * still confirmed by the authenticator — until the next login (spec §4). The session GoTrue
 * answers for the code is ended at once; the patient's token is then renewed, so it names the
 * new address (a refresh keeps the session and its assurance level). Neither is waited for by
 * the outcome: the address is changed once /verify said so.
 */
export function confirmEmailChange(
  newEmail: string,
  code: string,
  client: AppClient = supabase(),
  verifier: SessionlessAuth = appSessionlessAuth(),
): Promise<AuthResult<void>> {
  return guarded(async () => {
    const { data, error } = await verifier.verifyOtp({ type: 'email_change', email: newEmail, token: code });
    if (error) return authFailure(error);
    await Promise.allSettled([data.session ? verifier.signOut({ scope: 'local' }) : null, renewToken(client)]);
    return authOk(undefined);
  });
}

/** One refresh of the patient's token (refreshNow: never two for a token close to expiry). */
async function renewToken(client: AppClient): Promise<void> {
  const { data } = await client.auth.getSession();
  if (data.session) await refreshNow(client.auth, data.session);
}

/** Spec §1: the user's stored language and the localized subjects of the account mails. */
export function saveLanguage(lang: Lang, client: AppClient = supabase()): Promise<AuthResult<void>> {
  return guarded(async () => {
    const { error } = await client.auth.updateUser({ data: { ...(await languageMetadata(lang)) } });
    return error ? authFailure(error) : authOk(undefined);
  });
}
