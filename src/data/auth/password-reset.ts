// Password reset (spec §4, §7): POST /recover mails a link that leads to
// /profile/password/reset; supabase-js reads the session from that URL and fires
// PASSWORD_RECOVERY. The patient then sets a new password with PUT /user, which also
// clears the forced-change flag (user_metadata.require_pw_reset = false).
import type { Lang } from '../../i18n/languages';
// supabase-js comes with the first call, not with the screens' chunks: the password pages show
// before it has arrived (a returning patient's data layer brings it after the screen)
import { appClient } from '../app-client';
import type { AppClient } from '../supabase-client';
import { trackUsage } from '../usage';
import { authFailure, authOk, guarded, type AuthResult } from './auth-result';
import { retryOnce } from './retry';
import { paths } from '../../domain/paths';

/** Where the reset link leads (spec §7 "redirect to /profile/password/reset"). */
export function passwordResetRedirect(origin: string | undefined = globalThis.location?.origin): string | undefined {
  return origin ? `${origin}${paths.profilePassword.href(true)}` : undefined;
}

/**
 * Asks for a reset link. The answer is the same whether the address exists or not (the
 * server answers {} either way), so the UI never reveals it. `lang` is the language the
 * patient uses now; the mail's subject comes from the account's stored metadata.
 */
export function requestPasswordReset(
  email: string,
  lang: Lang,
  client?: AppClient,
  redirectTo: string | undefined = passwordResetRedirect(),
): Promise<AuthResult<void>> {
  trackUsage('passwordResetRequest', { lang });
  return retryOnce(() =>
    guarded(async () => {
      const { error } = await (client ?? (await appClient())).auth.resetPasswordForEmail(email, redirectTo ? { redirectTo } : undefined);
      return error ? authFailure(error) : authOk(undefined);
    }),
  );
}

/**
 * Sets the new password of the signed-in patient (after a reset link, a forced change or
 * from the profile) and clears require_pw_reset (spec §7 PUT /user). A same_password
 * answer comes back as kind 'samePassword' (spec §8).
 */
export function setNewPassword(password: string, client?: AppClient): Promise<AuthResult<void>> {
  return retryOnce(() =>
    guarded(async () => {
      const { error } = await (client ?? (await appClient())).auth.updateUser({ password, data: { require_pw_reset: false } });
      if (error) return authFailure(error);
      (await import('./session-store')).sessionStore.clearRecovery();
      trackUsage('passwordChange', {});
      return authOk(undefined);
    }),
  );
}
