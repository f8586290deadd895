// Sending the mailed tokens: the redirect a mail links to, the per-address mail quota, and the
// confirmation, reset and magic-link mails (used by sign-up, /recover, /otp and /resend).
import { type Call, type Ctx } from './context.ts';
import { emailRateLimit } from './errors.ts';
import { allowedRedirect } from './http.ts';
import { mailToken, setToken, type Pkce } from './otp.ts';
import { userMetadataOf, type UserRow } from './users.ts';

export const redirectOf = (call: Call, candidate?: string | null) =>
  allowedRedirect(candidate ?? call.url.searchParams.get('redirect_to'), call.ctx.config.siteUrl, call.ctx.config.apiUrl);

/** Counts one mail requested for `address`; 429 over_email_send_rate_limit past the limit. */
export function takeEmailQuota(ctx: Ctx, address: string): void {
  ctx.limiter.take(`mail:${address.toLowerCase()}`, ctx.limits.emailsPerAddress, emailRateLimit);
}

/** Stores a confirmation token and mails it (sign-up confirmation). Quota taken by the caller. */
export async function sendConfirmation(ctx: Ctx, user: UserRow, redirectTo: string, pkce: Pkce | null): Promise<void> {
  const email = user.email ?? '';
  const token = await ctx.db.transaction((tx) => setToken(tx, ctx, user, 'confirmation', email, pkce, 'email/signup'));
  await mailToken(ctx, 'signup', email, token, redirectTo, userMetadataOf(user));
}

/** Stores a recovery token and mails it as a reset link or a magic link. Quota taken by the caller. */
export async function sendRecoveryKind(ctx: Ctx, user: UserRow, kind: 'recovery' | 'magiclink', redirectTo: string, pkce: Pkce | null) {
  const email = user.email ?? '';
  const token = await ctx.db.transaction((tx) => setToken(tx, ctx, user, 'recovery', email, pkce, kind));
  await mailToken(ctx, kind, email, token, redirectTo, userMetadataOf(user));
}
