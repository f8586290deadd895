// POST /recover (GoTrue's recover.go): a password-reset mail, answered {} whether or not the
// address is known.
import { type Call, limitIp } from './context.ts';
import { validationFailed } from './errors.ts';
import { json, readJson, str } from './http.ts';
import { pkceParams } from './otp.ts';
import { redirectOf, sendRecoveryKind, takeEmailQuota } from './send-mail.ts';
import { userByEmail, validateEmail } from './users.ts';

export async function recover(call: Call): Promise<Response> {
  const { ctx } = call;
  const body = await readJson(call.req);
  const raw = str(body, 'email');
  if (!raw) throw validationFailed('Password recovery requires an email');
  const email = validateEmail(raw);
  const pkce = pkceParams(body);
  limitIp(call);
  // counted whether or not the address is known, so a 429 reveals nothing either
  takeEmailQuota(ctx, email);
  const user = await userByEmail(ctx.db, email);
  if (user) await sendRecoveryKind(ctx, user, 'recovery', redirectOf(call), pkce);
  return json({});
}
