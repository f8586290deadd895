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
// Issue 41 item 4: the same run pushes the missed-dose alerts — to a helper's devices, when a
// period's doses of a person they asked about are still unmarked 60 minutes after its time
// (public.missed_dose_alerts_claim: once per device, person, day and period; medication names
// only when that person allows them). They count apart (`alerts` in the answer).
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

/** What a missed-dose alert carries to a helper's device (shared with the service worker, sw/reminders.ts). */
export interface MissedDoseAlertPayload {
  v: 1;
  kind: 'missed-dose';
  /** the helper's language */
  lang: 'de' | 'fr';
  /** the person's first name, as the helper knows them ('' when none is stored) */
  person: string;
  day: string;
  period: IntakePeriod;
  /** only when the person allows them */
  names: string[] | null;
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

interface AlertClaim {
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  patient_id: string;
  patient_name: string;
  day: string;
  period: IntakePeriod;
  due_at: string;
  names: string[] | null;
}

export interface PushCounts {
  sent: number;
  gone: number;
  retry: number;
  rejected: number;
  /** claimed but not pushed before the run's time ran out: given back for the next run */
  deferred: number;
}

/** The reminders' counts, and the missed-dose alerts' apart. */
export interface SendSummary extends PushCounts {
  alerts: PushCounts;
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

const alertPayloadOf = (claim: AlertClaim): MissedDoseAlertPayload => ({
  v: 1,
  kind: 'missed-dose',
  lang: claim.language === 'fr' ? 'fr' : 'de',
  person: claim.patient_name,
  day: claim.day,
  period: claim.period,
  names: claim.names,
});

/** One push of a run: to whom, what, and where its outcome goes. */
interface PushJob {
  endpoint: string;
  p256dh: string;
  auth: string;
  topic: string;
  /** what identifies its claim, to give it back when the run's time ran out */
  key: object;
  payload: () => Promise<unknown>;
  record: (outcome: PushOutcome['kind']) => PromiseLike<unknown>;
}

/**
 * Pushes `queue`, `concurrency` at a time, each with its timeout and all within the run's budget;
 * answers the counts and what was not pushed in time (left in `queue`).
 */
async function pushQueue(queue: PushJob[], options: SendDueOptions, limits: SendLimits, runOver: AbortSignal): Promise<PushCounts> {
  const counts: PushCounts = { sent: 0, gone: 0, retry: 0, rejected: 0, deferred: 0 };
  const pushOne = async (job: PushJob): Promise<PushOutcome> => {
    if (!isPushServiceEndpoint(job.endpoint, { allowLoopback: options.allowLoopback ?? false })) {
      return { kind: 'rejected', status: 0, body: 'not a push service' };
    }
    try {
      return await sendPush({ endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } }, JSON.stringify(await job.payload()), {
        vapid: options.vapid,
        ttl: REMINDER_TTL_S,
        urgency: 'high',
        topic: job.topic,
        fetch: options.fetch,
        now: options.now,
        signal: AbortSignal.any([AbortSignal.timeout(limits.pushTimeoutMs), runOver]),
      });
    } catch {
      // a stored subscription whose keys are not keys: no push service will ever take it
      return { kind: 'rejected', status: 0, body: 'invalid subscription' };
    }
  };
  const worker = async () => {
    while (queue.length > 0 && !runOver.aborted) {
      const job = queue.shift() as PushJob;
      const outcome = await pushOne(job);
      counts[outcome.kind] += 1;
      // a device deleted meanwhile has nothing to record; an error here is this device's alone
      await job.record(outcome.kind).then(
        () => undefined,
        () => undefined,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limits.concurrency, queue.length)) }, worker));
  counts.deferred = queue.length;
  return counts;
}

/**
 * Claims what is due at `now` and pushes it, `concurrency` at a time: the reminders, then the
 * missed-dose alerts. Only to push services (push-endpoint.ts): any other endpoint is `rejected`
 * without a request. Each push has its own timeout and the run a budget; what was not pushed by
 * its end is given back. One device's failure — its push, or recording its outcome (the device
 * deleted meanwhile) — costs only that device; only a claim that fails as a whole throws.
 */
export async function sendDueReminders(options: SendDueOptions): Promise<SendSummary> {
  const { db } = options;
  const limits = { ...SEND_LIMITS, ...options.limits };
  const runOver = AbortSignal.timeout(limits.runBudgetMs);
  const at = options.now.toISOString();

  /** One kind of claim: claimed, pushed, and what was not pushed in time given back. */
  const send = async <C>(claimRpc: string, releaseRpc: string, job: (claim: C) => PushJob): Promise<PushCounts> => {
    // a run whose time is over claims nothing it would only give back
    if (runOver.aborted) return { sent: 0, gone: 0, retry: 0, rejected: 0, deferred: 0 };
    const claimed = await db.rpc(claimRpc, { p_now: at, p_max: limits.maxClaims });
    if (claimed.error) throw new Error(`${claimRpc}: ${claimed.error.message}`);
    const queue = ((claimed.data ?? []) as C[]).map(job);
    const counts = await pushQueue(queue, options, limits, runOver);
    if (queue.length > 0) {
      await db.rpc(releaseRpc, { p_claims: queue.map((left) => left.key) }).then(
        () => undefined,
        () => undefined,
      );
    }
    return counts;
  };

  const reminders = await send<Claim>('dose_reminders_claim', 'dose_reminders_release', (claim) => ({
    ...claim,
    key: { endpoint: claim.endpoint, day: claim.day, period: claim.period, round: claim.round },
    topic: `dose-${claim.period}`,
    payload: () => payloadOf(claim, options.tokenSecret),
    record: (outcome) =>
      db.rpc('dose_reminder_outcome', { p_endpoint: claim.endpoint, p_day: claim.day, p_period: claim.period, p_round: claim.round, p_outcome: outcome, p_now: at }),
  }));
  const alerts = await send<AlertClaim>('missed_dose_alerts_claim', 'missed_dose_alerts_release', (claim) => ({
    ...claim,
    key: { endpoint: claim.endpoint, patient_id: claim.patient_id, day: claim.day, period: claim.period },
    topic: `missed-${claim.period}`,
    payload: async () => alertPayloadOf(claim),
    record: (outcome) =>
      db.rpc('missed_dose_alert_outcome', { p_endpoint: claim.endpoint, p_patient: claim.patient_id, p_day: claim.day, p_period: claim.period, p_outcome: outcome, p_now: at }),
  }));
  return { ...reminders, alerts };
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
