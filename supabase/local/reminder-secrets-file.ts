// The local stack's development secrets of the dose reminders (issue 28): a VAPID key pair, the
// capability tokens' key and the scheduler's secret, made at the first start and kept beside the
// data folder (`<folder>.web-push.json`, like its lock file), so the browsers' subscriptions
// (made with the public key) keep working across restarts. An in-memory or PostgreSQL stack
// makes a fresh set per start. Variables (config.ts) win over the file.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_VAPID_SUBJECT, type ReminderSecrets } from '../functions/_shared/reminder-secrets.ts';
import { generateVapidKeys } from '../functions/_shared/web-push/vapid.ts';

const secret = () => randomBytes(32).toString('base64url');

export async function newReminderSecrets(): Promise<ReminderSecrets> {
  const vapid = await generateVapidKeys();
  return { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey, vapidSubject: DEFAULT_VAPID_SUBJECT, tokenSecret: secret(), schedulerSecret: secret() };
}

const isSecrets = (value: unknown): value is ReminderSecrets =>
  !!value &&
  typeof value === 'object' &&
  ['vapidPublicKey', 'vapidPrivateKey', 'vapidSubject', 'tokenSecret', 'schedulerSecret'].every((k) => typeof (value as Record<string, unknown>)[k] === 'string');

/** The secrets kept for the data folder `dataDir` (made and written when there are none); fresh ones for null. */
export async function localReminderSecrets(dataDir: string | null): Promise<ReminderSecrets> {
  if (dataDir === null) return newReminderSecrets();
  const file = `${resolve(dataDir)}.web-push.json`;
  if (existsSync(file)) {
    const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isSecrets(kept)) return kept;
  }
  const made = await newReminderSecrets();
  writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  return made;
}
