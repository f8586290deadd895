// doseReminders (issue 28): sends the dose reminders that are due now.
//
// POST with `Authorization: Bearer <REMINDER_SCHEDULER_SECRET>` (pg_cron through pg_net every
// five minutes on a hosted project, the local stack's timer every minute): the database claims
// what is due (public.dose_reminders_claim: a period whose time in Europe/Zurich lies 0-59 minutes
// back, or a "later" due so, for patients with a dose of it not yet marked, one claim per device,
// day, period and round), then each claimed device gets one push: aes128gcm (RFC 8291), VAPID
// (RFC 8292), TTL one hour (a reminder older than that is no longer one), urgency high, the
// period as topic (an undelivered older one of the same period is replaced). The outcome goes
// back (public.dose_reminder_outcome): a device the push service calls gone is deleted, a retry
// gives the claim back for the next run. 200 {sent, gone, retry, rejected}.
// GET (anyone): {publicKey}, the VAPID public key a browser subscribes with.
//
// The payload (JSON, see ReminderPayload) has no medication name unless the device chose them;
// the service worker writes the notification in the patient's language from it (sw/reminders.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';
import { CORS_HEADERS, errorResponse, json } from './http.ts';
import type { ReminderSecrets } from './reminder-secrets.ts';
import { signReminderToken, type IntakePeriod } from './web-push/reminder-token.ts';
import { sendPush, type PushOutcome } from './web-push/send.ts';
import { importVapidKeys, type VapidSender } from './web-push/vapid.ts';

/** What a reminder push carries (shared with the service worker, sw/reminders.ts). */
export interface ReminderPayload {
  v: 1;
  kind: 'dose-reminder';
  lang: 'de' | 'fr';
  day: string;
  period: IntakePeriod;
  /** 0: the period's reminder; 1, 2, …: after "remind me later" */
  round: number;
  /** only when the device chose to see them */
  names: string[] | null;
  /** the capability to record "taken" or ask for "later" (doseReminderAction) */
  token: string;
}

/** A reminder older than this is not sent by the push service either (RFC 8030 §5.2). */
export const REMINDER_TTL_S = 60 * 60;

interface Claim {
  endpoint: string;
  p256dh: string;
  auth: string;
  show_names: boolean;
  customer_id: string;
  language: string;
  day: string;
  period: IntakePeriod;
  round: number;
  due_at: string;
  names: string[] | null;
}

export interface SendSummary {
  sent: number;
  gone: number;
  retry: number;
  rejected: number;
}

export interface SendDueOptions {
  /** a client with the secret key (the RPCs are the service role's only) */
  db: SupabaseClient;
  now: Date;
  vapid: VapidSender;
  tokenSecret: string;
  fetch: typeof fetch;
}

/** Claims what is due at `now` and pushes it, one device after another. */
export async function sendDueReminders(options: SendDueOptions): Promise<SendSummary> {
  const { db, now } = options;
  const claimed = await db.rpc('dose_reminders_claim', { p_now: now.toISOString() });
  if (claimed.error) throw new Error(`dose_reminders_claim: ${claimed.error.message}`);
  const summary: SendSummary = { sent: 0, gone: 0, retry: 0, rejected: 0 };
  for (const claim of (claimed.data ?? []) as Claim[]) {
    const payload: ReminderPayload = {
      v: 1,
      kind: 'dose-reminder',
      lang: claim.language === 'fr' ? 'fr' : 'de',
      day: claim.day,
      period: claim.period,
      round: claim.round,
      names: claim.show_names ? (claim.names ?? []) : null,
      token: await signReminderToken({ customerId: claim.customer_id, day: claim.day, period: claim.period }, { secret: options.tokenSecret }),
    };
    let outcome: PushOutcome;
    try {
      outcome = await sendPush({ endpoint: claim.endpoint, keys: { p256dh: claim.p256dh, auth: claim.auth } }, JSON.stringify(payload), {
        vapid: options.vapid,
        ttl: REMINDER_TTL_S,
        urgency: 'high',
        topic: `dose-${claim.period}`,
        fetch: options.fetch,
        now,
      });
    } catch {
      // a stored subscription whose keys are not keys: no push service will ever take it
      outcome = { kind: 'rejected', status: 0, body: 'invalid subscription' };
    }
    summary[outcome.kind] += 1;
    const recorded = await db.rpc('dose_reminder_outcome', {
      p_endpoint: claim.endpoint,
      p_day: claim.day,
      p_period: claim.period,
      p_round: claim.round,
      p_outcome: outcome.kind,
      p_now: now.toISOString(),
    });
    if (recorded.error) throw new Error(`dose_reminder_outcome: ${recorded.error.message}`);
  }
  return summary;
}

const senders = new WeakMap<ReminderSecrets, Promise<VapidSender>>();

/** The VAPID sender of these secrets, imported once. */
export function vapidSenderOf(secrets: ReminderSecrets): Promise<VapidSender> {
  let sender = senders.get(secrets);
  if (!sender) {
    sender = importVapidKeys({ publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey }).then((keys) => ({ keys, subject: secrets.vapidSubject }));
    senders.set(secrets, sender);
  }
  return sender;
}

/** Constant-time comparison of the scheduler's bearer (a timing difference must not spell it out). */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i % a.length] ?? 0) ^ (b[i % b.length] ?? 0);
  return diff === 0 && a.length > 0;
}

export async function handleDoseReminders(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { status: 200, headers: { ...CORS_HEADERS, 'access-control-allow-methods': 'GET, POST, OPTIONS' } });
  const secrets = env.reminders ?? null;
  if (!secrets) return errorResponse(503, 'reminders_not_configured', 'VAPID keys and reminder secrets are not set.');
  if (req.method === 'GET') return json({ publicKey: secrets.vapidPublicKey });
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use GET or POST.');
  const bearer = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(bearer, secrets.schedulerSecret)) return errorResponse(401, 'not_authenticated', 'The scheduler secret is required.');
  await req.body?.cancel();
  if (!env.secretKey) return errorResponse(500, 'server_misconfigured', 'The secret key is not set.');
  const db = env.createClient(env.SUPABASE_URL, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  try {
    const summary = await sendDueReminders({
      db,
      now: env.now?.() ?? new Date(),
      vapid: await vapidSenderOf(secrets),
      tokenSecret: secrets.tokenSecret,
      fetch: env.pushFetch ?? fetch,
    });
    return json(summary);
  } catch (error) {
    return errorResponse(502, 'upstream_error', error instanceof Error ? error.message : String(error));
  }
}
