// The dose reminders' secrets of the end-to-end stack (playwright.config.ts hands them to it as
// variables), so a test can run the sender on a fake clock with the stack's own VAPID keys and
// token key. Test-only keys: never a project's.
export const E2E_REMINDER_SECRETS = {
  vapidPublicKey: 'BDD--bu4h_cOiMO_Yl0768FR7tEtxRFzwVNTWJfGubR5BisDKzP0R6KcLHmfpYlCpi0PlKX-R4chEGf-hnGBK7A',
  vapidPrivateKey: 'Pcbhs3Y6wWetQ3_nQzqAZDk_AdySyhCB6Zh4NAFzBfM',
  vapidSubject: 'mailto:rezepte@rezeptpost.ch',
  tokenSecret: 'e2e-reminder-token-secret-0123456789abcdef',
  schedulerSecret: 'e2e-reminder-scheduler-secret',
} as const;

/** As environment variables of the stack (supabase/functions/_shared/reminder-secrets.ts). */
export const E2E_REMINDER_ENV = {
  VAPID_PUBLIC_KEY: E2E_REMINDER_SECRETS.vapidPublicKey,
  VAPID_PRIVATE_KEY: E2E_REMINDER_SECRETS.vapidPrivateKey,
  VAPID_SUBJECT: E2E_REMINDER_SECRETS.vapidSubject,
  REMINDER_TOKEN_SECRET: E2E_REMINDER_SECRETS.tokenSecret,
  REMINDER_SCHEDULER_SECRET: E2E_REMINDER_SECRETS.schedulerSecret,
  // the tests send on their own clock; a timer on the real one would add reminders they do not expect
  REMINDER_INTERVAL_S: '0',
  // the endpoints are the stand-in push service's, on 127.0.0.1 (issue 37: a test mode only)
  ALLOW_LOOPBACK_PUSH: 'true',
};
