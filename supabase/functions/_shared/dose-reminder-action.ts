// doseReminderAction (issue 28): what the service worker posts when the patient taps an action
// of a dose reminder — with the app closed and maybe no session left. The reminder's capability
// token (web-push/reminder-token.ts) is the only authority: it names the patient, the Zurich day
// and the intake period, and expires at the end of the next day.
//
// POST {token, action: 'taken' | 'later', at?: ISO time of the tap on the device}
// - taken: every dose of that period marked taken at `at` (default: now) by
//   public.dose_reminder_taken, through the dose marks' later-mark-wins trigger: a second call
//   changes nothing, a mark made later in the app still wins. 200 {marked: <doses>}
// - later: one more reminder in 30 minutes (public.dose_reminder_later). 200 {due_at}
// Refusals: 400 invalid_json / invalid_request; 403 invalid_token {reason: malformed |
// bad_signature | expired | wrong_purpose}; 503 reminders_not_configured; 502 upstream_error.
import type { FunctionEnv } from './env.ts';
import { errorResponse, json, preflight, readJsonObject } from './http.ts';
import { verifyReminderToken } from './web-push/reminder-token.ts';

/** The worker's device id in the marks it records (compareMarks breaks ties of equal instants by it). */
export const NOTIFICATION_DEVICE_ID = 'notification';

/** A device clock this far off is not the time of the tap (the trigger clamps the future anyway). */
const MAX_SKEW_MS = 2 * 24 * 60 * 60 * 1000;

export async function handleDoseReminderAction(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  const secrets = env.reminders ?? null;
  if (!secrets) return errorResponse(503, 'reminders_not_configured', 'Reminder secrets are not set.');
  const body = await readJsonObject(req);
  if (body instanceof Response) return body;
  const { token, action, at } = body;
  if (typeof token !== 'string' || (action !== 'taken' && action !== 'later')) {
    return errorResponse(400, 'invalid_request', 'Expected {token, action: "taken" | "later", at?}.');
  }
  const now = env.now?.() ?? new Date();
  let markedAt = now;
  if (at !== undefined) {
    const t = typeof at === 'string' ? Date.parse(at) : Number.NaN;
    if (Number.isNaN(t) || Math.abs(t - now.getTime()) > MAX_SKEW_MS) return errorResponse(400, 'invalid_request', '`at` must be an ISO time near now.');
    markedAt = new Date(t);
  }
  const verified = await verifyReminderToken(token, { secret: secrets.tokenSecret, now });
  if (!verified.ok) return errorResponse(403, 'invalid_token', 'The reminder is not valid (any more).', { reason: verified.error });
  const { customerId, day, period } = verified.value;
  if (!env.secretKey) return errorResponse(500, 'server_misconfigured', 'The secret key is not set.');
  const db = env.createClient(env.SUPABASE_URL, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  if (action === 'taken') {
    const res = await db.rpc('dose_reminder_taken', { p_customer_id: customerId, p_day: day, p_period: period, p_marked_at: markedAt.toISOString(), p_device_id: NOTIFICATION_DEVICE_ID });
    if (res.error) return errorResponse(502, 'upstream_error', res.error.message);
    return json({ marked: res.data as number });
  }
  const res = await db.rpc('dose_reminder_later', { p_customer_id: customerId, p_day: day, p_period: period, p_now: now.toISOString() });
  if (res.error) return errorResponse(502, 'upstream_error', res.error.message);
  return json({ due_at: res.data as string | null });
}
