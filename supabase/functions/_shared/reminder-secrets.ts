// The secrets of the dose reminders (issue 28): the VAPID key pair and its contact (RFC 8292),
// the key of the capability tokens a reminder carries (web-push/reminder-token.ts), and the
// secret the scheduler (pg_cron through pg_net, or the local stack's timer) sends as its bearer.
// Hosted: `supabase secrets set` (README.md, "Dose reminders"); the local stack makes its own at
// first start and keeps them beside its data folder (supabase/local/reminder-secrets-file.ts).

export interface ReminderSecrets {
  /** base64url uncompressed P-256 point: the applicationServerKey of every subscription */
  vapidPublicKey: string;
  /** base64url 32-byte scalar (the format of `npx web-push generate-vapid-keys`) */
  vapidPrivateKey: string;
  /** a mailto: address or https: URL of the pharmacy (Apple refuses anything else) */
  vapidSubject: string;
  /** HMAC key of the reminder tokens, at least 32 bytes */
  tokenSecret: string;
  /** the bearer the scheduler sends to doseReminders */
  schedulerSecret: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:rezepte@rezeptpost.ch';

/**
 * The secrets from environment variables VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT
 * (default the pharmacy's desk), REMINDER_TOKEN_SECRET and REMINDER_SCHEDULER_SECRET; null when
 * any but the subject is missing (reminders are then off: the functions answer 503).
 */
export function reminderSecretsFromVariables(get: (name: string) => string | undefined): ReminderSecrets | null {
  const vapidPublicKey = get('VAPID_PUBLIC_KEY');
  const vapidPrivateKey = get('VAPID_PRIVATE_KEY');
  const tokenSecret = get('REMINDER_TOKEN_SECRET');
  const schedulerSecret = get('REMINDER_SCHEDULER_SECRET');
  if (!vapidPublicKey || !vapidPrivateKey || !tokenSecret || !schedulerSecret) return null;
  return { vapidPublicKey, vapidPrivateKey, vapidSubject: get('VAPID_SUBJECT') || DEFAULT_VAPID_SUBJECT, tokenSecret, schedulerSecret };
}
