// POST /resend (GoTrue's resend.go): the sign-up confirmation or the e-mail change code again.
import { type Call, limitIp } from './context.ts';
import { AuthError, validationFailed } from './errors.ts';
import { json, readJson, str } from './http.ts';
import { mailToken, pkceParams, setToken } from './otp.ts';
import { redirectOf, sendConfirmation, takeEmailQuota } from './send-mail.ts';
import { isConfirmed, userByEmail, userMetadataOf, validateEmail } from './users.ts';

export async function resend(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const type = str(body, 'type') ?? '';
  if (type === 'sms' || type === 'phone_change') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const raw = str(body, 'email');
  if (!raw) {
    if (type === 'signup') throw validationFailed('Type provided requires an email address');
    throw validationFailed('Missing email address or phone number');
  }
  const email = validateEmail(raw);
  const pkce = pkceParams(body);
  limitIp(call);
  takeEmailQuota(ctx, email);
  const user = await userByEmail(ctx.db, email);
  if (!user) return json({});
  const redirectTo = redirectOf(call);
  if (type === 'signup') {
    if (isConfirmed(user)) return json({});
    await sendConfirmation(ctx, user, redirectTo, pkce);
  } else {
    const newEmail = user.email_change;
    if (!newEmail) return json({});
    const token = await ctx.db.transaction((tx) => setToken(tx, ctx, user, 'email_change', newEmail, pkce, 'email_change'));
    await mailToken(ctx, 'email_change', newEmail, token, redirectTo, userMetadataOf(user));
  }
  return json({});
}
