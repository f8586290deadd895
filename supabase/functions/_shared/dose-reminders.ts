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
// gives the claim back for the next run. 200 {sent, gone, retry, rejected, deferred}.
// Issue 37: only push services' endpoints are posted to (web-push/push-endpoint.ts), without
// following a redirect; each push has a timeout and a run its budget (SEND_LIMITS), so a run
// ends in bounded time whatever the endpoints do; a device deleted during a run costs only itself.
// GET (anyone): {publicKey}, the VAPID public key a browser subscribes with.
//
// The payload (JSON, see ReminderPayload) has no medication name unless the device chose them;
// the service worker writes the notification in the patient's language from it (sw/reminders.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';
import { CORS_HEADERS, errorResponse, json } from './http.ts';
import type { ReminderSecrets } from './reminder-secrets.ts';
import { signReminderToken, type IntakePeriod } from './web-push/reminder-token.ts';
import { isPushServiceEndpoint } from './web-push/push-endpoint.ts';
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
  /** claimed but not pushed before the run's time ran out: given back for the next run */
  deferred: number;
}

/** How much one run may take, whatever the endpoints do (a push service that never answers). */
export interface SendLimits {
  /** claims one run takes; the others stay due for the next run within the hour */
  maxClaims: number;
  /** pushes under way at once */
  concurrency: number;
  /** a push without an answer by then is aborted (retried by the next run) */
  pushTimeoutMs: number;
  /** no push starts after this, those under way are aborted, the rest is given back */
  runBudgetMs: number;
}

/**
 * Within the scheduler's own call (pg_net waits 30 s) and far below the platform's wall-clock
 * limit of a function: 500 claims, 16 at once, 5 s each at most, 20 s a run.
 */
export const SEND_LIMITS: SendLimits = { maxClaims: 500, concurrency: 16, pushTimeoutMs: 5000, runBudgetMs: 20_000 };

export interface SendDueOptions {
  /** a client with the secret key (the RPCs are the service role's only) */
  db: SupabaseClient;
  now: Date;
  vapid: VapidSender;
  tokenSecret: string;
  fetch: typeof fetch;
  /** push to http://127.0.0.1 too: the tests' stand-in push service (the local stack's test mode only) */
  allowLoopback?: boolean;
  limits?: Partial<SendLimits>;
}

type ClaimKey = Pick<Claim, 'endpoint' | 'day' | 'period' | 'round'>;

async function payloadOf(claim: Claim, tokenSecret: string): Promise<ReminderPayload> {
  return {
    v: 1,
    kind: 'dose-reminder',
    lang: claim.language === 'fr' ? 'fr' : 'de',
    day: claim.day,
    period: claim.period,
    round: claim.round,
    names: claim.show_names ? (claim.names ?? []) : null,
    token: await signReminderToken({ customerId: claim.customer_id, day: claim.day, period: claim.period }, { secret: tokenSecret }),
  };
}

/**
 * Claims what is due at `now` and pushes it, `concurrency` at a time. Only to push services
 * (push-endpoint.ts): any other endpoint is `rejected` without a request. Each push has its own
 * timeout and the run a budget; what was not pushed by its end is given back. One device's
 * failure — its push, or recording its outcome (the device deleted meanwhile) — costs only that
 * device; only a claim that fails as a whole throws.
 */
export async function sendDueReminders(options: SendDueOptions): Promise<SendSummary> {
  const { db, now } = options;
  const limits = { ...SEND_LIMITS, ...options.limits };
  const claimed = await db.rpc('dose_reminders_claim', { p_now: now.toISOString(), p_max: limits.maxClaims });
  if (claimed.error) throw new Error(`dose_reminders_claim: ${claimed.error.message}`);
  const queue = [...((claimed.data ?? []) as Claim[])];
  const summary: SendSummary = { sent: 0, gone: 0, retry: 0, rejected: 0, deferred: 0 };
  const runOver = AbortSignal.timeout(limits.runBudgetMs);

  const pushOne = async (claim: Claim): Promise<PushOutcome> => {
    if (!isPushServiceEndpoint(claim.endpoint, { allowLoopback: options.allowLoopback ?? false })) {
      return { kind: 'rejected', status: 0, body: 'not a push service' };
    }
    try {
      return await sendPush({ endpoint: claim.endpoint, keys: { p256dh: claim.p256dh, auth: claim.auth } }, JSON.stringify(await payloadOf(claim, options.tokenSecret)), {
        vapid: options.vapid,
        ttl: REMINDER_TTL_S,
        urgency: 'high',
        topic: `dose-${claim.period}`,
        fetch: options.fetch,
        now,
        signal: AbortSignal.any([AbortSignal.timeout(limits.pushTimeoutMs), runOver]),
      });
    } catch {
      // a stored subscription whose keys are not keys: no push service will ever take it
      return { kind: 'rejected', status: 0, body: 'invalid subscription' };
    }
  };

  const worker = async () => {
    while (queue.length > 0 && !runOver.aborted) {
      const claim = queue.shift() as Claim;
      const outcome = await pushOne(claim);
      summary[outcome.kind] += 1;
      // a device deleted meanwhile has nothing to record; an error here is this device's alone
      await db
        .rpc('dose_reminder_outcome', {
          p_endpoint: claim.endpoint,
          p_day: claim.day,
          p_period: claim.period,
          p_round: claim.round,
          p_outcome: outcome.kind,
          p_now: now.toISOString(),
        })
        .then(
          () => undefined,
          () => undefined,
        );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limits.concurrency, queue.length)) }, worker));

  if (queue.length > 0) {
    const left: ClaimKey[] = queue.map(({ endpoint, day, period, round }) => ({ endpoint, day, period, round }));
    summary.deferred = left.length;
    await db.rpc('dose_reminders_release', { p_claims: left }).then(
      () => undefined,
      () => undefined,
    );
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
      allowLoopback: env.allowLoopbackPush ?? false,
    });
    return json(summary);
  } catch (error) {
    return errorResponse(502, 'upstream_error', error instanceof Error ? error.message : String(error));
  }
}
